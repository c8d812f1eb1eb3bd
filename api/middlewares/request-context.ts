import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { AppContext, AppState } from '../app-context';
import { requestScope } from '../lib/fatal';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;
const childLogger = Symbol('childLogger');

/**
 * Makes `ctx.log` a logger bound to the request id, created only when a handler first logs (once, on the
 * context prototype: most requests never log beyond their access line, and a child per request costs).
 */
export function installRequestLogger(app: Koa<AppState, AppContext>, log: Logger): void {
  Object.defineProperty(app.context, 'log', {
    configurable: true,
    get(this: AppContext & { [childLogger]?: Logger }) {
      return (this[childLogger] ??= log.child({ reqId: this.requestId }));
    },
  });
}

/**
 * Gives each request an id (a sane incoming X-Request-Id, else a new UUID), echoes it in the
 * X-Request-Id header and logs one access line per request (info for /api, debug for static files). The rest of the
 * request runs in `requestScope` (api/lib/fatal.ts), so a crash it causes is logged with its id.
 */
export function requestContext(log: Logger): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    ctx.requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.set('X-Request-Id', ctx.requestId);
    const start = performance.now();
    try {
      await requestScope.run({ requestId: ctx.requestId }, next);
    } finally {
      const ms = Math.round((performance.now() - start) * 10) / 10;
      const line = { reqId: ctx.requestId, method: ctx.method, url: ctx.originalUrl, status: ctx.status, ms };
      if (ctx.path.startsWith('/api/')) log.info(line, 'request');
      else log.debug(line, 'request');
    }
  };
}
