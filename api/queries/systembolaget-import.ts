import type { Knex } from 'knex';
import type { WineCategory } from '../contract/enums';

// The SQL of the Systembolaget import (api/services/systembolaget-import.ts and assortment-import.ts orchestrate it):
// the wine file's upsert, the applied assortment files, the categories the importer stores, and the slider seeding.
// Rules and units: db/README.md 'The Systembolaget import'.

type Db = Knex | Knex.Transaction;

/** The columns of a `wines` row that the wine file writes (snake_case, as in db/migrations). */
export interface ImportedWineColumns {
  id: string;
  product_number: string;
  name: string;
  description: string;
  /** SEK incl. VAT */
  price: number;
  vintage: number | null;
  country: string | null;
  region: string | null;
  grape_variety: string | null;
  /** % by volume */
  alcohol_content: number;
  systembolaget_url: string;
  /** 1–5 */
  sweetness: number | null;
  acidity: number | null;
  body: number | null;
  tannins: number | null;
  fruity: null;
  food_pairings: string[];
  occasions: string[];
  producer: string | null;
  /** ml */
  volume_ml: number;
  wine_type: string;
  packaging: string | null;
  style: string | null;
  color: string | null;
  serving: string | null;
  assortment: string | null;
  is_organic: boolean;
  /** Systembolaget's internal product id (the key to its photo). */
  product_id: string | null;
  /** 'YYYY-MM-DD' */
  launch_date: string | null;
  /** g per 100 ml */
  sugar_g_per_100ml: number | null;
  is_news: boolean;
  /** The file's sourceDate, 'YYYY-MM-DD': the date of `price`. */
  price_date: string;
  approval_status: 'approved';
  source: 'systembolaget';
}

/** Columns a re-import overwrites every time (the wine's description and facts). */
const FACT_COLUMNS: (keyof ImportedWineColumns)[] = [
  'name',
  'description',
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
  'wine_type',
  'packaging',
  'style',
  'color',
  'serving',
  'is_organic',
  'product_id',
  'sugar_g_per_100ml',
  'is_news',
];

/**
 * Columns a newer assortment file may have set since (db/README.md 'Assortment files'): a re-import of the wine file
 * writes them only where the wine's price_date is not newer than the file's, so it never turns a 2026 price back
 * into a 2021 one.
 */
const DATED_COLUMNS: (keyof ImportedWineColumns)[] = ['price', 'vintage', 'volume_ml', 'assortment', 'launch_date', 'price_date'];

/** Which of `ids` are held by a row of `wines`, with that row's product number (null for a non-imported wine). */
export async function findWinesHoldingIds(db: Db, ids: string[]): Promise<{ id: string; product_number: string | null }[]> {
  const found: { id: string; product_number: string | null }[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    found.push(
      ...(await db('wines')
        .select('id', 'product_number')
        .whereIn('id', ids.slice(i, i + 1000))),
    );
  }
  return found;
}

/**
 * Inserts the wine file's rows, or updates the wine of the same product_number: the facts always, the dated columns
 * (price, vintage, volume, assortment, launch and price date) unless the stored price_date is newer. A new row
 * starts without categories (recomputed after: `writeImportedCategories`); an existing row keeps its categories and
 * its rating. Returns how many rows were inserted and how many updated.
 */
export async function upsertImportedWines(trx: Knex.Transaction, rows: ImportedWineColumns[]): Promise<{ inserted: number; updated: number }> {
  let inserted = 0;
  let updated = 0;
  const merge = {
    ...Object.fromEntries(FACT_COLUMNS.map((c) => [c, trx.raw('excluded.??', [c])])),
    ...Object.fromEntries(
      DATED_COLUMNS.map((c) => [c, trx.raw('case when wines.price_date > excluded.price_date then wines.?? else excluded.?? end', [c, c])]),
    ),
  };
  for (let i = 0; i < rows.length; i += 200) {
    const result: { inserted: boolean }[] = await trx('wines')
      .insert(rows.slice(i, i + 200))
      .onConflict('product_number')
      .merge(merge)
      .returning(trx.raw('(xmax = 0) as inserted'));
    for (const r of result) {
      if (r.inserted) inserted += 1;
      else updated += 1;
    }
  }
  return { inserted, updated };
}

/** Records one import of the wine file in `data_imports` (its sha256, counts and skipped rows as JSON). */
export async function insertDataImport(
  trx: Knex.Transaction,
  record: { file_sha256: string; inserted: number; updated: number; skipped: unknown[] },
): Promise<void> {
  await trx('data_imports').insert({ source: 'systembolaget', ...record, skipped: JSON.stringify(record.skipped) });
}

/** True when the Systembolaget wine file has been imported into this database before. */
export async function hasSystembolagetImport(db: Db): Promise<boolean> {
  return Boolean(await db('data_imports').where({ source: 'systembolaget' }).first('id'));
}

/** True when some imported wine has no price_date yet (imported before the dates were stored: import it again). */
export async function hasUndatedImportedWines(db: Db): Promise<boolean> {
  return Boolean(await db('wines').where({ source: 'systembolaget' }).whereNull('price_date').first('id'));
}

// ---------------------------------------------------------------------------------------------------------------
// Categories

