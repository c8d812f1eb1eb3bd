import Router from '@koa/router';
import type { AppContext, AppState } from '../app-context';
import type { CachedBody } from './public-cache';

export type AppRouter = Router<AppState, AppContext>;

/** A new router for one resource. */
export function createRouter(): AppRouter {
  return new Router<AppState, AppContext>();
}

/**
 * Sends a cached public JSON answer with its ETag; clients and proxies may reuse it for 30 s
 * (the PWA's own freshness window, spec 000 §9) and must revalidate after (304 when unchanged).
 */
export function sendCachedJson(ctx: { set(k: string, v: string): void; type: string; body: unknown; etag: string }, cached: CachedBody): void {
  ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
  ctx.etag = cached.etag;
  ctx.type = 'application/json; charset=utf-8';
  ctx.body = cached.body;
}
