import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Article, ArticleSummary, PublicPage } from '../../../api/contract/content';
import type { WineCategory } from '../../../api/contract/constants';
import type { WineSummary } from '../../../api/contract/wines';
import { ApiError, apiGet, apiRequest } from '../api-client';
import { useWinesByIds } from './get-wines';

/** The CMS page of each category's list page (/aktuella-viner, /fynd, /folkets-val): its intro and content. */
export const LIST_CMS_PAGE: Record<WineCategory, string> = { NYLANSERAD: 'nya-viner', FYND: 'fynd', FOLKETS_VAL: 'folkets-val' };

/** The public content's query keys; the admin's editors invalidate `CONTENT_QUERY_KEY` after a save. */
export const CONTENT_QUERY_KEY = ['content'] as const;
export const publicPageKey = (pageId: string) => [...CONTENT_QUERY_KEY, 'page', pageId] as const;
export const articlesKey = [...CONTENT_QUERY_KEY, 'articles'] as const;
export const articleKey = (slug: string) => [...CONTENT_QUERY_KEY, 'article', slug] as const;

/**
 * GET /api/pages/{pageId} — an active CMS page (title, sanitised HTML, the builder's blocks or null), or null when
 * the page is missing or inactive (404). @throws ApiError for other failures, TypeError when offline.
 */
export async function getPublicPage(pageId: string): Promise<PublicPage | null> {
  try {
    return await apiRequest<PublicPage>('GET', `/api/pages/${encodeURIComponent(pageId)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}

/**
 * An active CMS page by pageId ('om-oss', 'fynd', 'artiklar', …); `data` is null when there is none to show. Not
 * retried: every page that asks has its own text to show meanwhile or instead.
 */
export const publicPageQueryOptions = (pageId: string) =>
  queryOptions({ queryKey: publicPageKey(pageId), queryFn: () => getPublicPage(pageId), retry: false });

/** An active CMS page by pageId (publicPageQueryOptions). */
export function usePublicPage(pageId: string) {
  return useQuery(publicPageQueryOptions(pageId));
}

/** GET /api/articles — the published articles, newest first, without their content. */
export const articlesQueryOptions = () => queryOptions({ queryKey: articlesKey, queryFn: () => apiGet<ArticleSummary[]>('/api/articles') });

/** The published articles (articlesQueryOptions). */
export function useArticles() {
  return useQuery(articlesQueryOptions());
}

/**
 * GET /api/articles/{slug} — one published article with its content and blocks (an admin also gets drafts, for
 * 'Förhandsgranska'). A missing or unpublished article fails with ApiError 404.
 */
export const articleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: articleKey(slug),
    queryFn: () => apiRequest<Article>('GET', `/api/articles/${encodeURIComponent(slug)}`),
    // As the wine's (pwa/features/wines/api/get-wine.ts): a missing article stays missing when the page mounts.
    retryOnMount: false,
  });

/** One published article by slug (articleQueryOptions). */
export function useArticle(slug: string) {
  return useQuery(articleQueryOptions(slug));
}

/**
 * The wines of a wine showcase (GET /api/wines?ids=…) as card summaries in the order the editor chose; wines that
 * are unknown or not public are left out. Nothing is fetched for an empty list.
 */
export function useShowcaseWines(wineIds: readonly string[]) {
  const ids = [...new Set(wineIds)];
  const query = useWinesByIds(ids);
  const wines: WineSummary[] | undefined = query.data
    ? ids.map((id) => query.data.find((w) => w.id === id)).filter((w): w is WineSummary => w !== undefined)
    : undefined;
  return { ...query, data: wines };
}
