/**
 * The server Playwright's `webServer` starts for the browser tests (run with tsx):
 *
 * 1. Postgres: a fresh database `vinpressen_e2e_<random>` on DATABASE_URL's server, else a throw-away
 *    embedded Postgres in a temporary directory (what a fresh machine and CI use);
 * 2. migrations, the real Systembolaget import with the 2026-08-22 assortment applied, and this month's slider (as on a
 *    first start);
 * 3. the real app (API + the built PWA from dist/pwa, or E2E_STATIC_DIR) on E2E_PORT (default 3210), its bottle photos
 *    from a local stand-in for Systembolaget's image CDN (api/test/photo-stand-in.ts): a photo for every wine in a
 *    bottle ('Flaska'), none (404) for the others, so boxes and cartons show their drawings; E2E_WINE_PHOTOS=off runs
 *    with photos off (WINE_PHOTO_SOURCE=off).
 *
 * Writes the database URL to `.data/e2e/e2e-db-url-<port>.txt` so tests can check rows (e2e/support/db.ts).
 * On SIGTERM/SIGINT (Playwright's graceful shutdown) it closes the server, drops the database or stops
 * the embedded Postgres and removes its directory, so no postgres process or temp data is left behind.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import pino from 'pino';
import { createApp } from '../../api/app';
import { loadConfig } from '../../api/config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../api/db/embedded-postgres';
import { createDb, migrateLatest } from '../../api/db/knex';
import { PublicCache } from '../../api/lib/public-cache';
import { startWorkers } from '../../api/jobs/workers';
import { swedishYearMonth as stockholmYearMonth } from '../../api/contract/dates';
import { DEFAULT_ASSORTMENT_FILE, applyAssortmentFile } from '../../api/services/assortment-import';
import { importSystembolagetWines, seedSliderMonth } from '../../api/services/systembolaget-import';
import { createDatabase, dropDatabase, uniqueDatabaseName } from '../../api/test/pg';
import { E2E_ADMIN, E2E_DB_URL_FILE_NAME, E2E_PORT, E2E_SMTP_PORT } from './ports';
import { createAdminSignIn } from '../../api/auth/admin-sign-in';
import { WinePhotoSource } from '../../api/lib/wine-photos';
import { startPhotoStandIn } from '../../api/test/photo-stand-in';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const E2E_DB_URL_FILE = path.join(ROOT, '.data', 'e2e', E2E_DB_URL_FILE_NAME);

const port = E2E_PORT;
// The built PWA; E2E_STATIC_DIR lets a run use a build of its own.
const staticDir = path.resolve(ROOT, process.env.E2E_STATIC_DIR ?? 'dist/pwa');
const log = pino({ level: process.env.E2E_LOG_LEVEL ?? 'warn', base: { app: 'vinpressen-e2e' } });

// embedded-postgres registers its own SIGINT/SIGTERM exit hook that exits as soon as Postgres stops,
// which would cut our cleanup short (dropping the database, removing the temp dir). This script shuts
// down in its own order instead.
const OUR_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
for (const signal of OUR_SIGNALS) process.removeAllListeners(signal);

const cleanups: (() => Promise<void>)[] = [];
let server: Server | undefined;
let shuttingDown = false;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the embedded Postgres and waits until its postmaster is gone. Playwright signals the whole process
 * group, so Postgres may already be shutting down by itself; embedded-postgres' stop() never resolves for
 * a process that has already exited, hence the bounded wait and the postmaster.pid check.
 */
async function stopEmbedded(handle: EmbeddedPostgresHandle, dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const readPid = () => {
    try {
      return Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    } catch {
      return 0;
    }
  };
  const pid = readPid();
  await Promise.race([handle.stop(), sleep(10_000)]);
  const until = Date.now() + 10_000;
  while (pid && pidAlive(pid) && Date.now() < until) await sleep(100);
  if (pid && pidAlive(pid)) {
    log.warn({ pid }, 'embedded Postgres did not stop in time: sending SIGQUIT');
    process.kill(pid, 'SIGQUIT');
    await sleep(1000);
  }
}

