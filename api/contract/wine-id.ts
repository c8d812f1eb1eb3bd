import { v5 as uuidv5 } from 'uuid';

/** UUID namespace for wines imported from Systembolaget's assortment (fixed forever: ids are public URLs). */
export const SYSTEMBOLAGET_WINE_NAMESPACE = 'a17ca76d-e733-40f2-b4af-03fbba39752a';

/**
 * The stable wine id (UUID v5) of a wine imported from Systembolaget.
 *
 * The same productNumber ("varunummer", e.g. "105501") always gives the same id, on every machine
 * and after every re-import, so /wine/{id} links and the built-in recipes' wine references never break.
 */
export function wineIdForProductNumber(productNumber: string): string {
  return uuidv5(`systembolaget:${productNumber}`, SYSTEMBOLAGET_WINE_NAMESPACE);
}
