import knex, { type Knex } from 'knex';
import pg from 'pg';
import type { Logger } from 'pino';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Postgres `numeric` arrives as a string by default; our numerics (prices in SEK with 2 decimals,
// ratings with 1 decimal, alcohol %) fit a JS number exactly enough for display and arithmetic.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
// `bigint` counts (count(*)) are far below 2^53 here.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
// `date` columns (launch and price dates of Systembolaget's data) are calendar days, not instants: keep 'YYYY-MM-DD'
// rather than a Date at local midnight, which would shift a day in any time zone west of UTC.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');

export interface DbOptions {
  /** Pool size; 10 by default (two API processes on a small Postgres stay well under max_connections). */
  poolMax?: number;
  /** Per-statement timeout in ms, so a runaway query can't hold a connection forever. */
  statementTimeoutMs?: number;
  /** Told about every error of a pooled connection (Postgres restarted or went away); the pool replaces the connection. */
  onPoolError?: (err: Error) => void;
  /** Where Knex's own warnings go ('Connection Error: …' when it drops a dead connection); default the console. */
  log?: Logger;
}

/**
 * Creates the Knex instance for a Postgres connection string.
 *
 * Every pooled connection has an error listener from its creation on (an 'error' event with none would crash the
 * process when Postgres restarts): errors go to `onPoolError`, and Knex discards the connection at its next checkout,
 * so the pool reconnects by itself once Postgres answers again. A query on a lost connection fails (the request
 * answers 500); `acquireConnectionTimeout` (10 s) and `statement_timeout` (15 s) bound every wait.
 */
export function createDb(connectionString: string, opts: DbOptions = {}): Knex {
  const db = knex({
    client: 'pg',
    connection: {
      connectionString,
      statement_timeout: opts.statementTimeoutMs ?? 15_000,
      application_name: 'vinpressen',
    },
    pool: {
      min: 0,
      max: opts.poolMax ?? 10,
      afterCreate(conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) {
        conn.on('error', (err) => opts.onPoolError?.(err));
        done(null, conn);
      },
    },
    acquireConnectionTimeout: 10_000,
    ...(opts.log
      ? {
          log: {
            warn: (m: unknown) => opts.log!.warn({ knex: m }, 'knex warning'),
            error: (m: unknown) => opts.log!.error({ knex: m }, 'knex error'),
            deprecate: (m: unknown) => opts.log!.warn({ knex: m }, 'knex deprecation'),
            debug: (m: unknown) => opts.log!.debug({ knex: m }, 'knex debug'),
          },
        }
      : {}),
  });
  return db;
}

/** Applies every pending migration in db/migrations. Returns the names applied. */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = (await db.migrate.latest({
    directory: MIGRATIONS_DIR,
    loadExtensions: ['.ts'],
  })) as [number, string[]];
  return applied;
}
