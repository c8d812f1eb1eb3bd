import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppContext, AppState } from '../app-context';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/**
 * Gives each request an id (a sane incoming X-Request-Id, else a new UUID), echoes it in the
 * X-Request-Id header, puts a child logger with it on ctx.log and logs one line per request.
 */
export function requestContext(log: Logger): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    ctx.requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.requestId);
    ctx.log = log.child({ reqId: ctx.requestId });
    const start = performance.now();
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - start) * 10) / 10;
      if (ctx.path.startsWith('/api/')) {
        ctx.log.info({ method: ctx.method, url: ctx.originalUrl, status: ctx.status, ms }, 'request');
      } else {
        ctx.log.debug({ method: ctx.method, url: ctx.originalUrl, status: ctx.status, ms }, 'request');
      }
    }
  };
}
