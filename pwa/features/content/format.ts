// How the public site writes an article's author and dates.

/** The author as the site names them: the default author 'admin' is the editorial team; any other name as typed. */
export function articleAuthor(authorId: string): string {
  const name = authorId.trim();
  return !name || name.toLowerCase() === 'admin' ? 'Vinpressens redaktion' : name;
}

/** An ISO time as a Swedish date in the reader's time zone, e.g. '3 mars 2026'; '' for none or a bad value. */
export function formatArticleDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('sv-SE', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** The article's description for search results and link previews: its excerpt, else a line naming it. */
export function articleDescription(article: { title: string; excerpt: string }): string {
  return article.excerpt.trim() || `${article.title} – en artikel från Vinpressen.`;
}
