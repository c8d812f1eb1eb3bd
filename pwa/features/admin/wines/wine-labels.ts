import type { WineSource } from '../../../../api/contract/enums';

// Swedish names the admin screens show for a wine's enums (spec 001 §2, §3, §4); the categories' and approval
// states' labels are the contract's (WINE_CATEGORY_LABELS, APPROVAL_STATUS_LABELS).

/** Where a wine came from. */
export const SOURCE_LABELS: Readonly<Record<WineSource, string>> = {
  systembolaget: 'Systembolaget',
  admin: 'Redaktionen',
  partner: 'Partner',
};

/** The five taste scales (1–5 or null), labelled as on the public wine page's 'Smakprofil'. */
export const TASTE_SCALES = [
  { key: 'sweetness', label: 'Sötma' },
  { key: 'acidity', label: 'Syra' },
  { key: 'body', label: 'Fyllighet' },
  { key: 'tannins', label: 'Strävhet' },
  { key: 'fruity', label: 'Fruktighet' },
] as const;
export type TasteKey = (typeof TASTE_SCALES)[number]['key'];

/** The text of a 1–5 scale left empty (spec 001 §5: 'Ej angivet' = null). */
export const NOT_GIVEN = 'Ej angivet';
