import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../app-context';
import type { CachedBody } from '../lib/public-cache';
import { sendCachedJson } from '../lib/router';

/**
 * An HTTP micro-cache in front of the router for the public read endpoints: a GET whose exact URL was
 * answered from the public cache before (and is still current) is answered again at once, with its
 * ETag and 304 handling, skipping routing, validation and compression. Invalidation is the public
 * cache's own (Postgres NOTIFY on every write), so no process serves an answer older than a write.
 */
export function microCache(): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const hit = ctx.cache.lookupUrl(ctx.url);
    if (!hit) {
      await next();
      // Remember answers that came from the public cache (sendCachedJson marks them).
      const served = ctx.state.cachedBody as CachedBody | undefined;
      if (ctx.status === 200 && served) ctx.cache.rememberUrl(ctx.url, served);
      return;
    }
    sendCachedJson(ctx, hit);
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
