import type { WineSearchInput, WineSearchPage } from '../../../api/contract/wine-search';
import { apiRequest } from '../api-client';

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

/**
 * GET /api/wines/search — one page of the public catalogue matching `input` (limit and offset included): the
 * cards, the total, each filter's per-value counts (`facets`) and the price ranges (SEK, kr/l) of the matches.
 * The one network call of 'Hitta ett vin'; the offline search answers here when the device has no connection.
 * @throws ApiError on a non-OK answer (400 with a Swedish message for a bad parameter); TypeError offline.
 */
export function searchWines(input: WineSearchInput): Promise<WineSearchPage> {
  const query = wineSearchParams(input).toString();
  return apiRequest<WineSearchPage>('GET', `/api/wines/search${query ? `?${query}` : ''}`);
}
