import { SWEDISH_MONTH_NAMES } from '../../../../api/contract/admin-slider';

/** A month as the slider admin writes it: 'november 2026' (month 1–12). */
export const monthText = (year: number, month: number): string => `${SWEDISH_MONTH_NAMES[month - 1]} ${year}`;
