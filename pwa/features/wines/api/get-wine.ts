import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Wine } from '../../../../api/contract/wines';
import { apiGet } from '../../../lib/api-client';
import { db } from '../../../lib/db';
import { readThrough } from '../../../lib/offline-read';

/** GET /api/wines/{id} — one public wine; a visited wine stays readable offline. */
export function getWine(id: string): Promise<Wine> {
  return readThrough({
    fetchFresh: () => apiGet<Wine>(`/api/wines/${encodeURIComponent(id)}`),
    save: (wine) => db.wines.put({ id: wine.id, wine, savedAt: Date.now() }),
    loadSaved: async () => (await db.wines.get(id))?.wine,
  });
}

export const wineQueryOptions = (id: string) => queryOptions({ queryKey: ['wine', id], queryFn: () => getWine(id) });

/** One wine by id (ApiError 404 when it does not exist or is not public). */
export function useWine(id: string) {
  return useQuery(wineQueryOptions(id));
}
