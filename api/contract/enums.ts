import { z } from 'zod';
import { APPROVAL_STATUSES, WINE_CATEGORIES, WINE_SOURCES } from './constants';

export * from './constants';

export const WineCategory = z.enum(WINE_CATEGORIES);
export type WineCategory = z.infer<typeof WineCategory>;

export const ApprovalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

export const WineSource = z.enum(WINE_SOURCES);
export type WineSource = z.infer<typeof WineSource>;
