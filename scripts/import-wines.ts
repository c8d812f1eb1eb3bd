/**
 * `npm run import:wines [file]` — (re-)imports the Systembolaget wine file into DATABASE_URL's database
 * (or the embedded one under DATA_DIR) and prints what was inserted, updated and skipped, with reasons.
 * The app does this by itself on first start; run this to refresh the data later.
 */
import path from 'node:path';
import { loadConfig } from '../api/config';
import { startEmbeddedPostgres } from '../api/db/embedded-postgres';
import { createDb, migrateLatest } from '../api/db/knex';
import { importSystembolagetWines } from '../api/services/systembolaget-import';

const ROOT = path.resolve(import.meta.dirname, '..');
const config = loadConfig();
const file = path.resolve(process.argv[2] ?? path.resolve(ROOT, config.wineDataFile));
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.resolve(ROOT, config.dataDir, 'postgres'), database: 'vinpressen' });
const db = createDb(config.databaseUrl ?? embedded!.url);
try {
  await migrateLatest(db);
  const report = await importSystembolagetWines(db, file);
  console.log(`${file}: ${report.total} rows — ${report.inserted} inserted, ${report.updated} updated, ${report.skipped.length} skipped`);
  for (const s of report.skipped) console.log(`  skipped row ${s.index} (${s.productNumber ?? 'no productNumber'}): ${s.reason}`);
} finally {
  await db.destroy();
  await embedded?.stop();
}
