import Router from '@koa/router';
import type { AppContext, AppState } from '../app-context';
import type { Context } from 'koa';
import type { CachedBody } from './public-cache';

export type AppRouter = Router<AppState, AppContext>;

/** A new router for one resource. */
export function createRouter(): AppRouter {
  return new Router<AppState, AppContext>();
}

// Browsers send a handful of distinct Accept-Encoding values: negotiate each one once.
const encodingByHeader = new Map<string, string>();

function preferredEncoding(ctx: Context): string {
  const header = ctx.get('Accept-Encoding');
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    // Our preference decides among what the client accepts: browsers list gzip first but take br, the smaller.
    encoding = (['br', 'gzip'] as const).find((e) => ctx.acceptsEncodings(e) === e) ?? 'identity';
    if (encodingByHeader.size < 100) encodingByHeader.set(header, encoding);
  }
  return encoding;
}

/**
 * Sends a cached public JSON answer with its ETag, in the best encoding the client accepts (compressed
 * once, when cached). Clients must revalidate (304 when unchanged). The cached value must fit the route's documented
 * body (`ctx.body`'s type, see ResponseBody in api/lib/route.ts), though it is sent as the bytes made from it.
 */
export function sendCachedJson<Body, T extends Body>(ctx: Context & { body: Body }, cached: CachedBody<T>): void {
  ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
  ctx.vary('Accept-Encoding');
  ctx.etag = cached.etag;
  ctx.type = 'application/json; charset=utf-8';
  ctx.compress = false; // already compressed: koa-compress must not do it again
  ctx.state.cachedBody = cached; // lets the micro-cache answer this URL next time
  const encoding = cached.body.length < 1024 ? 'identity' : preferredEncoding(ctx);
  if (encoding === 'br' || encoding === 'gzip') {
    ctx.set('Content-Encoding', encoding);
    setBytes(ctx, cached[encoding]);
  } else {
    setBytes(ctx, cached.body);
  }
}

/** Writes already serialised JSON as the body (its type is the JSON's value, checked by sendCachedJson's caller). */
function setBytes(ctx: Context, bytes: Buffer): void {
  ctx.body = bytes;
}
