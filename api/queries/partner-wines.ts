import type { Knex } from 'knex';
import type { DbWineRow } from './wines';

/** A wine row as the partner queries read it: the wine and the name and category of its medal (null without one). */
export type PartnerWineRow = DbWineRow & { medal_name: string | null; medal_category: string | null };

type Db = Knex | Knex.Transaction;

/** The wine columns a partner writes (snake_case): the form's fields, never status, categories or the review mark. */
export type PartnerWineColumns = Pick<
  DbWineRow,
  | 'name'
  | 'description'
  | 'price'
  | 'producer_rating'
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
 * wines.field_versions: per column, the wine version that last changed it and the sync client that did (null for any
 * other writer), kept by the wines_touch trigger (db/migrations/20261123000300_create_applied_mutations.ts).
 */
export type FieldVersions = Record<string, { v: number; c: string | null }>;

/** A partner's own wine as lockOwnWine reads it: the row, its medal and its field versions (for the sync's merge). */
export type LockedPartnerWine = PartnerWineRow & { field_versions: FieldVersions };

/** The version and status a write leaves a wine in. */
export interface WineVersion {
  version: number;
  approval_status: DbWineRow['approval_status'];
}

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

/** The partner's own wine `id` (no lock), or undefined when there is no such wine or it belongs to someone else. */
export async function findOwnWine(db: Db, ownerId: string, id: string): Promise<PartnerWineRow | undefined> {
  return ownWines(db, ownerId).andWhere('w.id', id).first() as unknown as Promise<PartnerWineRow | undefined>;
}

/**
 * The one locking read of every partner write (REST, offline sync): `select … for update` of wine `id` where the owner
 * is `ownerId` and the source is 'partner'. The wine row (not the medal) stays locked until `trx` ends. Another
 * account's wine, a wine of another source and a missing id all give undefined — and no other account's row is ever
 * locked.
 */
export async function lockOwnWine(trx: Knex.Transaction, ownerId: string, id: string): Promise<LockedPartnerWine | undefined> {
  return ownWines(trx, ownerId).andWhere('w.id', id).forUpdate('w').first() as unknown as Promise<LockedPartnerWine | undefined>;
}

/** What the Excel import reads of each of the partner's wines to find the draft a row matches. */
export interface PartnerWineKeyRow {
  id: string;
  name: string;
  vintage: number | null;
  volume_ml: number | null;
  approval_status: DbWineRow['approval_status'];
  updated_at: Date;
}

/** Every one of the partner's own wines (any status) as the import's matching reads them, most recently changed first. */
export async function listOwnWineKeys(db: Db, ownerId: string): Promise<PartnerWineKeyRow[]> {
  return db('wines')
    .select('id', 'name', 'vintage', 'volume_ml', 'approval_status', 'updated_at')
    .where({ owner_user_id: ownerId, source: 'partner' })
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc');
}

/**
 * lockOwnWine for many ids at once: the partner's own wines among `ids`, locked `for update` until `trx` ends (ids
 * that are missing or another account's are simply absent).
 */
export async function lockOwnWines(trx: Knex.Transaction, ownerId: string, ids: readonly string[]): Promise<LockedPartnerWine[]> {
  if (!ids.length) return [];
  return ownWines(trx, ownerId).whereIn('w.id', ids).forUpdate('w') as unknown as Promise<LockedPartnerWine[]>;
}

/**
 * Serialises the Excel imports of partner `ownerId` for the rest of `trx` (a transaction-scoped advisory lock): two
 * uploads of the same file at once can't both create the drafts the other one is about to.
 */
