import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { SITEMAP_PATH, presentRobotsTxt, presentSitemapXml } from '../../presenters/seo';
import { listSitemapEntries } from '../../services/sitemap';

/** As the public JSON answers (api/lib/router.ts sendCachedJson): anyone may keep it, but must revalidate (304). */
const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Sends `text` as `type` with the public cache headers and a weak ETag of it (the same for every content encoding). */
function sendPublicText(ctx: Context, type: string, text: string): void {
  ctx.set('Cache-Control', PUBLIC_CACHE_CONTROL);
  ctx.vary('Accept-Encoding');
  ctx.type = type;
  ctx.etag = `W/"${createHash('sha1').update(text).digest('base64url')}"`;
  ctx.body = text;
}

/**
 * The files search engines read at the site's root (docs/seo.md): /sitemap.xml, every public page with its last
 * change, and /robots.txt. Both are built from PUBLIC_URL (absolute addresses), never from the request's Host.
 */
export function seoRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: SITEMAP_PATH,
      summary:
        "The sitemap (sitemaps.org 0.9, application/xml): the static public pages, every public wine ('Utgått' too), recipe and published article, each with its lastmod",
      tags: ['seo'],
      responses: { 200: { description: 'The XML document (Cache-Control public, must-revalidate; weak ETag, 304 when unchanged)' } },
    },
    async (ctx) => {
      sendPublicText(ctx, 'application/xml; charset=utf-8', presentSitemapXml(await listSitemapEntries(ctx.db), ctx.publicUrl));
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/robots.txt',
      summary: 'robots.txt: the public site open to crawlers, the admin area, partner portal, account pages and API closed, and the sitemap',
      tags: ['seo'],
      responses: { 200: { description: 'The text file (Cache-Control public, must-revalidate; weak ETag)' } },
    },
    (ctx) => {
      sendPublicText(ctx, 'text/plain; charset=utf-8', presentRobotsTxt(ctx.publicUrl));
    },
  );
}
