import type { Knex } from 'knex';
import type { ApprovalStatus, WineCategory, WineSource } from '../contract/enums';
import type { DbWineRow } from '../presenters/wine';

/** Escapes LIKE wildcards so that a search for '50%' finds '50%' (backslash is Postgres' default LIKE escape). */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface AdminWineFilter {
  /** Part of the name, region or grape variety (case-insensitive). */
  q?: string;
  category?: WineCategory;
  approvalStatus?: ApprovalStatus;
  /** Where the wine came from ('partner' for the partner review). */
  source?: WineSource;
}

/**
 * One page of wines of every approval status for the admin list (spec 001 §2 'Wines tab'), newest first (id
 * breaks ties, so pages never repeat or skip a wine), and the number of all matching wines.
 */
export async function listAdminWines(
  db: Knex | Knex.Transaction,
  opts: AdminWineFilter & { limit: number; offset: number },
): Promise<{ rows: DbWineRow[]; total: number }> {
  const filtered = () => {
    const q = db<DbWineRow>('wines');
    if (opts.q) {
      const pattern = likeContains(opts.q);
      q.where((w) => w.whereILike('name', pattern).orWhereILike('region', pattern).orWhereILike('grape_variety', pattern));
    }
    if (opts.category) q.whereRaw('categories @> array[?]::wine_category[]', [opts.category]);
    if (opts.approvalStatus) q.where('approval_status', opts.approvalStatus);
    if (opts.source) q.where('source', opts.source);
    return q;
  };
  const page = filtered().select('*').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(opts.limit).offset(opts.offset);
  const [rows, counted] = await Promise.all([page, filtered().count<{ count: string }[]>({ count: '*' })]);
  return { rows, total: Number(counted[0]?.count ?? 0) };
}

/** Any wine by id, whatever its status; `forUpdate` locks the row until the transaction ends. */
export async function findWineById(db: Knex | Knex.Transaction, id: string, opts: { forUpdate?: boolean } = {}): Promise<DbWineRow | undefined> {
  const q = db<DbWineRow>('wines').where('id', id).first();
  if (opts.forUpdate) q.forUpdate();
  return q;
}

/** The columns an admin writes (snake_case). `categories` is cast to the enum array here. */
export type AdminWineColumns = Partial<
  Pick<
    DbWineRow,
    | 'name'
    | 'description'
    | 'price'
    | 'rating'
    | 'vintage'
    | 'country'
    | 'region'
    | 'grape_variety'
    | 'alcohol_content'
    | 'systembolaget_url'
    | 'image_url'
    | 'sweetness'
    | 'acidity'
    | 'body'
    | 'tannins'
    | 'fruity'
    | 'food_pairings'
    | 'occasions'
    | 'is_granskad_vinpressen'
    | 'approval_status'
    | 'rejection_reason'
    | 'source'
  >
> & { categories?: WineCategory[] };

function toDb(db: Knex | Knex.Transaction, columns: AdminWineColumns): Record<string, unknown> {
  const { categories, ...rest } = columns;
  // node-pg sends JS arrays as text[]: an enum array needs an explicit cast.
  return categories === undefined ? rest : { ...rest, categories: db.raw('?::wine_category[]', [categories]) };
}

/** Inserts a wine and returns the stored row. */
export async function insertWine(db: Knex | Knex.Transaction, columns: AdminWineColumns & Pick<DbWineRow, 'name' | 'price' | 'source'>): Promise<DbWineRow> {
  const [row] = await db('wines').insert(toDb(db, columns)).returning('*');
  return row as DbWineRow;
}

/** Changes the given columns of wine `id` and returns the stored row (undefined when there is no such wine). */
export async function updateWine(db: Knex | Knex.Transaction, id: string, columns: AdminWineColumns): Promise<DbWineRow | undefined> {
  const [row] = await db('wines').where('id', id).update(toDb(db, columns)).returning('*');
  return row as DbWineRow | undefined;
}

/** What deleting a wine takes with it (the foreign keys cascade): counts of its rows in the dependent tables. */
export async function countWineDependents(
  db: Knex | Knex.Transaction,
  id: string,
): Promise<{ reviews: number; expertReviews: number; sliderEntries: number }> {
  const { rows } = await db.raw<{ rows: { reviews: string; expert_reviews: string; slider_entries: string }[] }>(
    `select (select count(*) from reviews where wine_id = :id) as reviews,
            (select count(*) from expert_reviews where wine_id = :id) as expert_reviews,
            (select count(*) from slider_entries where wine_id = :id) as slider_entries`,
    { id },
  );
  const r = rows[0]!;
  return { reviews: Number(r.reviews), expertReviews: Number(r.expert_reviews), sliderEntries: Number(r.slider_entries) };
}

/** Deletes wine `id` (its reviews, expert reviews and slider places go with it); false when there was none. */
export async function deleteWine(db: Knex | Knex.Transaction, id: string): Promise<boolean> {
  return (await db('wines').where('id', id).delete()) > 0;
}
