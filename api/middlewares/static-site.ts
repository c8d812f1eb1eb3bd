import fs from 'node:fs';
import path from 'node:path';
import type { Middleware, ParameterizedContext } from 'koa';
import send from 'koa-send';
import type { AppContext, AppState } from '../app-context';
import { isSiteRoute } from '../contract/site-routes';

/**
 * Serves the built PWA from `root`: hashed files under /assets/ cached for a year (immutable);
 * index.html, the service worker and the manifest always revalidated. Any other non-API path gets
 * index.html — with status 200 for the PWA's routes and 404 for unknown paths (the PWA then shows its
 * English 404 page). The public pages are first offered to `render` (server rendering, api/middlewares/server-render.ts),
 * which answers them itself when it can.
 */
export function staticSite(
  root: string,
  render?: (ctx: ParameterizedContext<AppState, AppContext>) => Promise<boolean>,
): Middleware<AppState, AppContext> {
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
    if (render && (await render(ctx))) return;
    ctx.status = isSiteRoute(ctx.path) ? 200 : 404;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = fs.createReadStream(index);
  };
}
