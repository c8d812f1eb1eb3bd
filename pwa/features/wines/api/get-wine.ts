import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wine, WineDetail } from '../../../../api/contract/wines';
import { apiGet } from '../../../lib/api-client';
import { db } from '../../../lib/db';
import { readThrough } from '../../../lib/offline-read';

/**
 * GET /api/wines/{id} — one public wine with its published reviews counted (WineDetail); a visited wine stays readable
 * offline (the device keeps it as a Wine; older copies may lack the counts).
 */
export function getWine(id: string): Promise<Wine | WineDetail> {
  return readThrough<Wine | WineDetail>({
    fetchFresh: () => apiGet<WineDetail>(`/api/wines/${encodeURIComponent(id)}`),
    save: (wine) => db.wines.put({ id: wine.id, wine, savedAt: Date.now() }),
    loadSaved: async () => (await db.wines.get(id))?.wine,
  });
}

// A failed read is not tried again when the page mounts (the query's own retries have run): a page rendered on the
// server with 'Vin hittades inte' shows the same in the browser.
export const wineQueryOptions = (id: string) => queryOptions({ queryKey: ['wine', id], queryFn: () => getWine(id), retryOnMount: false });

/** One wine by id (ApiError 404 when it does not exist or is not public). */
export function useWine(id: string) {
  return useQuery(wineQueryOptions(id));
}
