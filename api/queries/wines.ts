import type { Knex } from 'knex';
import type { WineCategory } from '../contract/enums';
import type { DbWineRow } from '../presenters/wine';

/** Public wines are approved ones: drafts, pending and rejected partner wines never leak into public lists. */
export const publicWines = (db: Knex | Knex.Transaction) => db<DbWineRow>('wines').where('approval_status', 'approved');

// Price per litre, with 750 ml assumed where the volume is unknown (admin- or partner-entered wines).
const PRICE_PER_LITRE = 'price / coalesce(volume_ml, 750)';

/**
 * Public wines for GET /api/wines, ordered the way each list is read:
 * FYND cheapest per litre first; NYLANSERAD newest vintage first; FOLKETS_VAL best rated first;
 * otherwise by name. `ids` keeps only those wines (in the order given).
 */
export async function listPublicWines(
  db: Knex | Knex.Transaction,
  opts: { category?: WineCategory; ids?: string[]; limit?: number },
): Promise<DbWineRow[]> {
  const q = publicWines(db).select('*');
  if (opts.category) q.whereRaw('categories @> array[?]::wine_category[]', [opts.category]);
  if (opts.ids) {
    q.whereIn('id', opts.ids).orderByRaw('array_position(?::uuid[], id)', [opts.ids]);
  } else if (opts.category === 'FYND') {
    q.orderByRaw(`${PRICE_PER_LITRE} asc`).orderBy('name');
  } else if (opts.category === 'NYLANSERAD') {
    q.orderByRaw('vintage desc nulls last').orderBy('created_at', 'desc').orderBy('name');
  } else if (opts.category === 'FOLKETS_VAL') {
    q.orderByRaw('rating desc nulls last').orderBy('name');
  } else {
    q.orderBy('name');
  }
  if (opts.limit) q.limit(opts.limit);
  return q;
}

/** One public wine, or undefined. */
export async function findPublicWine(db: Knex | Knex.Transaction, id: string): Promise<DbWineRow | undefined> {
  return publicWines(db).where('id', id).first();
}
