import Koa, { type Middleware } from 'koa';
import { koaBody } from 'koa-body';
import compress from 'koa-compress';
import conditional from 'koa-conditional-get';
import etag from '@koa/etag';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import zlib from 'node:zlib';
import type { AppContext, AppState } from './app-context';
import { createSessionMiddleware, PostgresSessionStore } from './auth/session';
import type { JobSender } from './jobs/queue';
import { RateLimits } from './lib/rate-limits';
import { csrfGuard } from './middlewares/csrf';
import { securityHeaders } from './middlewares/security-headers';
import { accountRoutes } from './routes/account/router';
import { adminAuthRoutes } from './routes/admin-auth/router';
import type { AdminSignIn } from './auth/admin-sign-in';
import type { WinePhotoSource } from './lib/wine-photos';
import { authRoutes } from './routes/auth/router';
import type { PublicCache } from './lib/public-cache';
import { errorHandler } from './middlewares/errors';
import { microCache } from './middlewares/micro-cache';
import { installRequestLogger, requestContext } from './middlewares/request-context';
import { rejectMalformedPath } from './middlewares/request-path';
import { builtSsrEntry, serverRenderer, type SsrEntry } from './middlewares/server-render';
import { staticSite } from './middlewares/static-site';
import { createRouter, type AppRouter } from './lib/router';
import { expertReviewsRoutes } from './routes/expert-reviews/router';
import { newsletterRoutes } from './routes/newsletter/router';
import { recipeRoutes } from './routes/recipes/router';
import { sliderRoutes } from './routes/slider/router';
import { adminSliderRoutes } from './routes/admin-slider/router';
import { adminContentRoutes } from './routes/admin-content/router';
import { medalDesignRoutes } from './routes/medal-designs/router';
import { seoRoutes } from './routes/seo/router';
import { systemRoutes } from './routes/system/router';
import { wineRoutes } from './routes/wines/router';
import { wineSearchRoutes } from './routes/wine-search/router';
import { adminWineRoutes } from './routes/admin-wines/router';
import { IMAGE_UPLOAD_PATH, imageRoutes, PARTNER_IMAGE_UPLOAD_PATH } from './routes/images/router';
import { adminDashboardRoutes } from './routes/admin-dashboard/router';
import { adminUserRoutes } from './routes/users/router';
import { adminNewsletterRoutes } from './routes/admin-newsletter/router';
import { adminReviewRoutes } from './routes/admin-reviews/router';
import { contentRoutes } from './routes/content/router';
import { reviewRoutes } from './routes/reviews/router';
import { adminExpertRoutes } from './routes/admin-experts/router';
import { partnerRoutes } from './routes/partner/router';
import { partnerSyncRoutes } from './routes/partner-sync/router';
import { BULK_UPLOAD_PATH, partnerBulkRoutes } from './routes/partner-bulk/router';

export interface AppDeps {
  db: Knex;
  log: Logger;
  cache: PublicCache;
  version: string;
  /** Directory of the built PWA; omitted in API-only tests. */
  staticDir?: string;
  /** The PWA's server entry (tests pass pwa/entry-server.tsx itself); by default the one built beside staticDir. */
  ssrEntry?: () => Promise<SsrEntry | undefined>;
  jobs: JobSender;
  /** Secret keys, newest first: sign the session cookie (see api/auth/secrets.ts). */
  keys: string[];
  /** The site's public origin (mailed links, CSRF Origin check). */
  publicUrl: string;
  production: boolean;
  /** Trust X-Forwarded-* from one proxy hop (client IP for rate limits, HTTPS for Secure cookies). */
  trustProxy?: boolean;
  /** Admin sign-in (OIDC); without it /api/login answers 503. */
  adminSignIn?: AdminSignIn;
  /** The wines' bottle photos (docs/wine-photos.md); omitted: none, every wine shows its drawing. */
  winePhotos?: WinePhotoSource;
}

/** The API's one router with every resource's routes: its route table is what the docs and tests walk. */
export function createApiRouter(deps: Pick<AppDeps, 'version' | 'adminSignIn'>): AppRouter {
  const router = createRouter();
  systemRoutes(router, { version: deps.version });
  seoRoutes(router);
  // Before wineRoutes: '/api/wines/search' and '/api/wines/catalogue' must not be read as '/api/wines/:id'.
  wineSearchRoutes(router);
  wineRoutes(router);
  sliderRoutes(router);
  recipeRoutes(router);
  expertReviewsRoutes(router);
  newsletterRoutes(router);
  authRoutes(router);
  accountRoutes(router);
  adminAuthRoutes(router, deps.adminSignIn);
  adminWineRoutes(router);
  imageRoutes(router);
  adminDashboardRoutes(router);
  adminSliderRoutes(router);
  adminContentRoutes(router, { version: deps.version });
  medalDesignRoutes(router);
  adminUserRoutes(router);
  adminNewsletterRoutes(router);
  reviewRoutes(router);
  adminReviewRoutes(router);
  contentRoutes(router);
  adminExpertRoutes(router);
  partnerBulkRoutes(router);
  partnerRoutes(router);
  partnerSyncRoutes(router);
  return router;
}

/**
 * Builds the Koa application: the JSON API under /api and, when `staticDir` is given, the PWA.
 * Holds no state of its own beyond the public cache (which every process invalidates through Postgres),
 * so any number of processes can serve behind a load balancer.
 */
export function createApp(deps: AppDeps): Koa<AppState, AppContext> {
  const app = new Koa<AppState, AppContext>();
  app.keys = deps.keys;
  if (deps.trustProxy) {
    app.proxy = true;
    app.maxIpsCount = 1; // the one proxy's X-Forwarded-For entry, so clients cannot pick their own IP
  }
  app.context.db = deps.db;
  app.context.cache = deps.cache;
  app.context.jobs = deps.jobs;
  app.context.publicUrl = deps.publicUrl;
  app.context.secretKeys = deps.keys;
  app.context.secureCookies = deps.production;
  app.context.adminEmails = deps.adminSignIn?.allowList ?? new Set<string>();
  app.context.winePhotos = deps.winePhotos;
  app.context.rateLimits = new RateLimits(deps.db);
  app.context.sessionStore = new PostgresSessionStore(deps.db);
  app.context.sessionMiddleware = createSessionMiddleware(app, app.context.sessionStore, { secure: deps.production });
  installRequestLogger(app, deps.log);
  app.silent = true; // errors are logged by the error middleware, with the request id

  app.use(requestContext(deps.log));
  app.use(securityHeaders({ production: deps.production }));
  // The development identity provider parses its own requests: before the body parser and the CSRF guard.
  if (deps.adminSignIn?.devProvider) app.use(deps.adminSignIn.devProvider.middleware as Middleware<AppState, AppContext>);
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
  app.use(rejectMalformedPath());
  app.use(
    csrfGuard({
      allowedOrigins: [deps.publicUrl],
      multipartPaths: [new RegExp(`^${IMAGE_UPLOAD_PATH}$`), new RegExp(`^${PARTNER_IMAGE_UPLOAD_PATH}$`), new RegExp(`^${BULK_UPLOAD_PATH}$`)],
    }),
  );
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
  if (deps.staticDir) {
    // The app's own callback answers the server render's API requests in-process (made once every middleware is in).
    let handler: ReturnType<typeof app.callback> | undefined;
    const render = serverRenderer({
      root: deps.staticDir,
      loadEntry: deps.ssrEntry ?? builtSsrEntry(deps.staticDir),
      handler: () => (handler ??= app.callback()),
    });
    app.use(staticSite(deps.staticDir, render));
  }
  return app;
}
