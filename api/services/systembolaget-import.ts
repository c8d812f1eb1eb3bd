import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Knex } from 'knex';
import { SystembolagetRow, buildCategoryContext, mapSystembolagetRow, type ImportedWineColumns } from './systembolaget-mapping';

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

const IMPORTED_COLUMNS: (keyof ImportedWineColumns)[] = [
  'name',
  'description',
  'price',
  'vintage',
  'country',
  'region',
  'grape_variety',
  'alcohol_content',
  'systembolaget_url',
  'sweetness',
  'acidity',
  'body',
  'tannins',
  'food_pairings',
  'occasions',
  'producer',
  'volume_ml',
  'wine_type',
  'packaging',
  'style',
  'color',
  'serving',
  'assortment',
  'is_organic',
];

/**
 * Imports (or re-imports) the Systembolaget wine file into `wines`, in one transaction.
 *
 * Idempotent: rows are matched on product_number; a re-import updates the data fields, recomputes
 * FYND/NYLANSERAD and keeps FOLKETS_VAL (earned by reviews). Rows that fail validation are skipped and
 * reported with the reason; nothing else is written for them.
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

  const ctx = buildCategoryContext(valid);
  const mapped = valid.map((r) => mapSystembolagetRow(r, ctx));
  let inserted = 0;
  let updated = 0;

  await db.transaction(async (trx) => {
    // A wine's id is derived from its product number; a row of another wine holding that id (nothing the importer
    // made: clients may only choose random v4 ids) is reported and skipped instead of failing the whole import.
    const taken = new Map<string, string | null>();
    for (let i = 0; i < mapped.length; i += 1000) {
      const ids = mapped.slice(i, i + 1000).map((r) => r.id);
      for (const w of await trx('wines').select('id', 'product_number').whereIn('id', ids)) taken.set(w.id, w.product_number);
    }
    const rows = mapped.filter((r, i) => {
      if (!taken.has(r.id) || taken.get(r.id) === r.product_number) return true;
      skipped.push({ index: validIndex[i]!, productNumber: r.product_number, reason: `id ${r.id} is taken by another wine` });
      return false;
    });
    for (let i = 0; i < rows.length; i += 200) {
      const chunk = rows.slice(i, i + 200);
      const merge = Object.fromEntries(IMPORTED_COLUMNS.map((c) => [c, trx.raw('excluded.??', [c])]));
      const result: { inserted: boolean }[] = await trx('wines')
        .insert(chunk)
        .onConflict('product_number')
        .merge({
          ...merge,
          // FYND/NYLANSERAD follow the data; FOLKETS_VAL is kept when the community gave it.
          categories: trx.raw(
            "excluded.categories || (case when 'FOLKETS_VAL' = any(wines.categories) then array['FOLKETS_VAL']::wine_category[] else '{}' end)",
          ),
        })
        .returning(trx.raw('(xmax = 0) as inserted'));
      for (const r of result) {
        if (r.inserted) inserted += 1;
        else updated += 1;
      }
    }
    await trx('data_imports').insert({
      source: 'systembolaget',
      file_sha256: createHash('sha256').update(raw).digest('hex'),
      inserted,
      updated,
      skipped: JSON.stringify(skipped),
    });
  });
  return { total: data.length, inserted, updated, skipped };
}

/** True when the Systembolaget data has been imported into this database before. */
export async function hasImportedSystembolaget(db: Knex): Promise<boolean> {
  const row = await db('data_imports').where({ source: 'systembolaget' }).first('id');
  return Boolean(row);
}

interface SliderSlot {
  label: string;
  where: (q: Knex.QueryBuilder) => Knex.QueryBuilder;
}

const SLIDER_SLOTS: SliderSlot[] = [
  { label: 'Månadens fynd', where: (q) => q.whereRaw("'FYND' = any(categories)").where({ packaging: 'Flaska' }) },
  { label: 'Månadens röda', where: (q) => q.where({ wine_type: 'Rött vin', packaging: 'Flaska', volume_ml: 750 }).whereBetween('price', [99, 250]) },
  { label: 'Månadens vita', where: (q) => q.where({ wine_type: 'Vitt vin', packaging: 'Flaska', volume_ml: 750 }).whereBetween('price', [89, 220]) },
  { label: 'Månadens rosé', where: (q) => q.where({ wine_type: 'Rosévin', packaging: 'Flaska', volume_ml: 750 }) },
  {
    label: 'Månadens bubbel',
    where: (q) => q.where({ wine_type: 'Mousserande vin', packaging: 'Flaska', volume_ml: 750 }).whereBetween('price', [89, 300]),
  },
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
    await trx.raw("select pg_advisory_xact_lock(hashtext('vinpressen:slider-seed'))");
    const seededBefore = await trx('slider_seeded_months').where({ year, month }).first('year');
    const existing = await trx('slider_entries').where({ year, month }).first('id');
    if (seededBefore || existing) return 0;
    const chosen: string[] = [];
    let position = 1;
    for (const slot of SLIDER_SLOTS) {
      const candidates: { id: string }[] = await slot
        .where(trx('wines').select('id').where({ approval_status: 'approved' }).whereNot('description', ''))
        .whereNotIn('id', chosen)
        .orderBy('product_number');
      if (!candidates.length) continue;
      const pick = candidates[(year * 12 + month) % candidates.length]!;
      chosen.push(pick.id);
      await trx('slider_entries').insert({ year, month, wine_id: pick.id, position, label: slot.label });
      position += 1;
    }
    if (chosen.length) await trx('slider_seeded_months').insert({ year, month, entries: chosen.length });
    return chosen.length;
  });
}
