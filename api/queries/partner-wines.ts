import type { Knex } from 'knex';
import type { PartnerWineRow } from '../presenters/partner';
import type { DbWineRow } from '../presenters/wine';

type Db = Knex | Knex.Transaction;

/** The wine columns a partner writes (snake_case): the form's fields, never status, categories or the review mark. */
export type PartnerWineColumns = Pick<
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
>;

/**
 * THE ownership rule of the partner portal, in one place: partner wines (source 'partner') whose owner is `ownerId`,
 * with their medal's name and category. Every partner read and write goes through it, so another partner's wine is
 * simply not found (404, like a missing one — never 403).
 */
function ownWines(db: Db, ownerId: string) {
  return db<PartnerWineRow>('wines as w')
    .leftJoin('medal_designs as md', 'md.id', 'w.medal_design_id')
    .select('w.*', 'md.name as medal_name', 'md.category as medal_category')
    .where('w.owner_user_id', ownerId)
    .andWhere('w.source', 'partner');
}

/** All of the partner's own wines, every approval status, newest first (id breaks ties). */
export async function listOwnWines(db: Db, ownerId: string): Promise<PartnerWineRow[]> {
  return ownWines(db, ownerId).orderBy('w.created_at', 'desc').orderBy('w.id', 'desc');
}

/**
 * The partner's own wine `id`, or undefined when there is no such wine or it belongs to someone else.
 * `forUpdate` locks the wine row (not the medal) until the transaction ends.
 */
export async function findOwnWine(db: Db, ownerId: string, id: string, opts: { forUpdate?: boolean } = {}): Promise<PartnerWineRow | undefined> {
  const q = ownWines(db, ownerId).andWhere('w.id', id).first();
  if (opts.forUpdate) q.forUpdate('w');
  return q as unknown as Promise<PartnerWineRow | undefined>;
}

/**
 * Inserts a draft partner wine owned by `ownerId` (source 'partner', approval_status 'draft'). With `id` (a client-made
 * uuid) and a wine with that id already stored, nothing is written (`on conflict do nothing`).
 * @returns the new wine's id, or undefined when `id` was taken
 */
export async function insertPartnerWine(db: Db, ownerId: string, columns: PartnerWineColumns, id?: string): Promise<string | undefined> {
  const rows: { id: string }[] = await db('wines')
    .insert({ ...columns, ...(id ? { id } : {}), owner_user_id: ownerId, source: 'partner', approval_status: 'draft' })
    .onConflict('id')
    .ignore()
    .returning('id');
  return rows[0]?.id;
}

/** Replaces the form fields of wine `id` (the wines_touch trigger bumps version and updated_at). */
export async function updatePartnerWineFields(db: Db, id: string, columns: PartnerWineColumns): Promise<void> {
  await db('wines').where({ id }).update(columns);
}

/** Moves wine `id` from draft to pending, stamped with the submission time (spec 001 §4). */
export async function markWineSubmitted(db: Db, id: string): Promise<void> {
  await db('wines').where({ id, approval_status: 'draft' }).update({ approval_status: 'pending', submitted_at: db.fn.now() });
}
