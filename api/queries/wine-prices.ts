import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/**
 * The median price per litre (SEK/l) of each wine type ('Rött vin', 'Vitt vin', …) over Systembolaget's wines still
 * sold (approved, not 'Utgått', volume known), each at its last known price: the yardstick of FYND
 * (db/README.md 'Categories'). The importer stores the categories from it and the lists explain a FYND with it, so
 * both read this one query. Types with no such wine are absent.
 */
export async function medianPricePerLitreByType(db: Db): Promise<Record<string, number>> {
  const rows: { wine_type: string; median: number }[] = await db('wines')
    .where({ source: 'systembolaget', approval_status: 'approved' })
    .whereNull('discontinued_on')
    .whereNotNull('volume_ml')
    .whereNotNull('wine_type')
    .groupBy('wine_type')
    .select('wine_type', db.raw('percentile_cont(0.5) within group (order by price * 1000.0 / volume_ml)::float8 as median'));
  return Object.fromEntries(rows.map((r) => [r.wine_type, r.median]));
}

/** One earlier price of a wine (wine_price_history): SEK, the vintage and volume (ml) it was for, and its date. */
export interface DbWinePriceHistoryRow {
  wine_id: string;
  /** 'YYYY-MM-DD' */
  price_date: string;
  /** SEK */
  price: number;
  vintage: number | null;
  /** ml */
  volume_ml: number | null;
}

/** The earlier prices of `wineIds`, oldest first within each wine. */
export async function listWinePriceHistory(db: Db, wineIds: string[]): Promise<DbWinePriceHistoryRow[]> {
  if (!wineIds.length) return [];
  return db('wine_price_history')
    .whereIn('wine_id', wineIds)
    .select('wine_id', 'price_date', 'price', 'vintage', 'volume_ml')
    .orderBy([{ column: 'wine_id' }, { column: 'price_date' }]);
}
