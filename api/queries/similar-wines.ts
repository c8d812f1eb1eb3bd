import type { Knex } from 'knex';
import { pricePerLitre, similarPriceBand } from '../contract/similar-wines';
import { type DbPublicWineRow, publicWines, wineMedalColumns } from './wines';

/**
 * Price per litre in kr/l (price in SEK, volume in ml, 750 ml where unknown), written as the index
 * wines_type_price_per_litre_idx has it (db/migrations/20261126000100_index_wines_similar.ts).
 */
const PRICE_PER_LITRE_SQL = 'price * 1000 / coalesce(volume_ml, 750)';

/**
 * A kr/l band a little wider than the rule's (api/contract/similar-wines.ts), so that numeric rounding in SQL never
 * leaves out a wine on the edge: the rule itself decides the band exactly.
 */
const BAND_MARGIN = 0.001;

/**
 * The candidates of 'Liknande viner' for `target`: the other public wines of its type still sold (no 'Utgått' date)
 * whose price per litre is within the rule's ±25 % band, each with its medal columns. An index range scan
 * (wines_type_price_per_litre_idx); the rule then orders and cuts them in TypeScript. None for a wine without a type
 * or a positive price.
 */
export function similarWineCandidatesQuery(db: Knex | Knex.Transaction, target: Pick<DbPublicWineRow, 'id' | 'wine_type' | 'price' | 'volume_ml'>) {
  const band = similarPriceBand(pricePerLitre({ price: Number(target.price), volumeMl: target.volume_ml }));
  return publicWines(db)
    .where('wine_type', target.wine_type ?? '')
    .whereRaw(`${PRICE_PER_LITRE_SQL} between ? and ?`, [band.min * (1 - BAND_MARGIN), band.max * (1 + BAND_MARGIN)])
    .whereNull('discontinued_on')
    .whereNot('id', target.id)
    .select('wines.*', ...wineMedalColumns(db));
}

/** The rows of similarWineCandidatesQuery; none when the target has no type or no positive price. */
export async function findSimilarWineCandidates(
  db: Knex | Knex.Transaction,
  target: Pick<DbPublicWineRow, 'id' | 'wine_type' | 'price' | 'volume_ml'>,
): Promise<DbPublicWineRow[]> {
  if (!target.wine_type || !(Number(target.price) > 0)) return [];
  return similarWineCandidatesQuery(db, target);
}
