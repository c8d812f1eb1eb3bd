import { useQuery } from '@tanstack/react-query';
import type { PageContent } from '../../../../api/contract/admin-content';
import type { Article, ArticleInput, ArticleSummary, PageContentUpdate } from '../../../../api/contract/content';
import { CONTENT_MESSAGES } from '../../../../api/contract/content-rules';
import { apiRequest } from '../../../lib/api-client';
import { adminQueryOptions, adminRawQueryOptions, useAdminMutation } from '../api/admin-query';
import { CONTENT_QUERY_KEY } from '../../../lib/api/content';

// Reads and writes of the page editor, the article editor and the content tab's articles list (spec 001 §2
// 'Page editor', 'Article editor', §7).

export const PAGE_CONTENTS_URL = '/api/admin/page-contents';
export const ADMIN_ARTICLES_URL = '/api/admin/articles';

const articleUrl = (id: string) => `${ADMIN_ARTICLES_URL}/${encodeURIComponent(id)}`;

/**
 * The page with this pageId (GET /api/admin/page-contents?pageId=…): the page, or null when there is none. Its
 * key starts with the list's, so a save that refreshes the list refreshes the editor too.
 */
export function usePageContent(pageId: string) {
  return useQuery({
    ...adminQueryOptions<PageContent[]>(`${PAGE_CONTENTS_URL}?pageId=${encodeURIComponent(pageId)}`, [PAGE_CONTENTS_URL, { pageId }]),
    select: (pages: PageContent[]) => pages.find((p) => p.pageId === pageId) ?? null,
  });
}

/**
 * Saves a page (PUT /api/admin/page-contents/{id}): `{title, blocks}` from the builder or `{title, content}` from
 * the HTML editor. Toast 'Sidan har uppdaterats', or the destructive 'Fel vid uppdatering' with the server's
 * message; the page lists and the public page are read again.
 */
export function useSavePage() {
  return useAdminMutation<{ id: string; pageId: string; body: PageContentUpdate }, PageContent>({
    request: ({ id, body }) => apiRequest<PageContent>('PUT', `${PAGE_CONTENTS_URL}/${encodeURIComponent(id)}`, body),
    invalidates: [[PAGE_CONTENTS_URL], CONTENT_QUERY_KEY],
    success: CONTENT_MESSAGES.pageUpdated,
    failure: { title: CONTENT_MESSAGES.updateFailed, fallback: 'Sidan kunde inte sparas. Försök igen.' },
  });
}

/** Every article, newest first, published or not (GET /api/admin/articles, unwrapped `items`). */
export function useAdminArticles() {
  return useQuery(adminQueryOptions<ArticleSummary[]>(ADMIN_ARTICLES_URL));
}

/** One article with its content and blocks (GET /api/admin/articles/{id}); asks only when there is an id (editing). */
export function useAdminArticle(id: string | undefined) {
  return useQuery({ ...adminRawQueryOptions<Article>(articleUrl(id ?? ''), [ADMIN_ARTICLES_URL, id]), enabled: Boolean(id) });
}

/** What a saved article changes: the admin's lists and the public ones. */
const ARTICLE_KEYS = [[ADMIN_ARTICLES_URL], CONTENT_QUERY_KEY];

/** Creates an article (POST /api/admin/articles): toast 'Artikel skapad', or the destructive 'Fel vid skapande'. */
export function useCreateArticle(onCreated: (article: Article) => void) {
  return useAdminMutation<ArticleInput, Article>({
    request: (body) => apiRequest<Article>('POST', ADMIN_ARTICLES_URL, body),
    invalidates: ARTICLE_KEYS,
    success: CONTENT_MESSAGES.articleCreated,
    failure: { title: CONTENT_MESSAGES.createFailed, fallback: 'Artikeln kunde inte skapas. Försök igen.' },
    onSuccess: onCreated,
  });
}

/** Updates an article (PUT /api/admin/articles/{id}): toast 'Artikel uppdaterad', or the destructive 'Fel vid uppdatering'. */
export function useUpdateArticle(onSaved: (article: Article) => void) {
  return useAdminMutation<{ id: string; body: ArticleInput }, Article>({
    request: ({ id, body }) => apiRequest<Article>('PUT', articleUrl(id), body),
    invalidates: ARTICLE_KEYS,
    success: CONTENT_MESSAGES.articleUpdated,
    failure: { title: CONTENT_MESSAGES.updateFailed, fallback: 'Artikeln kunde inte sparas. Försök igen.' },
    onSuccess: onSaved,
  });
}

/** Deletes an article (DELETE /api/admin/articles/{id}): toast 'Artikeln borttagen', or 'Borttagning misslyckades'. */
export function useDeleteArticle() {
  return useAdminMutation<string, { id: string; deleted: true }>({
    request: (id) => apiRequest<{ id: string; deleted: true }>('DELETE', articleUrl(id)),
    invalidates: ARTICLE_KEYS,
    success: 'Artikeln borttagen',
    failure: { title: 'Borttagning misslyckades', fallback: 'Artikeln kunde inte tas bort. Försök igen.' },
  });
}
