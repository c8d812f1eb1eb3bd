import type { Knex } from 'knex';
import type { DbPublicWineRow } from './wines';
import { wineMedalColumns } from './wines';

/** A row of `slider_entries` (spec 001 §3 'Slider entry'). */
export interface DbSliderEntryRow {
  id: string;
  year: number;
  month: number;
  wine_id: string;
  position: number;
  label: string;
  created_at: Date;
  updated_at: Date;
}

/** A slider entry with its wine's columns (wine columns as in `wines`, the entry's under `entry_*`). */
export type DbSliderEntryWithWine = DbPublicWineRow & {
  entry_id: string;
  entry_year: number;
  entry_month: number;
  entry_position: number;
  entry_label: string;
  entry_created_at: Date;
  entry_updated_at: Date;
};

const withWine = (db: Knex | Knex.Transaction) =>
  db('slider_entries as s')
    .join('wines as w', 'w.id', 's.wine_id')
    .select(
      'w.*',
      ...wineMedalColumns(db, 'w'),
      's.id as entry_id',
      's.year as entry_year',
      's.month as entry_month',
      's.position as entry_position',
      's.label as entry_label',
      's.created_at as entry_created_at',
      's.updated_at as entry_updated_at',
    );

/** Every entry of a month (whatever its wine's status: the admin sees all), in position order, with the wine. */
export async function listMonthEntries(db: Knex | Knex.Transaction, year: number, month: number): Promise<DbSliderEntryWithWine[]> {
  return withWine(db).where({ 's.year': year, 's.month': month }).orderBy('s.position');
}

/** One entry with its wine, or undefined. */
export async function findEntryWithWine(db: Knex | Knex.Transaction, id: string): Promise<DbSliderEntryWithWine | undefined> {
  return withWine(db).where('s.id', id).first();
}

/** One entry, or undefined. */
export async function findEntry(db: Knex | Knex.Transaction, id: string): Promise<DbSliderEntryRow | undefined> {
  return db<DbSliderEntryRow>('slider_entries').where({ id }).first();
}

/**
 * Serialises every slider write of one month (a transaction-scoped advisory lock, so that it also covers
 * inserts into an empty month): two admins cannot both take position 3, nor swap on positions that just
 * changed. Then returns the month's entries in position order.
 */
export async function lockMonth(trx: Knex.Transaction, year: number, month: number): Promise<DbSliderEntryRow[]> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('slider_entries'), ?)", [year * 100 + month]);
  return trx<DbSliderEntryRow>('slider_entries').where({ year, month }).orderBy('position');
}

/** Inserts an entry and returns it. */
export async function insertEntry(
  db: Knex | Knex.Transaction,
  entry: { year: number; month: number; wineId: string; position: number; label: string },
): Promise<DbSliderEntryRow> {
  const [row] = await db<DbSliderEntryRow>('slider_entries')
    .insert({ year: entry.year, month: entry.month, wine_id: entry.wineId, position: entry.position, label: entry.label })
    .returning('*');
  return row!;
}

/** Sets position and/or label of an entry (and updated_at). */
export async function updateEntry(db: Knex | Knex.Transaction, id: string, changes: { position?: number; label?: string }): Promise<void> {
  await db('slider_entries')
    .where({ id })
    .update({ ...changes, updated_at: db.fn.now() });
}

/** Deletes an entry. @returns whether it existed */
export async function deleteEntry(db: Knex | Knex.Transaction, id: string): Promise<boolean> {
  return (await db('slider_entries').where({ id }).delete()) > 0;
}
