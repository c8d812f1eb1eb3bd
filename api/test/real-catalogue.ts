import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Knex } from 'knex';
import { loadConfig } from '../config';
import { applyAssortmentFile, DEFAULT_ASSORTMENT_FILE } from '../services/assortment-import';
import { importSystembolagetWines } from '../services/systembolaget-import';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Fills a test database with the real catalogue as a first start makes it (db/README.md): the repository's
 * Systembolaget wines (db/data/systembolaget-wines.json, 1,137) with the 2026-08-22 assortment file applied (prices,
 * 'Utgått'). For tests that compare against real data, e.g. the online and offline searches.
 */
export async function importRealCatalogue(db: Knex): Promise<void> {
  await importSystembolagetWines(db, path.resolve(ROOT, loadConfig({}).wineDataFile));
  await applyAssortmentFile(db, path.resolve(ROOT, DEFAULT_ASSORTMENT_FILE));
}
