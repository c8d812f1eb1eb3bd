import { XMLBuilder } from 'fast-xml-parser';
import { type SitemapEntry, absoluteUrl } from '../contract/seo';

/** The address of the sitemap, as robots.txt names it. */
export const SITEMAP_PATH = '/sitemap.xml';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });

/**
 * A sitemap's <lastmod> in W3C Datetime (sitemaps.org protocol): a moment to the second in UTC
 * ('2026-11-25T01:36:25Z'), a day as it is ('2026-11-24').
 */
export function w3cDatetime(lastmod: Date | string): string {
  return lastmod instanceof Date ? lastmod.toISOString().replace(/\.\d{3}Z$/, 'Z') : lastmod;
}

/**
 * The sitemap (sitemaps.org 0.9) of `entries`: one <url> each with its absolute <loc> (`origin`, PUBLIC_URL, joined
 * to the path) and, when known, its <lastmod> (w3cDatetime). Built and escaped by fast-xml-parser's XMLBuilder.
 * A sitemap holds at most 50,000 addresses; the site has a few thousand (docs/seo.md 'Sitemap').
 *
 * @throws Error for an entry whose path is not a site path (a programming error: the paths are built, never input)
 */
export function presentSitemapXml(entries: readonly SitemapEntry[], origin: string): string {
  const url = entries.map((entry) => {
    const loc = entry.path.startsWith('/') ? absoluteUrl(origin, entry.path) : null;
    if (!loc) throw new Error(`sitemap: '${entry.path}' is not a site path`);
    return entry.lastmod === null ? { loc } : { loc, lastmod: w3cDatetime(entry.lastmod) };
  });
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    urlset: { '@_xmlns': 'http://www.sitemaps.org/schemas/sitemap/0.9', url },
  });
}

/**
 * Paths under /api/ crawlers may fetch: the uploaded images and the medal drawings the pages show, and the public
 * reads the pages render from while they render in the browser (a crawler that runs the page's script needs them;
 * docs/seo.md 'robots.txt').
 */
export const ROBOTS_ALLOWED_API = [
  '/api/images/',
  '/api/medal-designs',
  '/api/wines',
  '/api/slider-wines',
  '/api/expert-reviews/featured',
  '/api/pages/',
  '/api/articles',
  '/api/settings/public',
] as const;

/**
 * Paths no crawler should visit: the rest of the API, the admin area and the partner portal (each rule is a prefix,
 * so '/admin' covers /admin-login, /admin-new, /admin/…, and '/partner' /partner-login, /partner-register,
 * /partner/…), a member's own pages, the password reset and the development identity provider.
 */
export const ROBOTS_DISALLOWED = ['/api/', '/admin', '/partner', '/settings', '/mina-recensioner', '/reset-password', '/oidc'] as const;

/**
 * robots.txt (RFC 9309) for every crawler: the public site allowed, ROBOTS_DISALLOWED refused (the longer, more
 * specific ROBOTS_ALLOWED_API win over '/api/'), and the sitemap's absolute address.
 */
export function presentRobotsTxt(origin: string): string {
  return [
    '# Vinpressen: the public pages are open to every crawler; the admin area, the partner portal, account pages and',
    '# the API are not (docs/seo.md).',
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_ALLOWED_API.map((p) => `Allow: ${p}`),
    ...ROBOTS_DISALLOWED.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${absoluteUrl(origin, SITEMAP_PATH)}`,
    '',
  ].join('\n');
}
