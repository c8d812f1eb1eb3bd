import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../app-context';
import { AUTH_MESSAGES } from '../contract/auth-rules';
import { HttpError } from '../lib/http-errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard for every state-changing /api request (besides SameSite=Lax cookies):
 * 1. the request must come from one of `allowedOrigins`: its Origin header (every browser sends one on
 *    POST/PUT/PATCH/DELETE) must match, or — without Origin — Sec-Fetch-Site must say 'same-origin';
 * 2. a request with a body must be JSON (`application/json`), which no HTML form can send; the multipart
 *    upload routes listed in `multipartPaths` instead need the header `X-Vinpressen-Upload: 1`, which no
 *    form can set either.
 * Refusals are 403 `csrf_refused` with a Swedish message.
 */
export function csrfGuard(opts: { allowedOrigins: string[]; multipartPaths?: RegExp[] }): Middleware<AppState, AppContext> {
  const allowed = new Set(opts.allowedOrigins.map((o) => new URL(o).origin));
  return async (ctx, next) => {
    if (SAFE_METHODS.has(ctx.method) || !ctx.path.startsWith('/api/')) return next();
    const origin = ctx.get('Origin');
    // (Koa's ctx.origin is not used: it is not the server's own origin in every Koa version.)
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const sameOrigin = origin ? allowed.has(origin) || origin === ownOrigin : ctx.get('Sec-Fetch-Site') === 'same-origin';
    if (!sameOrigin) throw new HttpError(403, 'csrf_refused', AUTH_MESSAGES.csrfRefused);

    const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || Boolean(ctx.get('Transfer-Encoding'));
    if (hasBody || ctx.get('Content-Type')) {
      const multipart = opts.multipartPaths?.some((p) => p.test(ctx.path)) ?? false;
      const json = ctx.is('application/json') === 'application/json';
      const ok = json || (multipart && ctx.is('multipart/form-data') && ctx.get('X-Vinpressen-Upload') === '1');
      if (!ok) throw new HttpError(415, 'unsupported_media_type', 'Begäran måste skickas som JSON (application/json).');
    }
    await next();
  };
}
