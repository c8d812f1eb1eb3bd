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

/** Why a client-chosen wine id is refused (partner REST create and the offline sync). */
export const CLIENT_WINE_ID_MESSAGE = 'Ogiltigt vin-id: ett nytt vin får ett slumpat UUID (version 4).';

/**
 * Whether `id` may name a wine a client creates (the partner form's offline drafts): only a random UUID (version 4, as
 * crypto.randomUUID() makes them). The importer's ids are version 5 (wineIdForProductNumber), so a client can never
 * take the id of a wine a later import brings.
 */
export function isClientWineId(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id);
}