export async function lockPartnerImports(trx: Knex.Transaction, ownerId: string): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtextextended('partner-import:' || ?, 0))`, [ownerId]);
}

/**
 * Inserts draft partner wines owned by `ownerId` (source 'partner', approval_status 'draft'), one multi-row INSERT for
 * all `rows`. Every row must carry the same columns. A row whose `id` is already stored is not written
 * (`on conflict (id) do nothing`).
 * @returns the ids written, in no particular order
 */
export async function insertPartnerWines(
  db: Db,
  ownerId: string,
  rows: { id?: string; columns: PartnerWineColumns & { volume_ml?: number | null } }[],
): Promise<string[]> {
  if (!rows.length) return [];
  const inserted: { id: string }[] = await db('wines')
    .insert(rows.map((r) => ({ ...r.columns, ...(r.id ? { id: r.id } : {}), owner_user_id: ownerId, source: 'partner', approval_status: 'draft' })))
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.map((r) => r.id);
}

/**
 * Sets the given form columns of wine `id` (the wines_touch trigger bumps version and updated_at, and records each
 * changed column in field_versions; a write that changes nothing bumps nothing).
 * @returns the wine's version and status afterwards
 */
export async function updatePartnerWineFields(db: Db, id: string, columns: Partial<PartnerWineColumns>): Promise<WineVersion> {
  const [row] = (await db('wines').where({ id }).update(columns).returning(['version', 'approval_status'])) as WineVersion[];
  return row!;
}

/**
 * updatePartnerWineFields for many wines in one statement (the Excel import's drafts uploaded again): each row's
 * `columns` set on wine `id`; every row must carry the same columns. The values travel as one JSON array read with the
 * wines table's own column types (jsonb_populate_recordset), so a row costs no extra round trip. The wines_touch
 * trigger bumps each changed wine's version as a single update does.
 * @returns the ids written, in no particular order
 */
export async function updatePartnerWinesMany(
  db: Db,
  rows: readonly { id: string; columns: Partial<PartnerWineColumns> & { volume_ml?: number | null } }[],
): Promise<string[]> {
  if (!rows.length) return [];
  const keys = Object.keys(rows[0]!.columns);
  const set = keys.map(() => '?? = v.??').join(', ');
  const result = await db.raw<{ rows: { id: string }[] }>(
    `update wines as w set ${set} from jsonb_populate_recordset(null::wines, ?::jsonb) as v where w.id = v.id returning w.id`,
    [...keys.flatMap((k) => [k, k]), JSON.stringify(rows.map((r) => ({ ...r.columns, id: r.id })))],
  );
  return result.rows.map((r) => r.id);
}

/**
 * Moves wine `id` from draft to pending, stamped with the submission time (README.md 'Partner portal' → 'Wines').
 * @returns the version and status afterwards, or undefined when the wine was not a draft
 */
export async function markWineSubmitted(db: Db, id: string): Promise<WineVersion | undefined> {
  const [row] = (await db('wines')
    .where({ id, approval_status: 'draft' })
    .update({ approval_status: 'pending', submitted_at: db.fn.now() })
    .returning(['version', 'approval_status'])) as WineVersion[];
  return row;
}

/**
 * Deletes wine `id` while it is a draft (README.md 'Partner portal' → 'Wines': only drafts can be deleted); its
 * dependents go with it (foreign keys on delete cascade).
 * @returns true when a draft was deleted, false when there was none (missing, or no longer a draft)
 */
export async function deleteDraftWine(db: Db, id: string): Promise<boolean> {
  const deleted = await db('wines').where({ id, approval_status: 'draft' }).delete();
  return deleted > 0;
}

/**
 * Opens rejected wine `id` again as a draft for the partner to revise and send in again. The rejection reason stays
 * (the partner reads it while revising; the admin's queue shows it as the earlier reason once the wine is sent in
 * again) and so do the review's time and reviewer.
 * @returns the version and status afterwards, or undefined when the wine was not rejected
 */
export async function markWineReopened(db: Db, id: string): Promise<WineVersion | undefined> {
  const [row] = (await db('wines')
    .where({ id, approval_status: 'rejected' })
    .update({ approval_status: 'draft' })
    .returning(['version', 'approval_status'])) as WineVersion[];
  return row;
}

/**
 * Names the offline-sync client making this transaction's wine writes (`vinpressen.sync_client_id`, local to `trx`):
 * the wines_touch trigger records it in field_versions, so the device's own earlier edits never conflict with its
 * later ones.
 */
export async function setSyncClient(trx: Knex.Transaction, clientId: string): Promise<void> {
  await trx.raw(`select set_config('vinpressen.sync_client_id', ?, true)`, [clientId]);
}

/**
 * What the decision mails of a partner wine (rejection, approval) need: the wine's name and decision (reason, review
 * mark, medal name), and its owner's address and names.
 */
export interface DbReviewMailRow {
  name: string;
  approval_status: DbWineRow['approval_status'];
  rejection_reason: string | null;
  is_granskad_vinpressen: boolean;
  medal_name: string | null;
  reviewed_at: Date | null;
  email: string;
  first_name: string | null;
  username: string;
  is_active: boolean;
}

/**
 * Wine `wineId` (any source and status) with its medal's name, its owner's address, names and whether the owner is
 * active, or undefined when the wine is gone or has no owner (spec 001 §4: the partner is told of a rejection; and of
 * an approval, api/services/wine-approved-mail.ts).
 */
export async function findReviewMailFacts(db: Db, wineId: string): Promise<DbReviewMailRow | undefined> {
  return db('wines as w')
    .join('users as u', 'u.id', 'w.owner_user_id')
    .leftJoin('medal_designs as md', 'md.id', 'w.medal_design_id')
    .select(
      'w.name',
      'w.approval_status',
      'w.rejection_reason',
      'w.is_granskad_vinpressen',
      'md.name as medal_name',
      'w.reviewed_at',
      'u.email',
      'u.first_name',
      'u.username',
      'u.is_active',
    )
    .where('w.id', wineId)
    .first();
}
