import type { Knex } from 'knex';
import { RECIPES, RECIPES_REVISION } from '../queries/recipes';
import { PUBLIC_STATIC_PATHS, type SitemapEntry, articlePath, recipePath, winePath } from '../contract/seo';
import { listSitemapArticles, listSitemapWines, sitemapSourceDates } from '../queries/sitemap';

type Moment = Date | string | null | undefined;
const time = (m: Moment) => (m == null ? Number.NEGATIVE_INFINITY : m instanceof Date ? m.getTime() : Date.parse(`${m}T00:00:00Z`));

/** The latest of `moments` as given (a Date or a day), or null when none is known. */
function newest(...moments: Moment[]): Date | string | null {
  return moments.reduce<Date | string | null>((best, m) => (m != null && time(m) > time(best) ? m : best), null);
}

/**
 * Every page search engines should know (docs/seo.md 'Sitemap'), in this order: the static public pages
 * (PUBLIC_STATIC_PATHS), every public wine (approved; 'Utgått' ones too, as they keep their page), every built-in
 * recipe, every published article. A page's lastmod is when what it shows last changed:
 * - a wine or an article: its row's updated_at; a recipe: RECIPES_REVISION.updatedOn;
 * - the wine lists ('/', '/fynd', '/aktuella-viner', '/folkets-val', '/viner'): the newest public wine, with the
 *   slider for '/' and the list's CMS intro (page ids fynd, nya-viner, folkets-val);
 * - '/recept' and '/artiklar': the recipes' revision or the newest article, with their CMS intro; '/om-oss' its CMS
 *   page; '/medals' the newest medal design.
 * Reads only; no transaction (each list is consistent in itself, and a sitemap a moment old is harmless).
 */
export async function listSitemapEntries(db: Knex): Promise<SitemapEntry[]> {
  const [wines, articles, dates] = await Promise.all([listSitemapWines(db), listSitemapArticles(db), sitemapSourceDates(db)]);
  const page = (id: string) => dates.pages[id];
  const staticLastmod: Record<(typeof PUBLIC_STATIC_PATHS)[number], Date | string | null> = {
    '/': newest(dates.wines, dates.slider),
    '/fynd': newest(dates.wines, page('fynd')),
    '/aktuella-viner': newest(dates.wines, page('nya-viner')),
    '/folkets-val': newest(dates.wines, page('folkets-val')),
    '/viner': newest(dates.wines),
    '/recept': newest(RECIPES_REVISION.updatedOn, page('recept')),
    '/artiklar': newest(dates.articles, page('artiklar')),
    '/om-oss': newest(page('om-oss')),
    '/medals': newest(dates.medals),
  };
  return [
    ...PUBLIC_STATIC_PATHS.map((path) => ({ path, lastmod: staticLastmod[path] })),
    ...wines.map((w) => ({ path: winePath(w), lastmod: w.updated_at })),
    ...RECIPES.map((r) => ({ path: recipePath(r), lastmod: RECIPES_REVISION.updatedOn })),
    ...articles.map((a) => ({ path: articlePath(a), lastmod: a.updated_at })),
  ];
}
