import type { WineCategory } from '../../../../api/contract/constants';
import type { ApprovalStatus } from '../../../../api/contract/enums';

/** The category names the public site uses (spec 000 §3: NYLANSERAD is shown as 'Aktuella vintips'). */
export const CATEGORY_LABELS: Readonly<Record<WineCategory, string>> = {
  FYND: 'Fynd',
  NYLANSERAD: 'Aktuella vintips',
  FOLKETS_VAL: 'Folkets val',
};

/** The approval status labels of spec 001 §4. */
export const STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  draft: 'Utkast',
  pending: 'Väntar',
  approved: 'Godkänd',
  rejected: 'Avvisad',
};
