import type { Knex } from 'knex';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { PostgresSessionStore } from './auth/session';
import type { JobSender } from './jobs/queue';
import type { PublicCache } from './lib/public-cache';
import type { RateLimits } from './lib/rate-limits';
import type { WinePhotoSource } from './lib/wine-photos';

/** What every request handler can use (ctx.db, ctx.log, ctx.cache, …). */
export interface AppContext {
  db: Knex;
  log: Logger;
  cache: PublicCache;
  requestId: string;
  /** Background jobs (mail). */
  jobs: JobSender;
  rateLimits: RateLimits;
  sessionStore: PostgresSessionStore;
  /** koa-session for the routes that use sessions (see api/middlewares/auth.ts withSession). */
  sessionMiddleware: Middleware<AppState, AppContext>;
  /** Server secrets, newest first (api/auth/secrets.ts): cookie signing and reset-token derivation. */
  secretKeys: string[];
  /** The site's public origin, e.g. 'https://vinpressen.se' (links in mail). */
  publicUrl: string;
  /** Cookies carry Secure (production, behind HTTPS). */
  secureCookies: boolean;
  /** The admins' allow-list (ADMIN_EMAILS, lower case): these addresses can't be registered locally. */
  adminEmails: ReadonlySet<string>;
  /** The wines' bottle photos (WINE_PHOTO_SOURCE); undefined when 'off': no photo addresses, the proxy answers 404. */
  winePhotos: WinePhotoSource | undefined;
}

export interface AppState {
  [key: string]: unknown;
}
