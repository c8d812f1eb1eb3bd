import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WineCategory } from '../../../../api/contract/constants';
import type { Wine } from '../../../../api/contract/wines';
import { apiGet } from '../../../lib/api-client';
import { db } from '../../../lib/db';
import { readThrough } from '../../../lib/offline-read';

async function saveWines(key: string, wines: Wine[]) {
  const now = Date.now();
  await db.transaction('rw', db.wines, db.lists, async () => {
    await db.wines.bulkPut(wines.map((wine) => ({ id: wine.id, wine, savedAt: now })));
    await db.lists.put({ key, ids: wines.map((w) => w.id), savedAt: now });
  });
}

async function loadWines(key: string): Promise<Wine[] | undefined> {
  const list = await db.lists.get(key);
  if (!list?.ids) return undefined;
  const rows = await db.wines.bulkGet(list.ids);
  return rows.filter((r) => r !== undefined).map((r) => r.wine);
}

/** GET /api/wines?category=… — the public wines of one category (read offline from IndexedDB). */
export function getWinesByCategory(category: WineCategory): Promise<Wine[]> {
  const key = `/api/wines?category=${category}`;
  return readThrough({ fetchFresh: () => apiGet<Wine[]>(key), save: (w) => saveWines(key, w), loadSaved: () => loadWines(key) });
}

export const winesByCategoryQueryOptions = (category: WineCategory) =>
  queryOptions({ queryKey: ['wines', { category }], queryFn: () => getWinesByCategory(category) });

/** The public wines of a category: FYND, NYLANSERAD (Aktuella vintips) or FOLKETS_VAL. */
export function useWinesByCategory(category: WineCategory) {
  return useQuery(winesByCategoryQueryOptions(category));
}

/** GET /api/wines?ids=… — specific wines (e.g. a recipe's recommendations), in the order given. */
export function getWinesByIds(ids: readonly string[]): Promise<Wine[]> {
  const key = `/api/wines?ids=${ids.join(',')}`;
  return readThrough({
    fetchFresh: () => apiGet<Wine[]>(key),
    save: (w) => saveWines(key, w),
    loadSaved: async () => {
      const rows = await db.wines.bulkGet([...ids]);
      const found = rows.filter((r) => r !== undefined).map((r) => r.wine);
      return found.length ? found : undefined;
    },
  });
}

/** Specific wines by id; disabled for an empty list. */
export function useWinesByIds(ids: readonly string[]) {
  return useQuery({
    queryKey: ['wines', { ids: [...ids].sort() }],
    queryFn: () => getWinesByIds(ids),
    enabled: ids.length > 0,
  });
}
