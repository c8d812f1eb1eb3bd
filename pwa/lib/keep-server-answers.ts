import type { DehydratedState, InfiniteData } from '@tanstack/react-query';
import type { WineCategory } from '../../api/contract/constants';
import type { Recipe } from '../../api/contract/recipes';
import type { ExpertReview } from '../../api/contract/reviews';
import type { SliderItem, Wine, WinePage } from '../../api/contract/wines';
import { RECIPES_KEY } from './api/get-recipes';
import { EXPERT_KEY } from './api/get-reviews';
import { SLIDER_KEY } from './api/get-slider';
import { WINE_PAGE_SIZE, winePageUrl, winesByIdsUrl } from './api/get-wines';
import type { CachedList, CachedWine } from './db';
import { loadDeviceDb } from './offline-read';

type Rows = { wines: CachedWine[]; lists: CachedList[] };

/**
 * The device rows of one answer a server-rendered page came with, as the browser's own reads store them (their
 * readThrough `save`): a wine read whole (['wine', id]), a category's first page or pages, specific wines by id, the
 * slider, the expert reviews, the recipes. Other answers (CMS pages, articles, searches) are not kept on the device by the
 * browser's reads either.
 */
function rowsOf(queryKey: readonly unknown[], data: unknown, savedAt: number): Rows {
  const rows: Rows = { wines: [], lists: [] };
  const [head, second, third] = queryKey as [unknown, unknown, unknown];
  if (head === 'wine' && typeof second === 'string' && queryKey.length === 2) {
    rows.wines.push({ id: second, wine: data as Wine, savedAt });
  } else if (head === 'wines' && second === 'infinite' && third && typeof third === 'object' && 'category' in third) {
    const { pages, pageParams } = data as InfiniteData<WinePage, number>;
    const category = (third as { category: WineCategory }).category;
    pages.forEach((winePage, i) =>
      rows.lists.push({ key: winePageUrl(category, { limit: WINE_PAGE_SIZE, offset: pageParams[i] ?? 0 }), winePage, savedAt }),
    );
  } else if (head === 'wines' && second && typeof second === 'object' && 'category' in second && queryKey.length === 2) {
    const { category, limit } = second as { category: WineCategory; limit: number };
    rows.lists.push({ key: winePageUrl(category, { limit, offset: 0 }), winePage: data as WinePage, savedAt });
  } else if (head === 'wines' && second && typeof second === 'object' && 'ids' in second && queryKey.length === 2) {
    rows.lists.push({ key: winesByIdsUrl((second as { ids: string[] }).ids), winePage: data as WinePage, savedAt });
  } else if (head === 'slider-wines' && queryKey.length === 1) {
    rows.lists.push({ key: SLIDER_KEY, slider: data as SliderItem[], savedAt });
  } else if (head === 'expert-reviews' && second === 'featured') {
    rows.lists.push({ key: EXPERT_KEY, expertReviews: data as ExpertReview[], savedAt });
  } else if (head === 'recipes' && queryKey.length === 1) {
    rows.lists.push({ key: RECIPES_KEY, recipes: data as Recipe[], savedAt });
  }
  return rows;
}

/**
 * Keeps the answers a server-rendered page came with on the device (docs/ssr.md 'Offline'), so the page reads
 * offline later as if the browser had fetched them itself (pwa/lib/offline-read.ts). Run after the page has loaded:
 * the device database's code is not part of the first download. Failures (private mode, quota) are ignored.
 */
export async function keepServerAnswers(state: DehydratedState): Promise<void> {
  const rows: Rows = { wines: [], lists: [] };
  for (const query of state.queries) {
    if (query.state.status !== 'success' || query.state.data === undefined) continue;
    const found = rowsOf(query.queryKey, query.state.data, query.state.dataUpdatedAt);
    rows.wines.push(...found.wines);
    rows.lists.push(...found.lists);
  }
  if (!rows.wines.length && !rows.lists.length) return;
  try {
    const db = await loadDeviceDb();
    await db.transaction('rw', db.wines, db.lists, async () => {
      await db.wines.bulkPut(rows.wines);
      await db.lists.bulkPut(rows.lists);
    });
  } catch {
    // Reading online goes on without the device copy.
  }
}
