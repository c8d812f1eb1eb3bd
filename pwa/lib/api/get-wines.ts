import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { WINE_PAGE_SIZE, type WineCategory } from '../../../api/contract/constants';
import type { WinePage, WineSummary } from '../../../api/contract/wines';
import { apiRequest } from '../api-client';
import { loadDeviceDb, readThrough } from '../offline-read';

/** Wines per page on the list pages: GET /api/wines' default page (api/contract/constants.ts). */
export { WINE_PAGE_SIZE };

/** Most ids GET /api/wines?ids= accepts in one call (api/contract/wines.ts). */
const MAX_IDS = 100;

/**
 * GETs one page of /api/wines and keeps it whole in IndexedDB under its exact URL (README 'Offline drafts').
 * `apiRequest`, not `apiGet`: the latter would unwrap `items` (spec 000 §7) and lose `total`.
 */
function readWinePage(url: string, loadFallback?: () => Promise<WinePage | undefined>): Promise<WinePage> {
  return readThrough({
    fetchFresh: () => apiRequest<WinePage>('GET', url),
    save: async (winePage) => (await loadDeviceDb()).lists.put({ key: url, winePage, savedAt: Date.now() }),
    loadSaved: async () => (await (await loadDeviceDb()).lists.get(url))?.winePage ?? (await loadFallback?.()),
  });
}

/** The API path of one page of a category (also the IndexedDB key of that page). */
export function winePageUrl(category: WineCategory, { limit, offset }: { limit: number; offset: number }): string {
  return `/api/wines?category=${category}&limit=${limit}&offset=${offset}`;
}

/**
 * GET /api/wines?category=…&limit=…&offset=… — one page of a category's public wines (card fields) and the
 * number of all of them (`total`), in the API's order. Read from the device when offline.
 */
export function getWinePage(category: WineCategory, page: { limit: number; offset: number }): Promise<WinePage> {
  return readWinePage(winePageUrl(category, page));
}

/** The API path of specific wines (at most 100, in this order), also the device's key of the answer. */
export function winesByIdsUrl(ids: readonly string[]): string {
  return `/api/wines?ids=${ids.slice(0, MAX_IDS).join(',')}`;
}

/** The first `limit` wines of a category (default one list page). */
export const winesByCategoryQueryOptions = (category: WineCategory, { limit = WINE_PAGE_SIZE }: { limit?: number } = {}) =>
  queryOptions({
    queryKey: ['wines', { category, limit }],
    queryFn: () => getWinePage(category, { limit, offset: 0 }),
  });

/**
 * The first page of a category: FYND, NYLANSERAD (Aktuella vintips) or FOLKETS_VAL. `data.items` are the
 * wines, `data.total` how many the category has. Home sections ask for LIMITS.homeSectionMaxWines (3).
 */
export function useWinesByCategory(category: WineCategory, options: { limit?: number } = {}) {
  return useQuery(winesByCategoryQueryOptions(category, options));
}

/** Offset of the page after `last`, or undefined when `last` was the final one. */
export function nextWineOffset(last: WinePage): number | undefined {
  const next = last.offset + last.items.length;
  // An empty page ends the list even if `total` says otherwise (wines withdrawn between two pages).
  return last.items.length > 0 && next < last.total ? next : undefined;
}

export const infiniteWinesByCategoryQueryOptions = (category: WineCategory) =>
  infiniteQueryOptions({
    queryKey: ['wines', 'infinite', { category }],
    queryFn: ({ pageParam }) => getWinePage(category, { limit: WINE_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: nextWineOffset,
  });

/**
 * A category's wines page by page (WINE_PAGE_SIZE = 24 at a time) for the list pages: `fetchNextPage()`
 * loads the next page while `hasNextPage`. Each page is kept on the device, so the pages seen stay
 * readable offline.
 */
export function useInfiniteWinesByCategory(category: WineCategory) {
  return useInfiniteQuery(infiniteWinesByCategoryQueryOptions(category));
}

/**
 * GET /api/wines?ids=… — specific wines (e.g. a recipe's recommendations, at most 100) in the order given.
 * Offline: the stored page, else the full wines this device has from detail visits.
 */
export function getWinesByIds(ids: readonly string[]): Promise<WinePage> {
  const wanted = ids.slice(0, MAX_IDS);
  return readWinePage(winesByIdsUrl(wanted), async () => {
    const rows = await (await loadDeviceDb()).wines.bulkGet([...wanted]);
    // A full Wine has every field of a WineSummary but the FYND line of the lists.
    const items: WineSummary[] = rows.filter((r) => r !== undefined).map((r) => ({ ...r.wine, fyndReason: null }));
    return items.length ? { items, total: items.length, limit: items.length, offset: 0 } : undefined;
  });
}

const pageItems = (page: WinePage): WineSummary[] => page.items;

/** Specific wines by id (getWinesByIds), the whole page. */
export const winesByIdsQueryOptions = (ids: readonly string[]) =>
  queryOptions({ queryKey: ['wines', { ids: [...ids] }], queryFn: () => getWinesByIds(ids) });

/** Specific wines by id, as summaries in the order given; disabled for an empty list. */
export function useWinesByIds(ids: readonly string[]) {
  return useQuery({ ...winesByIdsQueryOptions(ids), select: pageItems, enabled: ids.length > 0 });
}
