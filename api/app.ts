import Koa from 'koa';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import conditional from 'koa-conditional-get';
import etag from '@koa/etag';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import zlib from 'node:zlib';
import type { AppContext, AppState } from './app-context';
import type { PublicCache } from './lib/public-cache';
import { errorHandler } from './middlewares/errors';
import { microCache } from './middlewares/micro-cache';
import { installRequestLogger, requestContext } from './middlewares/request-context';
import { staticSite } from './middlewares/static-site';
import { createRouter, type AppRouter } from './lib/router';
import { expertReviewsRoutes } from './routes/expert-reviews/router';
import { newsletterRoutes } from './routes/newsletter/router';
import { sliderRoutes } from './routes/slider/router';
import { systemRoutes } from './routes/system/router';
import { wineRoutes } from './routes/wines/router';

export interface AppDeps {
  db: Knex;
  log: Logger;
  cache: PublicCache;
  version: string;
  /** Directory of the built PWA; omitted in API-only tests. */
  staticDir?: string;
}

/** The API's one router with every resource's routes: its route table is what the docs and tests walk. */
export function createApiRouter(deps: Pick<AppDeps, 'version'>): AppRouter {
  const router = createRouter();
  systemRoutes(router, { version: deps.version });
  wineRoutes(router);
  sliderRoutes(router);
  expertReviewsRoutes(router);
  newsletterRoutes(router);
  return router;
}

/**
 * Builds the Koa application: the JSON API under /api and, when `staticDir` is given, the PWA.
 * Holds no state of its own beyond the public cache (which every process invalidates through Postgres),
 * so any number of processes can serve behind a load balancer.
 */
export function createApp(deps: AppDeps): Koa<AppState, AppContext> {
  const app = new Koa<AppState, AppContext>();
  app.context.db = deps.db;
  app.context.cache = deps.cache;
  installRequestLogger(app, deps.log);
  app.silent = true; // errors are logged by the error middleware, with the request id

  app.use(requestContext(deps.log));
  app.use(microCache());
  app.use(
    compress({
      threshold: 1024,
      br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      gzip: { level: 6 },
      deflate: false,
    }),
  );
  app.use(conditional());
  app.use(etag());
  app.use(errorHandler());
  app.use(
    koaBody({
      json: true,
      multipart: false,
      urlencoded: false,
      text: false,
      jsonLimit: '1mb',
      jsonStrict: true,
      onError: (err) => {
        throw Object.assign(err, { status: (err as { status?: number }).status ?? 400 });
      },
    }),
  );
  const router = createApiRouter(deps);
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: false }));
  if (deps.staticDir) app.use(staticSite(deps.staticDir));
  return app;
}
