import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Knex } from 'knex';
import {
  findWinesHoldingIds,
  hasSystembolagetImport,
  hasUndatedImportedWines as hasUndatedImportedWinesQuery,
  insertDataImport,
  insertSliderEntry,
  insertSliderSeededMonth,
  isSliderMonthTaken,
  listImportedCategoryFacts,
  listSliderCandidates,
  lockSliderSeeding,
  newestDataDate,
  type SliderSlot,
  upsertImportedWines,
  writeImportedCategories,
} from '../queries/systembolaget-import';
import { medianPricePerLitreByType } from '../queries/wine-prices';
import { SystembolagetRow, deriveCategories, mapSystembolagetRow } from './systembolaget-mapping';

export interface SkippedRow {
  /** 0-based index in the file's array */
  index: number;
  productNumber: string | null;
  reason: string;
}

export interface ImportReport {
  total: number;
  inserted: number;
  updated: number;
  skipped: SkippedRow[];
}

/**
 * Imports (or re-imports) the Systembolaget wine file into `wines`, in one transaction.
 *
 * Idempotent: rows are matched on product_number; a re-import updates the data fields (but never turns a newer
 * assortment file's price, vintage, volume, assortment or launch date back: db/README.md), recomputes
 * FYND/NYLANSERAD of every imported wine and keeps FOLKETS_VAL (earned by reviews). Rows that fail validation are
 * skipped and reported with the reason; nothing else is written for them.
 *
 * @throws Error when the file can't be read or isn't a JSON array.
 */
export async function importSystembolagetWines(db: Knex, filePath: string): Promise<ImportReport> {
  const raw = await fs.readFile(filePath);
  const data: unknown = JSON.parse(raw.toString('utf8'));
  if (!Array.isArray(data)) throw new Error(`${filePath}: expected a JSON array of wines`);

  const valid: SystembolagetRow[] = [];
  const validIndex: number[] = [];
  const skipped: SkippedRow[] = [];
  const seen = new Set<string>();
  data.forEach((item: unknown, index) => {
    const parsed = SystembolagetRow.safeParse(item);
    const pn = typeof item === 'object' && item && 'productNumber' in item ? String(item.productNumber) : null;
    if (!parsed.success) {
      skipped.push({ index, productNumber: pn, reason: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    } else if (seen.has(parsed.data.productNumber)) {
      skipped.push({ index, productNumber: pn, reason: 'duplicate productNumber in file' });
    } else {
      seen.add(parsed.data.productNumber);
      valid.push(parsed.data);
      validIndex.push(index);
    }
  });

  const mapped = valid.map(mapSystembolagetRow);
  let counts = { inserted: 0, updated: 0 };

  await db.transaction(async (trx) => {
    // A wine's id is derived from its product number; a row of another wine holding that id (nothing the importer
    // made: clients may only choose random v4 ids) is reported and skipped instead of failing the whole import.
    const taken = new Map(
      (
        await findWinesHoldingIds(
          trx,
          mapped.map((r) => r.id),
        )
      ).map((w) => [w.id, w.product_number]),
    );
    const rows = mapped.filter((r, i) => {
      if (!taken.has(r.id) || taken.get(r.id) === r.product_number) return true;
      skipped.push({ index: validIndex[i]!, productNumber: r.product_number, reason: `id ${r.id} is taken by another wine` });
      return false;
    });
    counts = await upsertImportedWines(trx, rows);
    await recomputeImportedCategories(trx);
    await insertDataImport(trx, { file_sha256: createHash('sha256').update(raw).digest('hex'), ...counts, skipped });
  });
  return { total: data.length, ...counts, skipped };
}

/**
 * Recomputes FYND and NYLANSERAD of every imported wine from the data as it now stands (db/README.md 'Categories'):
 * the medians per type of the wines still sold at their current prices, and the newest data's date. FOLKETS_VAL
 * stays where the community put it; partner and admin wines are not touched. Returns the number of wines changed.
 */
export async function recomputeImportedCategories(trx: Knex.Transaction): Promise<number> {
  const dataDate = await newestDataDate(trx);
  if (!dataDate) return 0;
  const ctx = { medianPricePerLitreByType: await medianPricePerLitreByType(trx), dataDate };
  const updates = (await listImportedCategoryFacts(trx)).map((w) => ({
    id: w.id,
    categories: deriveCategories(
      { wineType: w.wine_type, price: w.price, volumeMl: w.volume_ml, launchDate: w.launch_date, discontinuedOn: w.discontinued_on },
      ctx,
    ),
  }));
  return writeImportedCategories(trx, updates);
}

/** True when some imported wine has no price date: imported by an older version, so the wine file should be imported again. */
export async function hasUndatedImportedWines(db: Knex): Promise<boolean> {
  return hasUndatedImportedWinesQuery(db);
}

/** True when the Systembolaget data has been imported into this database before. */
export async function hasImportedSystembolaget(db: Knex): Promise<boolean> {
  return hasSystembolagetImport(db);
}

const SLIDER_SLOTS: { slot: SliderSlot; label: string }[] = [
  { slot: 'fynd', label: 'Månadens fynd' },
  { slot: 'red', label: 'Månadens röda' },
  { slot: 'white', label: 'Månadens vita' },
  { slot: 'rose', label: 'Månadens rosé' },
  { slot: 'sparkling', label: 'Månadens bubbel' },
];

/**
 * Seeds the slider of one month (positions 1–5: a bargain, a red, a white, a rosé and a sparkling wine
 * from the public wines) unless the month has entries or was seeded before (slider_seeded_months), so an
 * admin's emptied month stays empty. The pick rotates with the month, so each month shows other wines.
 * Safe to call from several processes at once. Returns the number of entries written.
 */
export async function seedSliderMonth(db: Knex, year: number, month: number): Promise<number> {
  return db.transaction(async (trx) => {
    // One seeder at a time across processes (two API processes starting together).
    await lockSliderSeeding(trx);
    if (await isSliderMonthTaken(trx, year, month)) return 0;
    const chosen: string[] = [];
    let position = 1;
    for (const { slot, label } of SLIDER_SLOTS) {
      const candidates = await listSliderCandidates(trx, slot, chosen);
      if (!candidates.length) continue;
      const pick = candidates[(year * 12 + month) % candidates.length]!;
      chosen.push(pick);
      await insertSliderEntry(trx, { year, month, wine_id: pick, position, label });
      position += 1;
    }
    if (chosen.length) await insertSliderSeededMonth(trx, year, month, chosen.length);
    return chosen.length;
  });
}
