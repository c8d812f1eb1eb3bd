import type { Knex } from 'knex';
import type { ApprovalStatus } from '../contract/enums';

type Db = Knex | Knex.Transaction;

/** A row of `experts` (name, title, image; the image is an uploaded /api/images/{id}, an https URL or null). */
export interface DbExpertRow {
  id: string;
  name: string;
  title: string;
  image_url: string | null;
  created_at: Date;
  updated_at: Date;
}

/** An expert with the number of reviews they have written. */
export type DbExpertWithCount = DbExpertRow & { review_count: number };

/** A row of `expert_reviews` (spec 000 §3 'Expert review'; ratings 1–5, the three sub-ratings may be null). */
export interface DbExpertReviewRow {
  id: string;
  wine_id: string;
  expert_id: string;
  title: string;
  content: string;
  rating: number;
  price_worth_rating: number | null;
  quality_rating: number | null;
  overall_experience: number | null;
  is_fynd: boolean;
  is_featured: boolean;
  created_at: Date;
  updated_at: Date;
}

/** An expert review with its wine's and expert's columns the admin list shows. */
export type DbExpertReviewWithNames = DbExpertReviewRow & {
  wine_name: string;
  wine_vintage: number | null;
  wine_price: number;
  wine_approval_status: ApprovalStatus;
  expert_name: string;
  expert_title: string;
  expert_image_url: string | null;
};

/** The columns of an expert write (camelCase form fields map onto these). */
export interface ExpertColumns {
  name?: string;
  title?: string;
  image_url?: string | null;
}

/** The columns of an expert review write. */
export interface ExpertReviewColumns {
  wine_id?: string;
  expert_id?: string;
  title?: string;
  content?: string;
  rating?: number;
  price_worth_rating?: number | null;
  quality_rating?: number | null;
  overall_experience?: number | null;
  is_fynd?: boolean;
  is_featured?: boolean;
}

const withCount = (db: Db) =>
  db('experts as e').select('e.*', db.raw('(select count(*)::int from expert_reviews er where er.expert_id = e.id) as review_count'));

/** Every expert with their review count, by name in Swedish order (å, ä, ö last). */
export async function listExperts(db: Db): Promise<DbExpertWithCount[]> {
  const rows = (await withCount(db)) as DbExpertWithCount[];
  const collator = new Intl.Collator('sv', { sensitivity: 'base' });
  return rows.sort((a, b) => collator.compare(a.name, b.name) || a.id.localeCompare(b.id));
}

/** One expert with their review count, or undefined. */
export async function findExpertWithCount(db: Db, id: string): Promise<DbExpertWithCount | undefined> {
  return (await withCount(db).where('e.id', id).first()) as DbExpertWithCount | undefined;
}