/** What the category rules read of an imported wine (api/services/systembolaget-mapping.ts deriveCategories). */
export interface DbCategoryFacts {
  id: string;
  wine_type: string | null;
  /** SEK */
  price: number;
  /** ml */
  volume_ml: number | null;
  launch_date: string | null;
  discontinued_on: string | null;
  categories: WineCategory[];
}

/** Every imported wine's category facts (Systembolaget's wines; partner and admin wines are not the importer's). */
export async function listImportedCategoryFacts(db: Db): Promise<DbCategoryFacts[]> {
  return db('wines')
    .where({ source: 'systembolaget' })
    .select('id', 'wine_type', 'price', 'volume_ml', 'launch_date', 'discontinued_on', db.raw('categories::text[] as categories'));
}

/**
 * The date of the newest data applied ('YYYY-MM-DD'): the newest price_date of an imported wine or the newest
 * applied assortment file, whichever is later; null before any import. AKTUELLA's window ends there.
 */
export async function newestDataDate(db: Db): Promise<string | null> {
  const result = await db.raw(
    `select greatest((select max(price_date) from wines where source = 'systembolaget'),
                     (select max(source_date) from assortment_imports))::text as date`,
  );
  return (result as { rows: { date: string | null }[] }).rows[0]?.date ?? null;
}

/**
 * Stores the FYND/NYLANSERAD categories of imported wines: `updates` are the importer's categories of each wine (no
 * FOLKETS_VAL); a wine the community put in FOLKETS_VAL keeps it. Rows whose categories don't change are not
 * written (so their version and updated_at stay). Returns the number of wines changed.
 */
export async function writeImportedCategories(trx: Knex.Transaction, updates: { id: string; categories: WineCategory[] }[]): Promise<number> {
  if (!updates.length) return 0;
  const result = await trx.raw(
    `update wines w
        set categories = c.categories::wine_category[]
                         || (case when 'FOLKETS_VAL' = any(w.categories) then array['FOLKETS_VAL']::wine_category[] else '{}' end)
       from jsonb_to_recordset(?::jsonb) as c(id uuid, categories text[])
      where w.id = c.id
        and w.categories is distinct from (c.categories::wine_category[]
                         || (case when 'FOLKETS_VAL' = any(w.categories) then array['FOLKETS_VAL']::wine_category[] else '{}' end))`,
    [JSON.stringify(updates)],
  );
  return (result as { rowCount: number }).rowCount;
}

// ---------------------------------------------------------------------------------------------------------------
// The slider

/** The candidate filters of the slider's slots (positions 1–5), in their order; see `seedSliderMonth`. */
export const SLIDER_SLOT_FILTERS = {
  fynd: (q: Knex.QueryBuilder) => q.whereRaw("'FYND' = any(categories)").where({ packaging: 'Flaska' }),
  red: (q: Knex.QueryBuilder) => q.where({ wine_type: 'Rött vin', packaging: 'Flaska', volume_ml: 750 }).whereBetween('price', [99, 250]),
  white: (q: Knex.QueryBuilder) => q.where({ wine_type: 'Vitt vin', packaging: 'Flaska', volume_ml: 750 }).whereBetween('price', [89, 220]),
  rose: (q: Knex.QueryBuilder) => q.where({ wine_type: 'Rosévin', packaging: 'Flaska', volume_ml: 750 }),
  sparkling: (q: Knex.QueryBuilder) =>
    q.where({ wine_type: 'Mousserande vin', packaging: 'Flaska', volume_ml: 750 }).whereBetween('price', [89, 300]),
} as const;
export type SliderSlot = keyof typeof SLIDER_SLOT_FILTERS;

/** Takes the slider seeder's lock for this transaction: one seeder at a time across processes. */
export async function lockSliderSeeding(trx: Knex.Transaction): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('vinpressen:slider-seed'))");
}

/** True when month `year`-`month` was seeded before or has slider entries (then it is never seeded again). */
export async function isSliderMonthTaken(trx: Knex.Transaction, year: number, month: number): Promise<boolean> {
  const seededBefore = await trx('slider_seeded_months').where({ year, month }).first('year');
  const existing = await trx('slider_entries').where({ year, month }).first('id');
  return Boolean(seededBefore || existing);
}

/**
 * The ids of the public wines a slot may show, by product number: approved, with a taste text, still sold (not
 * 'Utgått'), not among `excluded`.
 */
export async function listSliderCandidates(trx: Knex.Transaction, slot: SliderSlot, excluded: string[]): Promise<string[]> {
  const rows: { id: string }[] = await SLIDER_SLOT_FILTERS[slot](
    trx('wines').select('id').where({ approval_status: 'approved' }).whereNot('description', '').whereNull('discontinued_on'),
  )
    .whereNotIn('id', excluded)
    .orderBy('product_number');
  return rows.map((r) => r.id);
}

/** Writes one slider entry (position 1–10, its label). */
export async function insertSliderEntry(
  trx: Knex.Transaction,
  entry: { year: number; month: number; wine_id: string; position: number; label: string },
): Promise<void> {
  await trx('slider_entries').insert(entry);
}

/** Records that month `year`-`month` was seeded with `entries` entries. */
export async function insertSliderSeededMonth(trx: Knex.Transaction, year: number, month: number, entries: number): Promise<void> {
  await trx('slider_seeded_months').insert({ year, month, entries });
}
