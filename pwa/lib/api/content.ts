import { useQuery } from '@tanstack/react-query';
import type { Article, ArticleSummary, PublicPage } from '../../../api/contract/content';
import type { WineSummary } from '../../../api/contract/wines';
import { ApiError, apiGet, apiRequest } from '../api-client';
import { useWinesByIds } from './get-wines';

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
export function usePublicPage(pageId: string) {
  return useQuery({ queryKey: publicPageKey(pageId), queryFn: () => getPublicPage(pageId), retry: false });
}

/** GET /api/articles — the published articles, newest first, without their content. */
export function useArticles() {
  return useQuery({ queryKey: articlesKey, queryFn: () => apiGet<ArticleSummary[]>('/api/articles') });
}

/**
 * GET /api/articles/{slug} — one published article with its content and blocks (an admin also gets drafts, for
 * 'Förhandsgranska'). A missing or unpublished article fails with ApiError 404.
 */
export function useArticle(slug: string) {
  return useQuery({ queryKey: articleKey(slug), queryFn: () => apiRequest<Article>('GET', `/api/articles/${encodeURIComponent(slug)}`) });
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
