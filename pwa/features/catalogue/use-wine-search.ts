import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { WineSearchInput } from '../../../api/contract/wine-search';
import { nextWineOffset, WINE_PAGE_SIZE } from '../../lib/api/get-wines';
import { searchWines } from '../../lib/api/search-wines';

/**
 * The search of /viner page by page (24 wines at a time; `fetchNextPage()` adds the next while `hasNextPage`).
 * While a changed search loads, the previous answer stays on screen (`isPlaceholderData`), so the list and the
 * filters' counts don't blink at every tick of a checkbox.
 */
export function useWineSearch(search: WineSearchInput) {
  return useInfiniteQuery({ ...wineSearchQueryOptions(search), placeholderData: keepPreviousData });
}

/** The search `search` (the address's parameters, readSearch) 24 wines at a time: also rendered on the server. */
export const wineSearchQueryOptions = (search: WineSearchInput) =>
  infiniteQueryOptions({
    queryKey: ['wines', 'search', search],
    queryFn: ({ pageParam }) => searchWines({ ...search, limit: WINE_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: nextWineOffset,
  });
