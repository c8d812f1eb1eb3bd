import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PublicCache } from './lib/public-cache';

/** What every request handler can use (ctx.db, ctx.log, ctx.cache). */
export interface AppContext {
  db: Knex;
  log: Logger;
  cache: PublicCache;
  requestId: string;
}

export interface AppState {
  [key: string]: unknown;
}
