import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createApp } from './app';
import { loadConfig } from './config';
import { releaseExitHooks, startEmbeddedPostgres, type EmbeddedPostgresHandle } from './db/embedded-postgres';
import { createDb, migrateLatest } from './db/knex';
import { exitOnUnexpected } from './lib/fatal';
import { PublicCache } from './lib/public-cache';
import { resolveSecretKeys } from './auth/secrets';
import { createAdminSignIn } from './auth/admin-sign-in';
import { createReviewAnalyser } from './ai';
import { startWorkers } from './jobs/workers';
import { stockholmYearMonth } from './queries/slider';
import { hasImportedSystembolaget, importSystembolagetWines, seedSliderMonth } from './services/systembolaget-import';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The version in package.json (shown by /api/health and the admin status panel). */
export function appVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The embedded Postgres when DATABASE_URL is unset: stopped on every way out of the process. */
let embedded: EmbeddedPostgresHandle | undefined;

/**
 * Starts Vinpressen: Postgres (DATABASE_URL, else embedded under DATA_DIR, restarted whenever it dies), migrations,
 * the first-start import of the wine data, then the HTTP server with the API and the built PWA.
 *
 * Failure policy (README 'Running in production'): the database may go away and come back at any time; requests
 * fail meanwhile (/api/ready answers 503) and every pool reconnects by itself. Anything unexpected (an unhandled
 * rejection or an uncaught exception) is logged at fatal level and ends the process with code 1, for its supervisor
 * to restart.
 */
async function main() {
  const config = loadConfig();
  // Buffered writes to stdout: one access line per request must not cost a syscall each. Flushed on exit.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const log = pino({ level: config.logLevel, base: { app: 'vinpressen' } }, destination);
  setInterval(() => destination.flush(), 1000).unref();
  exitOnUnexpected({ log, flush: () => destination.flushSync(), beforeExit: () => embedded?.stopNow() });
  const started = performance.now();

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
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
    log.info({ dataDir, port: embedded.port }, 'embedded Postgres started (set DATABASE_URL to use your own server)');
  }

  const db = createDb(databaseUrl, { onPoolError: (err) => log.warn({ err }, 'database connection lost'), log: log.child({ component: 'knex' }) });
  const applied = await migrateLatest(db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  if (config.importWines && !(await hasImportedSystembolaget(db))) {
    const file = path.resolve(ROOT, config.wineDataFile);
    const report = await importSystembolagetWines(db, file);
    log.info(
      { file, inserted: report.inserted, updated: report.updated, skipped: report.skipped.length },
      'imported the Systembolaget wine data (first start)',
    );
    for (const s of report.skipped) log.warn(s, 'wine row skipped');
  }

  // Each month's slider is filled from the data once, at the first start in that month or, for a process
  // that runs across the turn of a month, within the hour.
  const seedThisMonth = async () => {
    const { year, month } = stockholmYearMonth();
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

  const adminSignIn = createAdminSignIn(config, keys);
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
  });
  const server = app.listen(config.port, config.host, () => {
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : config.port;
    log.info({ port, ms: Math.round(performance.now() - started) }, `Vinpressen is running on http://localhost:${port}`);
  });
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

main().catch((err: unknown) => {
  console.error(err);
  embedded?.stopNow();
  process.exit(1);
});