/** One expert, or undefined; `forUpdate` locks the row until the transaction ends (edit, delete). */
export async function findExpert(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<DbExpertRow | undefined> {
  const q = db<DbExpertRow>('experts').where({ id }).first();
  return opts.forUpdate ? q.forUpdate() : q;
}

/** Inserts an expert and returns the row. */
export async function insertExpert(db: Db, columns: Required<ExpertColumns>): Promise<DbExpertRow> {
  const [row] = await db<DbExpertRow>('experts').insert(columns).returning('*');
  return row as DbExpertRow;
}

/** Sets the given columns (and updated_at). @returns the row after the change, or undefined when there is none */
export async function updateExpert(db: Db, id: string, columns: ExpertColumns): Promise<DbExpertRow | undefined> {
  const [row] = await db<DbExpertRow>('experts')
    .where({ id })
    .update({ ...columns, updated_at: db.fn.now() })
    .returning('*');
  return row as DbExpertRow | undefined;
}

/** Deletes an expert (the caller has checked that no review is theirs). @returns whether it existed */
export async function deleteExpert(db: Db, id: string): Promise<boolean> {
  return (await db('experts').where({ id }).delete()) > 0;
}

/** How many expert reviews `expertId` has written. */
export async function countExpertReviews(db: Db, expertId: string): Promise<number> {
  const row = (await db('expert_reviews').where({ expert_id: expertId }).count<{ count: string }[]>('* as count').first()) as
    | { count: string }
    | undefined;
  return Number(row?.count ?? 0);
}

const reviewsWithNames = (db: Db) =>
  db('expert_reviews as er')
    .join('wines as w', 'w.id', 'er.wine_id')
    .join('experts as e', 'e.id', 'er.expert_id')
    .select(
      'er.*',
      'w.name as wine_name',
      'w.vintage as wine_vintage',
      'w.price as wine_price',
      'w.approval_status as wine_approval_status',
      'e.name as expert_name',
      'e.title as expert_title',
      'e.image_url as expert_image_url',
    );

/** One page of expert reviews, newest first, optionally of one wine and/or one expert, and how many match in all. */
export async function listExpertReviews(
  db: Db,
  filter: { wineId?: string; expertId?: string; limit: number; offset: number },
): Promise<{ rows: DbExpertReviewWithNames[]; total: number }> {
  const where = (q: Knex.QueryBuilder) => {
    if (filter.wineId) q.where('er.wine_id', filter.wineId);
    if (filter.expertId) q.where('er.expert_id', filter.expertId);
    return q;
  };
  const [rows, counted] = await Promise.all([
    where(reviewsWithNames(db)).orderBy('er.created_at', 'desc').orderBy('er.id', 'desc').limit(filter.limit).offset(filter.offset),
    where(db('expert_reviews as er')).count<{ count: string }[]>('* as count').first(),
  ]);
  return { rows: rows as DbExpertReviewWithNames[], total: Number((counted as { count: string } | undefined)?.count ?? 0) };
}

/** One expert review with its wine's and expert's names, or undefined. */
export async function findExpertReviewWithNames(db: Db, id: string): Promise<DbExpertReviewWithNames | undefined> {
  return (await reviewsWithNames(db).where('er.id', id).first()) as DbExpertReviewWithNames | undefined;
}

/** One expert review, or undefined; `forUpdate` locks the row until the transaction ends. */
export async function findExpertReview(db: Db, id: string, opts: { forUpdate?: boolean } = {}): Promise<DbExpertReviewRow | undefined> {
  const q = db<DbExpertReviewRow>('expert_reviews').where({ id }).first();
  return opts.forUpdate ? q.forUpdate() : q;
}

/** Inserts an expert review and returns the row. */
export async function insertExpertReview(db: Db, columns: Required<ExpertReviewColumns>): Promise<DbExpertReviewRow> {
  const [row] = await db<DbExpertReviewRow>('expert_reviews').insert(columns).returning('*');
  return row as DbExpertReviewRow;
}

/** Sets the given columns (and updated_at). @returns the row after the change, or undefined when there is none */
export async function updateExpertReview(db: Db, id: string, columns: ExpertReviewColumns): Promise<DbExpertReviewRow | undefined> {
  const [row] = await db<DbExpertReviewRow>('expert_reviews')
    .where({ id })
    .update({ ...columns, updated_at: db.fn.now() })
    .returning('*');
  return row as DbExpertReviewRow | undefined;
}

/** Deletes an expert review. @returns whether it existed */
export async function deleteExpertReview(db: Db, id: string): Promise<boolean> {
  return (await db('expert_reviews').where({ id }).delete()) > 0;
}

/** Whether expert `id` exists, share-locking its key (FOR KEY SHARE: it cannot be deleted before the caller commits). */
export async function lockExpertKey(db: Db, id: string): Promise<boolean> {
  return Boolean(await db('experts').where({ id }).forKeyShare().first('id'));
}

/** An expert's name, or undefined. */
export async function expertName(db: Db, id: string): Promise<string | undefined> {
  return (await db('experts').where({ id }).first<{ name: string } | undefined>('name'))?.name;
}
