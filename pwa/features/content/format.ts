import { formatDate } from '../../lib/dates';

// How the public site writes an article's author and dates.

/** The author as the site names them: the default author 'admin' is the editorial team; any other name as typed. */
export function articleAuthor(authorId: string): string {
  const name = authorId.trim();
  return !name || name.toLowerCase() === 'admin' ? 'Vinpressens redaktion' : name;
}

/** An ISO time as a Swedish date in Stockholm time (pwa/lib/dates.ts), e.g. '3 mars 2026'; '' for none or a bad value. */
export function formatArticleDate(iso: string | null): string {
  return formatDate(iso, { dateStyle: 'long' });
}

/** The article's description for search results and link previews: its excerpt, else a line naming it. */
export function articleDescription(article: { title: string; excerpt: string }): string {
  return article.excerpt.trim() || `${article.title} – en artikel från Vinpressen.`;
}
