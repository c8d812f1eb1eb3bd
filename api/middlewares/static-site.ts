import fs from 'node:fs';
import path from 'node:path';
import escapeHtml from 'escape-html';
import type { Middleware, ParameterizedContext } from 'koa';
import send from 'koa-send';
import type { AppContext, AppState } from '../app-context';
import { isSiteRoute } from '../contract/site-routes';
import { findArticleBySlug } from '../queries/articles';

/** /artiklar/{slug} (the slug rule of api/contract/content.ts ArticleSlugParams). */
const ARTICLE_PATH = /^\/artiklar\/([a-z0-9-]{1,120})\/?$/;

/**
 * The <title>, description and Open Graph tags of a PUBLISHED article for link previews and crawlers that do not
 * run JavaScript; null for a draft or an unknown slug. Every value is escaped; addresses are absolute,
 * from PUBLIC_URL. The article page sets the same tags in the browser (pwa/features/content/article-page.tsx).
 */
async function articleHead(ctx: ParameterizedContext<AppState, AppContext>, slug: string): Promise<{ title: string; tags: string } | null> {
  const row = await findArticleBySlug(ctx.db, slug);
  if (!row?.is_published) return null;
  const site = ctx.publicUrl;
  // As the PWA writes them (pwa/features/content/format.ts articleDescription).
  const description = row.excerpt.trim() || `${row.title} – en artikel från Vinpressen.`;
  const src = row.featured_image_url;
  const image = src?.startsWith('/') ? `${site}${src}` : src?.startsWith('https://') ? src : `${site}/icons/icon-512.png`;
  const meta = (attr: 'name' | 'property', key: string, value: string) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    meta('name', 'description', description),
    meta('property', 'og:site_name', 'Vinpressen'),
    meta('property', 'og:locale', 'sv_SE'),
    meta('property', 'og:type', 'article'),
    meta('property', 'og:title', row.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', `${site}/artiklar/${row.slug}`),
    meta('property', 'og:image', image),
    ...(row.published_at ? [meta('property', 'article:published_time', row.published_at.toISOString())] : []),
  ].join('\n    ');
  return { title: `<title>${escapeHtml(`${row.title} – Vinpressen`)}</title>`, tags };
}

/** index.html with the article's title and tags in its head (the app shell's own title and description replaced). */
function withArticleHead(html: string, head: { title: string; tags: string }): string {
  const bare = html.replace(/<title>[\s\S]*?<\/title>\s*/i, '').replace(/<meta\s+name="description"[^>]*>\s*/i, '');
  const injected = `${head.title}\n    ${head.tags}\n  `;
  return bare.includes('</head>') ? bare.replace('</head>', () => `${injected}</head>`) : bare;
}

/**
 * Serves the built PWA from `root`: hashed files under /assets/ cached for a year (immutable);
 * index.html, the service worker and the manifest always revalidated. Any other non-API path gets
 * index.html — with status 200 for the PWA's routes and 404 for unknown paths (the PWA then shows its
 * English 404 page). For a published article (/artiklar/{slug}) the HTML carries its title, description and
 * Open Graph tags.
 */
export function staticSite(root: string): Middleware<AppState, AppContext> {
  const absRoot = path.resolve(root);
  const index = path.join(absRoot, 'index.html');
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api') {
      return next();
    }
    const setHeaders = (res: { setHeader(k: string, v: string): void }, filePath: string) => {
      const rel = path.relative(absRoot, filePath);
      res.setHeader('Cache-Control', rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    };
    if (ctx.path !== '/' && !ctx.path.endsWith('/')) {
      try {
        const served = await send(ctx, ctx.path, { root: absRoot, setHeaders, gzip: false, brotli: false });
        if (served) return;
      } catch (err) {
        const status = (err as { status?: number }).status;
        if (status !== 404 && status !== 400) throw err;
      }
    }
    if (!fs.existsSync(index)) return next();
    ctx.status = isSiteRoute(ctx.path) ? 200 : 404;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    const article = ARTICLE_PATH.exec(ctx.path);
    if (article) {
      // The page works without the tags, so a failed look-up serves the plain app shell.
      const head = await articleHead(ctx, article[1]!).catch((err: unknown) => {
        ctx.log.warn({ err }, 'article tags for the HTML could not be read');
        return null;
      });
      if (head) {
        ctx.body = withArticleHead(await fs.promises.readFile(index, 'utf8'), head);
        return;
      }
    }
    ctx.body = fs.createReadStream(index);
  };
}
