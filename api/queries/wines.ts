import type { Knex } from 'knex';
import type { ApprovalStatus, WineCategory } from '../contract/enums';

/** A row of `wines` as Postgres returns it (snake_case; numerics already parsed to numbers). */
export interface DbWineRow {
  id: string;
  name: string;
  description: string;
  price: number;
  /**
   * 'Folkets betyg': the mean of the approved member reviews' final ratings (1–5, one decimal), null without any
   * (api/services/reviews.ts; README.md 'Reviews'). The only rating the public sees.
   */
  rating: number | null;
  /** The rating the partner (or the admin in the wine form) gave the wine itself, 1–5; never public. */
  producer_rating: number | null;
  categories: WineCategory[] | string;
  vintage: number | null;
  country: string | null;
  region: string | null;
  grape_variety: string | null;
  alcohol_content: number | null;
  systembolaget_url: string | null;
  image_url: string | null;
  sweetness: number | null;
  acidity: number | null;
  body: number | null;
  tannins: number | null;
  fruity: number | null;
  food_pairings: string[];
  occasions: string[];
  is_granskad_vinpressen: boolean;
  approval_status: ApprovalStatus;
  rejection_reason: string | null;
  source: string;
  product_number: string | null;
  producer: string | null;
  volume_ml: number | null;
  wine_type: string | null;
  packaging: string | null;
  style: string | null;
  color: string | null;
  serving: string | null;
  assortment: string | null;
  is_organic: boolean | null;
  /** Systembolaget's internal product id (the key to its photo), null for partner and admin wines. */
  product_id: string | null;
  /** The first launch of the product number in Systembolaget's assortment (pg DATE, parsed as 'YYYY-MM-DD'). */
  launch_date: string | null;
  /** Sugar in g per 100 ml (0: below the measured limit). */
  sugar_g_per_100ml: number | null;
  /** Systembolaget's own 'news' flag. */
  is_news: boolean;
  /** The date of the data that gave `price` ('YYYY-MM-DD'); null for partner and admin wines. */
  price_date: string | null;
  /** How many of Systembolaget's stores stock it, by the newest assortment file (null when unknown). */
  store_count: number | null;
  /** The date of the assortment file that found the wine no longer sold ('Utgått'); null while it is sold. */
  discontinued_on: string | null;
  version: number;
  /** The partner user who owns a partner wine (null for imported and admin wines). */
  owner_user_id: string | null;
  /** The medal an admin awarded at approval (medal_designs.id). */
  medal_design_id: string | null;
  submitted_at: Date | null;
  reviewed_at: Date | null;
  reviewed_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/**
 * The medal design's name and category, which every query that feeds `presentWine` selects beside the wine's own
 * columns (api/queries/wines.ts `wineMedalColumns`); both null when the wine has no medal.
 */
export interface DbWineMedalColumns {
  medal_name: string | null;
  medal_category: string | null;
}

/** A wine row with its medal design's columns: what `presentWine` presents. */
export type DbPublicWineRow = DbWineRow & DbWineMedalColumns;

/**
 * The medal design's name and category of the wine aliased `alias` in a query (medal_name, medal_category; null
 * without a medal): select them beside `${alias}.*` wherever rows go to presentWine / presentWineSummary. Scalar
 * subqueries on the design's primary key, so no join changes the meaning of the caller's unqualified columns.
 */
export function wineMedalColumns(db: Knex | Knex.Transaction, alias = 'wines'): Knex.Raw[] {
  return [
    db.raw('(select md.name from medal_designs md where md.id = ??.medal_design_id) as medal_name', [alias]),
    db.raw('(select md.category from medal_designs md where md.id = ??.medal_design_id) as medal_category', [alias]),
  ];
}

/** Public wines are approved ones: drafts, pending and rejected partner wines never leak into public lists. */
export const publicWines = (db: Knex | Knex.Transaction) => db<DbPublicWineRow>('wines').where('approval_status', 'approved');

// Price per litre, with 750 ml assumed where the volume is unknown (admin- or partner-entered wines).
const PRICE_PER_LITRE = 'price / coalesce(volume_ml, 750)';

/**
 * One page of public wines for GET /api/wines and the number of all matching wines, ordered the way each
 * list is read: FYND cheapest per litre first; NYLANSERAD latest launch first; FOLKETS_VAL best rated
 * first; otherwise by name. Wines no longer sold ('Utgått') are left out. `ids` returns exactly those public wines,
 * in the order given (no paging), 'Utgått' or not.
 * Each row carries its medal (medal_name, medal_category).
 */
export async function listPublicWines(
  db: Knex | Knex.Transaction,
  opts: { category?: WineCategory; ids?: string[]; limit: number; offset: number },
): Promise<{ rows: DbPublicWineRow[]; total: number }> {
  const filtered = () => {
    const q = publicWines(db);
    if (opts.category) q.whereRaw('categories @> array[?]::wine_category[]', [opts.category]);
    if (opts.ids) q.whereIn('id', opts.ids);
    // Wines no longer sold ('Utgått') stay reachable by id (a recipe's wine, a visited page) but leave the lists.
    else q.whereNull('discontinued_on');
    return q;
  };
  const page = filtered().select('wines.*', ...wineMedalColumns(db));
  if (opts.ids) {
    page.orderByRaw('array_position(?::uuid[], id)', [opts.ids]);
  } else {
    if (opts.category === 'FYND') page.orderByRaw(`${PRICE_PER_LITRE} asc`).orderBy('name');
    else if (opts.category === 'NYLANSERAD') page.orderByRaw('launch_date desc nulls last').orderBy('created_at', 'desc').orderBy('name');
    else if (opts.category === 'FOLKETS_VAL') page.orderByRaw('rating desc nulls last').orderBy('name');
    else page.orderBy('name');
    // id last: a stable order, so that consecutive pages never repeat or skip a wine.
    page.orderBy('id').limit(opts.limit).offset(opts.offset);
  }
  const [rows, counted] = await Promise.all([page, filtered().count<{ count: number }[]>({ count: '*' })]);
  return { rows, total: Number(counted[0]?.count ?? 0) };
}

/** One public wine with its medal (medal_name, medal_category), or undefined. */
export async function findPublicWine(db: Knex | Knex.Transaction, id: string): Promise<DbPublicWineRow | undefined> {
  return publicWines(db)
    .where('id', id)
    .select('wines.*', ...wineMedalColumns(db))
    .first();
}

/** A wine's name and approval status by id, any status (admin checks and audit texts), or undefined. */
export async function findWineNameAndStatus(
  db: Knex | Knex.Transaction,
  id: string,
): Promise<{ name: string; approval_status: DbPublicWineRow['approval_status'] } | undefined> {
  return db('wines').where({ id }).first('name', 'approval_status');
}

/** Whether wine `id` exists, whatever its status. */
export async function wineExists(db: Knex | Knex.Transaction, id: string): Promise<boolean> {
  return Boolean(await db('wines').where({ id }).first('id'));
}

/** A wine's name by id, or undefined (audit texts of rows whose wine may be gone). */
export async function findWineName(db: Knex | Knex.Transaction, id: string): Promise<string | undefined> {
  return (await db('wines').where({ id }).first<{ name: string } | undefined>('name'))?.name;
}

/** The facts a content page's wine showcase links to: id, name, vintage and price (SEK per bottle). */
export type DbShowcaseWineRow = Pick<DbWineRow, 'id' | 'name' | 'vintage' | 'price'>;

/**
 * The public (approved) wines among `ids`, in no particular order: drafts, pending, rejected and unknown ids are left
 * out, so a showcase never links to a wine the public can't see. An empty list for no ids.
 */
export async function listShowcaseWines(db: Knex | Knex.Transaction, ids: readonly string[]): Promise<DbShowcaseWineRow[]> {
  return (await db('wines')
    .whereIn('id', [...ids])
    .where({ approval_status: 'approved' })
    .select('id', 'name', 'vintage', 'price')) as DbShowcaseWineRow[];
}

/** A wine's community figures as stored: rating (numeric, as pg sends it) and categories (a pg array). */
export interface DbWineFigures {
  id: string;
  name: string;
  rating: string | null;
  categories: string[] | string;
}

/** A wine's name, rating and categories (moderation answers). */
export async function findWineFigures(db: Knex | Knex.Transaction, id: string): Promise<DbWineFigures> {
  return (await db('wines').where({ id }).first('id', 'name', 'rating', 'categories')) as DbWineFigures;
}

/**
 * Stores a wine's community rating (1–5, one decimal; null leaves it) and adds FOLKETS_VAL when `joinsFolketsVal`
 * (never removes it). Always bumps updated_at, so the public caches hear of the change. Returns the figures after.
 */
export async function applyWineCommunityFigures(
  trx: Knex.Transaction,
  id: string,
  rating: number | null,
  joinsFolketsVal: boolean,
): Promise<Omit<DbWineFigures, 'name'>> {
  const [wine] = (await trx('wines')
    .where({ id })
    .update({
      ...(rating !== null ? { rating } : {}),
      ...(joinsFolketsVal
        ? { categories: trx.raw(`case when 'FOLKETS_VAL' = any(categories) then categories else array_append(categories, 'FOLKETS_VAL') end`) }
        : {}),
      updated_at: trx.fn.now(),
    })
    .returning(['id', 'rating', 'categories'])) as Omit<DbWineFigures, 'name'>[];
  return wine!;
}
