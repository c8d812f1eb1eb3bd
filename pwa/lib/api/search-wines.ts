import type { WineSearchInput, WineSearchPage } from '../../../api/contract/wine-search';
import { apiRequest, isNetworkError } from '../api-client';

/**
 * The query string of a search (api/contract/wine-search.ts WineSearchQuery): each field once, a list as the
 * parameter repeated (`type=red&type=white`), in the order of `input`'s keys; undefined, null, '' and empty lists
 * are left out. Numbers as written (SEK, kr/l, ml, 1–5), flags as 'true'.
 */
export function wineSearchParams(input: WineSearchInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one === undefined || one === null || one === '') continue;
      params.append(key, String(one));
    }
  }
  return params;
}

/** A page of the search, and whether the device answered it from its catalogue copy (offline). */
export type WineSearchResult = WineSearchPage & { fromDevice: boolean };

/**
 * GET /api/wines/search — one page of the public catalogue matching `input` (limit and offset included): the
 * cards, the total, each filter's per-value counts (`facets`) and the price ranges (SEK, kr/l) of the matches.
 * The one network call of 'Hitta ett vin'. When the network is unreachable, the device's catalogue copy answers the
 * same search (pwa/lib/catalogue/search.ts, loaded then) with `fromDevice: true`.
 * @throws ApiError on a non-OK answer (400 with a Swedish message for a bad parameter); the network error when
 *   offline without a usable catalogue copy on the device.
 */
export async function searchWines(input: WineSearchInput): Promise<WineSearchResult> {
  const query = wineSearchParams(input).toString();
  try {
    return { ...(await apiRequest<WineSearchPage>('GET', `/api/wines/search${query ? `?${query}` : ''}`)), fromDevice: false };
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    // No copy on the device (or no IndexedDB): the reader is told they are offline, as without the fallback.
    const page = await import('../catalogue/search').then((m) => m.searchCatalogueOffline(input)).catch(() => undefined);
    if (!page) throw err;
    return { ...page, fromDevice: true };
  }
}
