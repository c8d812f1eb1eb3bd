import type { WineSource } from '../../../../api/contract/enums';

// Swedish names the admin screens show for a wine's enums (spec 001 §2, §3, §4); the categories', approval
// states' and taste scales' labels are the contract's (WINE_CATEGORY_LABELS, APPROVAL_STATUS_LABELS, TASTE_SCALES).

/** Where a wine came from. */
export const SOURCE_LABELS: Readonly<Record<WineSource, string>> = {
  systembolaget: 'Systembolaget',
  admin: 'Redaktionen',
  partner: 'Partner',
};

/** The text of a 1–5 scale left empty (spec 001 §5: 'Ej angivet' = null). */
export const NOT_GIVEN = 'Ej angivet';
