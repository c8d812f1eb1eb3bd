import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { createApp } from './app';
import { loadConfig } from './config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from './db/embedded-postgres';
import { createDb, migrateLatest } from './db/knex';
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

/**
 * Starts Vinpressen: Postgres (DATABASE_URL, else embedded under DATA_DIR), migrations, the first-start
 * import of the wine data, then the HTTP server with the API and the built PWA.
 */
async function main() {
  const config = loadConfig();
  // Buffered writes to stdout: one access line per request must not cost a syscall each. Flushed on exit.
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  const log = pino({ level: config.logLevel, base: { app: 'vinpressen' } }, destination);
  setInterval(() => destination.flush(), 1000).unref();
  const started = performance.now();

  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dataDir = path.resolve(ROOT, config.dataDir, 'postgres');
    embedded = await startEmbeddedPostgres({
      dataDir,
      database: 'vinpressen',
      onLog: (m) => log.debug({ pg: m.trim() }, 'embedded postgres'),
    });
    databaseUrl = embedded.url;
    log.info({ dataDir, port: embedded.port }, 'embedded Postgres started (set DATABASE_URL to use your own server)');
  }

  const db = createDb(databaseUrl, { onPoolError: (err) => log.warn({ err }, 'idle database client error') });
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
    log.info({ signal }, 'shutting down');
    server.close();
    await workers.stop();
    await cache.stop();
    await db.destroy();
    await embedded?.stop();
    destination.flushSync();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
