/**
 * `npm run import:assortment [file]` — applies an assortment file (default db/data/systembolaget-assortment-2026-08-22.json)
 * on top of the imported wines of DATABASE_URL's database (or the embedded one under DATA_DIR): current prices, vintages,
 * store counts, price history and the wines no longer sold (db/README.md 'Assortment files'). Idempotent: a file of a
 * date applied before changes nothing. Prints the counts and every product number whose name or producer no longer
 * matches (not merged). A bad file prints one line and exits 1 with nothing written; so does a file older than the
 * newest applied.
 */
import path from 'node:path';
import { loadConfig } from '../api/config';
import { startEmbeddedPostgres } from '../api/db/embedded-postgres';
import { createDb, migrateLatest } from '../api/db/knex';
import { AssortmentFileError, DEFAULT_ASSORTMENT_FILE, applyAssortmentFile } from '../api/services/assortment-import';

const ROOT = path.resolve(import.meta.dirname, '..');
const config = loadConfig();
const file = path.resolve(process.argv[2] ?? path.resolve(ROOT, DEFAULT_ASSORTMENT_FILE));
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres({ dataDir: path.resolve(ROOT, config.dataDir, 'postgres'), database: 'vinpressen' });
const db = createDb(config.databaseUrl ?? embedded!.url);
try {
  await migrateLatest(db);
  const report = await applyAssortmentFile(db, file);
  if (report.status === 'older') {
    console.error(`${file}: its date ${report.sourceDate} is older than the file applied last (${report.newestApplied}); nothing was changed`);
    process.exitCode = 1;
  } else if (report.status === 'already-applied') {
    console.log(`${file}: the assortment of ${report.sourceDate} was applied before; nothing was changed (${JSON.stringify(report.counts)})`);
  } else {
    const c = report.counts!;
    console.log(
      `${file}: assortment of ${report.sourceDate}, ${c.rows} rows — ${c.updated} updated, ${c.mismatched} not merged (another product), ` +
        `${c.discontinuedInactive} inactive and ${c.discontinuedOmitted} omitted bottles/cans now 'Utgått', ` +
        `${c.keptNotCovered} not covered (last price kept), ${c.unknown} unknown product numbers, ${c.priceHistory} earlier prices kept, ` +
        `${report.categoriesChanged} wines changed category`,
    );
    for (const m of report.mismatches) {
      console.log(
        `  not merged ${m.productNumber}: '${m.before.name}' (${m.before.producer ?? '–'}) is now '${m.after.name}' (${m.after.producer ?? '–'})`,
      );
    }
  }
} catch (err) {
  if (!(err instanceof AssortmentFileError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
  await embedded?.stop();
}