async function startDatabase(): Promise<string> {
  const name = uniqueDatabaseName('vinpressen_e2e');
  if (process.env.DATABASE_URL) {
    const adminUrl = process.env.DATABASE_URL;
    const url = await createDatabase(adminUrl, name);
    cleanups.push(() => dropDatabase(adminUrl, name));
    return url;
  }
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vinpressen-e2e-'));
  // The embedded server runs as the `postgres` user when we are root: it must reach its data dir.
  await fsp.chmod(dir, 0o755);
  cleanups.push(() => fsp.rm(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, 'data');
  const embedded = await startEmbeddedPostgres({ dataDir, database: name, onLog: (m) => log.debug({ pg: m.trim() }) });
  cleanups.push(() => stopEmbedded(embedded, dataDir));
  return embedded.url;
}

async function shutdown(signal: string, code = 0): Promise<never> {
  if (shuttingDown) return new Promise<never>(() => {});
  shuttingDown = true;
  log.info({ signal }, 'e2e server shutting down');
  if (server) {
    server.closeAllConnections();
    await new Promise((r) => server!.close(r));
  }
  // Last registered, first run: cache and pool before the database, the database before its directory.
  for (const cleanup of cleanups.reverse()) {
    await cleanup().catch((err: unknown) => log.warn({ err }, 'e2e cleanup step failed'));
  }
  await fsp.rm(E2E_DB_URL_FILE, { force: true });
  process.exit(code);
}

for (const signal of OUR_SIGNALS) process.on(signal, () => void shutdown(signal));

async function main() {
  const started = performance.now();
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`${staticDir}/index.html is missing: build the PWA first (npm run test:e2e does)`);
  }
  const wineFile = path.resolve(ROOT, loadConfig().wineDataFile);
  if (!fs.existsSync(wineFile)) throw new Error(`the wine data file ${wineFile} is missing (WINE_DATA_FILE)`);

  const databaseUrl = await startDatabase();
  const db: Knex = createDb(databaseUrl, { onPoolError: (err) => log.debug({ err }, 'idle database client error') });
  cleanups.push(() => db.destroy());
  await migrateLatest(db);
  const report = await importSystembolagetWines(db, wineFile);
  // The newer assortment on top, as the app's first start applies it (current prices, 'Utgått', price history).
  await applyAssortmentFile(db, path.resolve(ROOT, DEFAULT_ASSORTMENT_FILE));
  const { year, month } = stockholmYearMonth();
  const sliderEntries = await seedSliderMonth(db, year, month);

  const cache = new PublicCache({ connectionString: databaseUrl, enabled: true, log });
  await cache.start();
  cleanups.push(() => cache.stop());

  // Mail goes to the SMTP server the mail tests run (E2E_SMTP_PORT); while none listens, the job retries.
  const keys = ['e2e-secret-key-0123456789abcdefghijklmnopqrstuvwxyz'];
  const publicUrl = `http://localhost:${port}`;
  const mailDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vinpressen-e2e-mail-'));
  cleanups.push(() => fsp.rm(mailDir, { recursive: true, force: true }));
  const workers = await startWorkers({
    db,
    databaseUrl,
    log,
    keys,
    publicUrl,
    smtpUrl: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    mailFrom: 'Vinpressen <no-reply@vinpressen.test>',
    dataDir: mailDir,
    pollingIntervalSeconds: 0.5,
  });
  cleanups.push(() => workers.stop());

  const adminSignIn = await createAdminSignIn(
    {
      publicUrl,
      nodeEnv: 'development',
      trustProxy: false,
      oidc: { ...loadConfig().oidc, issuer: undefined, devAdminEmail: E2E_ADMIN.email, devAdminPassword: E2E_ADMIN.password, adminEmails: [] },
    },
    keys,
  );
  const winePhotos = process.env.E2E_WINE_PHOTOS === 'off' ? undefined : await startWinePhotos(wineFile);
  const app = createApp({
    db,
    log,
    cache,
    version: 'e2e',
    staticDir,
    jobs: workers.jobs,
    keys,
    publicUrl,
    production: false,
    adminSignIn,
    winePhotos,
  });
  server = await new Promise<Server>((resolve, reject) => {
    // No host: both 127.0.0.1 and ::1, whichever `localhost` resolves to first.
    const s = app.listen(port, () => resolve(s));
    s.once('error', reject);
  });

  await fsp.mkdir(path.dirname(E2E_DB_URL_FILE), { recursive: true });
  await fsp.writeFile(E2E_DB_URL_FILE, databaseUrl);
  console.log(
    `e2e server on http://localhost:${port} (${process.env.DATABASE_URL ? 'DATABASE_URL server' : 'embedded Postgres'}; ` +
      `${report.inserted} wines, ${sliderEntries} slider entries) in ${Math.round(performance.now() - started)} ms`,
  );
}

/**
 * The photo source of the e2e app: a stand-in that has a photo of every bottled wine of `wineFile` (by its productId)
 * and none of the others, and a disk cache in a temporary directory; both gone at shutdown.
 */
async function startWinePhotos(wineFile: string): Promise<WinePhotoSource> {
  const rows = JSON.parse(await fsp.readFile(wineFile, 'utf8')) as { productId: string; packaging: string | null }[];
  const bottled = new Set(rows.filter((r) => r.packaging === 'Flaska').map((r) => r.productId));
  const standIn = await startPhotoStandIn((productId) => (bottled.has(productId) ? 'photo' : 'missing'));
  cleanups.push(() => standIn.close());
  const cacheDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vinpressen-e2e-photos-'));
  cleanups.push(() => fsp.rm(cacheDir, { recursive: true, force: true }));
  return new WinePhotoSource({ source: standIn.url, cacheDir, timeoutMs: 4000, cacheMaxBytes: 50 * 1024 * 1024, log });
}

main().catch((err: unknown) => {
  console.error(err);
  void shutdown('startup failure', 1);
});
