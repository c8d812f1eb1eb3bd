import type { Knex } from 'knex';
import type { DbPublicWineRow } from './wines';
import { wineMedalColumns } from './wines';

export interface DbSliderRow {
  slider_id: string;
  slider_label: string;
  slider_position: number;
}

/** Slider entries of a month whose wine is public, in position order, each with its wine's columns. */
export async function listSliderEntries(db: Knex | Knex.Transaction, year: number, month: number): Promise<(DbSliderRow & DbPublicWineRow)[]> {
  return db('slider_entries as s')
    .join('wines as w', 'w.id', 's.wine_id')
    .where({ 's.year': year, 's.month': month, 'w.approval_status': 'approved' })
    .orderBy('s.position')
    .select('w.*', ...wineMedalColumns(db, 'w'), 's.id as slider_id', 's.label as slider_label', 's.position as slider_position');
}
