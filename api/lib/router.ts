import Router from '@koa/router';
import type { AppContext, AppState } from '../app-context';
import type { Context } from 'koa';
import type { CachedBody } from './public-cache';

export type AppRouter = Router<AppState, AppContext>;

/** A new router for one resource. */
export function createRouter(): AppRouter {
  return new Router<AppState, AppContext>();
}

/**
 * Sends a cached public JSON answer with its ETag, in the best encoding the client accepts (compressed
 * once, when cached). Clients must revalidate (304 when unchanged).
 */
export function sendCachedJson(ctx: Context, cached: CachedBody): void {
  ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
  ctx.vary('Accept-Encoding');
  ctx.etag = cached.etag;
  ctx.type = 'application/json; charset=utf-8';
  ctx.compress = false; // already compressed: koa-compress must not do it again
  const encoding = cached.body.length < 1024 ? 'identity' : ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.set('Content-Encoding', encoding);
    ctx.body = cached[encoding];
  } else {
    ctx.body = cached.body;
  }
}
