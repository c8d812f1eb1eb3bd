import { isSafeLink } from './link-rules';

// The public addresses search engines are given (docs/seo.md): the sitemap lists them, the JSON-LD of
// api/contract/structured-data.ts links to them, and the server-rendered pages use the same paths. No zod here: the
// PWA's server-rendered pages import this file at run time.

/**
 * The public pages that are not one wine, recipe or article, in the order the sitemap lists them (spec 000 §2
 * 'Routing overview'): the home page, the three lists, the whole catalogue, recipes, articles, about and the medals.
 */
export const PUBLIC_STATIC_PATHS = ['/', '/fynd', '/aktuella-viner', '/folkets-val', '/viner', '/recept', '/artiklar', '/om-oss', '/medals'] as const;

/**
 * One page of the sitemap: its site path and when it last changed — a moment, a day ('YYYY-MM-DD', the recipes'
 * revision) or null when nothing tells.
 */
export interface SitemapEntry {
  path: string;
  lastmod: Date | string | null;
}

/** The site's own name, as the masthead writes it. */
export const SITE_NAME = 'Vinpressen';

/** A wine's page: `/wine/{id}` (api/contract/site-routes.ts). */
export function winePath(wine: { id: string }): string {
  return `/wine/${wine.id}`;
}

/** A recipe's page: `/recept/{id}` (the id is a kebab-case ASCII slug, api/contract/recipes.ts RecipeId). */
export function recipePath(recipe: { id: string }): string {
  return `/recept/${recipe.id}`;
}

/** An article's page: `/artiklar/{slug}` (the slug rule of api/contract/content.ts ArticleSlugParams). */
export function articlePath(article: { slug: string }): string {
  return `/artiklar/${article.slug}`;
}

/**
 * `pathOrUrl` as an absolute address: a site path ('/fynd', '/api/images/…') joined to `origin` (PUBLIC_URL, without a
 * trailing slash, e.g. 'https://vinpressen.se'); an absolute http(s) URL as it is; null for anything else (an empty
 * value, '//host', a relative path, another scheme), so nothing unsafe reaches a sitemap or the JSON-LD
 * (api/contract/link-rules.ts decides what is safe).
 */
export function absoluteUrl(origin: string, pathOrUrl: string | null | undefined): string | null {
  if (!pathOrUrl || !isSafeLink(pathOrUrl, { schemes: ['http:', 'https:'] })) return null;
  return pathOrUrl.startsWith('/') ? `${origin.replace(/\/+$/, '')}${pathOrUrl}` : pathOrUrl;
}

/** Characters that must not appear as themselves inside a <script> element's text, with their JSON escapes. */
const SCRIPT_UNSAFE: Readonly<Record<string, string>> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * `value` as the text of a `<script>` data element (the JSON-LD of api/contract/structured-data.ts, the server-rendered
 * page's data block of pwa/lib/ssr-state.ts): JSON in which '<', '>' and '&' are written as \u003c, \u003e and
 * \u0026 (so no text, e.g. a wine named '</script><script>…', can end the element or open a comment), and U+2028 and
 * U+2029 as escapes too (line breaks to older JavaScript parsers). JSON.parse gives back exactly `value`.
 */
export function jsonScriptText(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => SCRIPT_UNSAFE[c]!);
}
