import type { Knex } from 'knex';
import type { PartnerReviewList } from '../contract/admin-wines';
import type { ApprovalStatus, WineCategory, WineSource } from '../contract/enums';
import type { DbPublicWineRow, DbWineRow } from './wines';
import { wineMedalColumns } from './wines';
import type { PartnerWineColumns } from './partner-wines';

/**
 * A wine as the admin reads it: its columns, its medal design's name and category, and for a partner wine the
 * owning account and its company (all null for imported and admin wines).
 */
export type DbAdminWineRow = DbPublicWineRow & {
  partner_company_name: string | null;
  partner_phone: string | null;
  owner_first_name: string | null;
  owner_last_name: string | null;
  owner_email: string | null;
};

/** `wines as w` with the columns of DbAdminWineRow (owner and company joined by the owner's user id). */
function adminWines(db: Knex | Knex.Transaction) {
  return db('wines as w')
    .leftJoin('users as owner', 'owner.id', 'w.owner_user_id')
    .leftJoin('partners as p', 'p.user_id', 'w.owner_user_id')
    .select(
      'w.*',
      ...wineMedalColumns(db, 'w'),
      'p.company_name as partner_company_name',
      'p.phone as partner_phone',
      'owner.first_name as owner_first_name',
      'owner.last_name as owner_last_name',
      'owner.email as owner_email',
    );
}

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
): Promise<{ rows: DbAdminWineRow[]; total: number }> {
  const filter = (q: Knex.QueryBuilder) => {
    if (opts.q) {
      const pattern = likeContains(opts.q);
      q.where((w) => w.whereILike('w.name', pattern).orWhereILike('w.region', pattern).orWhereILike('w.grape_variety', pattern));
    }
    if (opts.category) q.whereRaw('w.categories @> array[?]::wine_category[]', [opts.category]);
    if (opts.approvalStatus) q.where('w.approval_status', opts.approvalStatus);
    if (opts.source) q.where('w.source', opts.source);
    return q;
  };
  const page = filter(adminWines(db)).orderBy('w.created_at', 'desc').orderBy('w.id', 'desc').limit(opts.limit).offset(opts.offset);
  const [rows, counted] = await Promise.all([page, filter(db('wines as w')).count<{ count: string }[]>({ count: '*' })]);
  return { rows: rows as DbAdminWineRow[], total: Number(counted[0]?.count ?? 0) };
}

/**
 * One page of the partner review's list (spec 001 §2 'Partner review tab', §7) and the number of all its wines:
 * partner wines (source 'partner') in `list`'s status. 'pending': the longest waiting first (submitted_at, then
 * created_at, oldest first); 'rejected': the latest decision first (reviewed_at newest first). Id breaks ties.
 */
export async function listPartnerReview(
  db: Knex | Knex.Transaction,
  list: PartnerReviewList,
  opts: { limit: number; offset: number },
): Promise<{ rows: DbAdminWineRow[]; total: number }> {
  const filter = (q: Knex.QueryBuilder) => q.where('w.source', 'partner').where('w.approval_status', list);
  const page = filter(adminWines(db));
  if (list === 'pending') page.orderByRaw('w.submitted_at asc nulls last').orderBy('w.created_at', 'asc').orderBy('w.id', 'asc');
  else page.orderByRaw('w.reviewed_at desc nulls last').orderBy('w.id', 'desc');
  page.limit(opts.limit).offset(opts.offset);
  const [rows, counted] = await Promise.all([page, filter(db('wines as w')).count<{ count: string }[]>({ count: '*' })]);
  return { rows: rows as DbAdminWineRow[], total: Number(counted[0]?.count ?? 0) };
}

/** One wine as the admin reads it (medal, owner and company joined), whatever its status, or undefined. */
export async function findAdminWine(db: Knex | Knex.Transaction, id: string): Promise<DbAdminWineRow | undefined> {
  return adminWines(db).where('w.id', id).first();
}

/** Any wine's own row by id, whatever its status; `forUpdate` locks the row until the transaction ends. */
export async function findWineById(db: Knex | Knex.Transaction, id: string, opts: { forUpdate?: boolean } = {}): Promise<DbWineRow | undefined> {
  const q = db<DbWineRow>('wines').where('id', id).first();
  if (opts.forUpdate) q.forUpdate();
  return q;
}

/** The columns an admin writes (snake_case). `categories` is cast to the enum array here. */
export type AdminWineColumns = Partial<
  PartnerWineColumns &
    Pick<DbWineRow, 'is_granskad_vinpressen' | 'approval_status' | 'rejection_reason' | 'source' | 'medal_design_id' | 'reviewed_at' | 'reviewed_by'>
> & { categories?: WineCategory[] };

function toDb(db: Knex | Knex.Transaction, columns: AdminWineColumns): Record<string, unknown> {
  const { categories, ...rest } = columns;
  // node-pg sends JS arrays as text[]: an enum array needs an explicit cast.
  return categories === undefined ? rest : { ...rest, categories: db.raw('?::wine_category[]', [categories]) };
}

/** Inserts a wine and returns the stored row. */
export async function insertWine(
  db: Knex | Knex.Transaction,
  columns: AdminWineColumns & Pick<DbWineRow, 'name' | 'price' | 'source'>,
): Promise<DbWineRow> {
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
