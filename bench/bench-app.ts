import http from 'node:http';
import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from 'pino';
import { createApp } from '../api/app';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../api/db/embedded-postgres';
import { createDb, migrateLatest } from '../api/db/knex';
import { JobQueue } from '../api/jobs/queue';
import { PublicCache } from '../api/lib/public-cache';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The origin the benchmarks' requests claim (the app checks Origin on writes). */
export const BENCH_ORIGIN = 'http://bench.vinpressen.test';

/** `adminUrl` with its database swapped for `name`. */
function databaseUrl(adminUrl: string, name: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs one statement on its own connection (create/drop database can't run in a transaction or a pool). */
async function admin(adminUrl: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/** A benchmark's own app: a scratch database (migrated), the real app on a free port, and how to take it all down. */
export interface BenchApp {
  db: Knex;
  server: http.Server;
  /** http://127.0.0.1:<port> */
  base: string;
  /** Which Postgres holds the scratch database, for the figures' heading. */
  postgres: 'DATABASE_URL' | 'embedded';
  /** Stops the server and the job queue, drops the scratch database and stops the embedded Postgres if one was started. */
  close(): Promise<void>;
}

/**
 * Starts the real app (createApp, as in production but without the public cache) on a scratch database
 * `vinpressen_bench_<tag>_<time>` of DATABASE_URL's server, or of an embedded Postgres under .data/bench-<tag>/ when
 * DATABASE_URL is unset. `onRequest` sees every request as it arrives (before the app).
 */
export async function startBenchApp(tag: string, log: Logger, onRequest?: (req: http.IncomingMessage) => void): Promise<BenchApp> {
  let embedded: EmbeddedPostgresHandle | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(ROOT, `.data/bench-${tag}/postgres`), database: 'postgres' });
    adminUrl = embedded.adminUrl;
  }
  const name = `vinpressen_bench_${tag}_${Date.now().toString(36)}`;
  await admin(adminUrl, `create database ${name}`);
  const url = databaseUrl(adminUrl, name);
  const db = createDb(url, { poolMax: 5 });
  const jobs = new JobQueue(url, log, { supervise: false });
  const server = http.createServer();
  const close = async () => {
    server.close();
    await jobs.stop().catch(() => {});
    await db.destroy();
    await admin(adminUrl, `drop database if exists ${name} with (force)`).catch(() => {});
    await embedded?.stop();
  };
  try {
    await migrateLatest(db);
    const app = createApp({
      db,
      log,
      cache: new PublicCache({ enabled: false }),
      version: 'bench',
      jobs,
      keys: ['bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz'],
      publicUrl: BENCH_ORIGIN,
      production: false,
    });
    const handle = app.callback();
    server.on('request', (req, res) => {
      onRequest?.(req);
      void handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    return { db, server, base, postgres: embedded ? 'embedded' : 'DATABASE_URL', close };
  } catch (err) {
    await close();
    throw err;
  }
}
