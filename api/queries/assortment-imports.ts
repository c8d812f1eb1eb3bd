import type { Knex } from 'knex';

// The SQL of applying an assortment file (api/services/assortment-import.ts; rules in db/README.md 'Assortment files').

/** A row of `assortment_imports`: one applied file, by its sourceDate. */
export interface DbAssortmentImportRow {
  /** 'YYYY-MM-DD' */
  source_date: string;
  sha256: string;
  applied_at: Date;
  counts: Record<string, number>;
}

/** Takes the assortment lock for this transaction: one file applied at a time across processes. */
export async function lockAssortmentImports(trx: Knex.Transaction): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('vinpressen:assortment-import'))");
}

/** The applied file of `sourceDate` ('YYYY-MM-DD'), or undefined. */
export async function findAssortmentImport(db: Knex | Knex.Transaction, sourceDate: string): Promise<DbAssortmentImportRow | undefined> {
  return db('assortment_imports').where({ source_date: sourceDate }).first();
}

/** The sourceDate of the newest applied file ('YYYY-MM-DD'), or null. */
export async function newestAssortmentImportDate(db: Knex | Knex.Transaction): Promise<string | null> {
  const row = await db('assortment_imports').max<{ max: string | null }>('source_date as max').first();
  return row?.max ?? null;
}

/** Records an applied file with its counts (rows, updated, mismatched, …: AssortmentCounts). */
export async function insertAssortmentImport(
  trx: Knex.Transaction,
  record: { source_date: string; sha256: string; counts: Record<string, number> },
): Promise<void> {
  await trx('assortment_imports').insert({ ...record, counts: JSON.stringify(record.counts) });
}

/** What applying a file reads of an imported wine: its number, names, packaging and current price facts. */
export interface DbAssortmentTarget {
  id: string;
  product_number: string;
  name: string;
  producer: string | null;
  packaging: string | null;
  /** SEK */
  price: number;
  vintage: number | null;
  /** ml */
  volume_ml: number | null;
  /** 'YYYY-MM-DD' */
  price_date: string | null;
  discontinued_on: string | null;
}

/** Every imported (Systembolaget) wine with a product number, as `DbAssortmentTarget`. */
export async function listAssortmentTargets(trx: Knex.Transaction): Promise<DbAssortmentTarget[]> {
  return trx('wines')
    .where({ source: 'systembolaget' })
    .whereNotNull('product_number')
    .select('id', 'product_number', 'name', 'producer', 'packaging', 'price', 'vintage', 'volume_ml', 'price_date', 'discontinued_on');
}

/** Keeps earlier prices (SEK, vintage, volume ml) under their dates; a price already kept for that date stays. */
export async function insertPriceHistory(
  trx: Knex.Transaction,
  rows: { wine_id: string; price_date: string; price: number; vintage: number | null; volume_ml: number | null }[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const result = await trx('wine_price_history')
      .insert(rows.slice(i, i + 500))
      .onConflict(['wine_id', 'price_date'])
      .ignore()
      .returning('wine_id');
    inserted += result.length;
  }
  return inserted;
}

/** A wine's current facts by an assortment file: price SEK, vintage, volume ml, stores, assortment text, dates. */
export interface AssortmentUpdate {
  id: string;
  price: number;
  vintage: number | null;
  volume_ml: number | null;
  store_count: number | null;
  assortment: string | null;
  launch_date: string | null;
  price_date: string;
}

/**
 * Writes the current facts of wines a file still sells: price, vintage, store count, assortment text and price_date
 * as given; volume and launch date only where the file gives one. The wine is sold again (discontinued_on null).
 */
export async function updateWinesFromAssortment(trx: Knex.Transaction, updates: AssortmentUpdate[]): Promise<number> {
  if (!updates.length) return 0;
  const result = await trx.raw(
    `update wines w
        set price = u.price, vintage = u.vintage, volume_ml = coalesce(u.volume_ml, w.volume_ml), store_count = u.store_count,
            assortment = u.assortment, launch_date = coalesce(u.launch_date, w.launch_date), price_date = u.price_date,
            discontinued_on = null
       from jsonb_to_recordset(?::jsonb) as u(id uuid, price numeric, vintage integer, volume_ml integer, store_count integer,
                                              assortment text, launch_date date, price_date date)
      where w.id = u.id`,
    [JSON.stringify(updates)],
  );
  return (result as { rowCount: number }).rowCount;
}

/** Marks wines 'Utgått' as of `date` ('YYYY-MM-DD'); a wine marked before keeps its earlier date. */
export async function markWinesDiscontinued(trx: Knex.Transaction, ids: string[], date: string): Promise<number> {
  let changed = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    changed += await trx('wines')
      .whereIn('id', ids.slice(i, i + 1000))
      .whereNull('discontinued_on')
      .update({ discontinued_on: date });
  }
  return changed;
}
