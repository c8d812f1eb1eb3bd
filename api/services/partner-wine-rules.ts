import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ADMIN_WINE_MESSAGES, uploadedImageId } from '../contract/admin-wines';
import type { PartnerWineInput } from '../contract/partner';
import { PARTNER_MESSAGES as M, SUBMIT_REQUIRED_FIELDS } from '../contract/partner-rules';
import { CLIENT_WINE_ID_MESSAGE, isClientWineId } from '../contract/wine-id';
import { HttpError } from '../lib/http-errors';
import type { PartnerWineRow } from '../queries/partner-wines';
import { existingImageIds, uploadedImageMissing } from '../queries/images';
import {
  deleteDraftWine,
  insertPartnerWines,
  lockOwnWine,
  markWineReopened,
  markWineSubmitted,
  updatePartnerWineFields,
  updatePartnerWinesMany,
  type LockedPartnerWine,
  type PartnerWineColumns,
  type WineVersion,
} from '../queries/partner-wines';

// THE rulebook of partner wine writes (README.md 'Partner portal' → 'Wines' and 'Offline drafts';
// api/contract/partner-rules.ts for the required fields and the messages). Every path that writes a partner wine — the REST routes (api/services/partner-wines.ts), the offline sync
// (api/services/partner-sync.ts) and the Excel import (api/excel/bulk-import.ts) — calls these functions inside its
// own transaction, so ownership, draft-only edits, submit readiness, the image rule, the client id rule and the field
// mapping cannot drift apart again. Each refusal is a PartnerWineRefused: an HttpError carrying the REST answer, which
// the sync and the import translate into their own per-mutation and per-row results.

/** PartnerWineInput fields → the wines columns a partner sets (the form, Excel rows and the offline sync share it). */
export const PARTNER_WINE_COLUMNS = {
  name: 'name',
  description: 'description',
  price: 'price',
  // The partner's own rating is the producer's, never the public Folkets betyg (wines.rating, from member reviews).
  rating: 'producer_rating',
  vintage: 'vintage',
  country: 'country',
  region: 'region',
  grapeVariety: 'grape_variety',
  alcoholContent: 'alcohol_content',
  systembolagetUrl: 'systembolaget_url',
  imageUrl: 'image_url',
  sweetness: 'sweetness',
  acidity: 'acidity',
  body: 'body',
  tannins: 'tannins',
  fruity: 'fruity',
  foodPairings: 'food_pairings',
  occasions: 'occasions',
} as const satisfies Record<keyof PartnerWineInput, keyof PartnerWineColumns>;

/**
 * The form's (or an Excel row's, or a sync patch's) parsed PartnerWineInput fields → the wine columns a partner sets;
 * fields absent from `input` are left out (other keys, such as a create's `id`, are ignored). Price in SEK, alcohol in
 * %, rating and scales 1–5, lists already checked against FOOD_PAIRINGS/OCCASIONS by the schema.
 */
export function partnerWineColumns(input: PartnerWineInput): PartnerWineColumns;
export function partnerWineColumns(input: Partial<PartnerWineInput>): Partial<PartnerWineColumns>;
export function partnerWineColumns(input: Partial<PartnerWineInput>): Partial<PartnerWineColumns> {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(PARTNER_WINE_COLUMNS)) {
    const value = input[field as keyof PartnerWineInput];
    if (value !== undefined) columns[column] = value;
  }
  return columns as Partial<PartnerWineColumns>;
}

/** A field a wine needs before it can be submitted (SUBMIT_REQUIRED_FIELDS, api/contract/partner-rules.ts). */
export type SubmitField = (typeof SUBMIT_REQUIRED_FIELDS)[number];

/** Why a partner wine write was refused; `wine` is the stored wine's version and status where one was found. */
export type PartnerWineRefusal =
  | { kind: 'not_found' }
  | { kind: 'id_not_random' }
  | { kind: 'id_taken' }
  | { kind: 'image_missing'; wine?: WineVersion }
  | { kind: 'not_editable'; wine: WineVersion }
  | { kind: 'already_submitted'; wine: WineVersion }
  | { kind: 'not_deletable'; wine: WineVersion }
  | { kind: 'not_rejected'; wine: WineVersion }
  | { kind: 'submit_not_ready'; wine: WineVersion; missing: SubmitField[] };

/** The REST answer of each refusal (status, code, Swedish message, details), as api/routes/partner/router.ts documents. */
function restAnswer(r: PartnerWineRefusal): [number, string, string, { path: string; message: string }[]?] {
  switch (r.kind) {
    case 'not_found':
      // The same answer for a missing wine and another partner's (README.md 'Partner portal' → 'Wines').
      return [404, 'wine_not_found', M.wineNotFound];
    case 'id_not_random':
      return [400, 'validation_failed', CLIENT_WINE_ID_MESSAGE, [{ path: 'body.id', message: CLIENT_WINE_ID_MESSAGE }]];
    case 'id_taken':
      return [409, 'wine_id_taken', M.wineIdTaken];
    case 'image_missing':
      return [400, 'validation_failed', ADMIN_WINE_MESSAGES.imageMissing, [{ path: 'body.imageUrl', message: ADMIN_WINE_MESSAGES.imageMissing }]];
    case 'not_editable':
      return [409, 'not_editable', M.notEditable];
    case 'already_submitted':
      return [409, 'already_submitted', M.alreadySubmitted];
    case 'not_deletable':
      return [409, 'not_deletable', M.notDeletable];
    case 'not_rejected':
      return [409, 'not_rejected', M.notRejected];
    case 'submit_not_ready':
      return [400, 'submit_not_ready', M.submitNotReady, r.missing.map((field) => ({ path: field, message: M.submitNotReady }))];
  }
}

/**
 * A partner wine write refused by the rulebook. As an HttpError it is the REST answer (404 wine_not_found; 400
 * validation_failed on body.id or body.imageUrl; 409 wine_id_taken, not_editable, already_submitted, not_deletable or
 * not_rejected; 400
 * submit_not_ready listing the missing fields); `refusal` says why, for the sync's and the import's own answers.
 */
export class PartnerWineRefused extends HttpError {
  constructor(readonly refusal: PartnerWineRefusal) {
    const [status, code, message, details] = restAnswer(refusal);
    super(status, code, message, details);
    this.name = 'PartnerWineRefused';
  }
}

const versionOf = (wine: WineVersion): WineVersion => ({ version: wine.version, approval_status: wine.approval_status });

/**
 * The client id rule: a wine id chosen by a client (the REST create's `id`, the sync's `wineId` of a new wine) must be
 * a random UUID v4 (isClientWineId, api/contract/wine-id.ts), never an importer's v5 id.
 * @throws PartnerWineRefused 'id_not_random'
 */
export function requireClientWineId(id: string): void {
  if (!isClientWineId(id)) throw new PartnerWineRefused({ kind: 'id_not_random' });
}

/**
 * The image rule beyond the schema (which allows only /api/images/{id} or an https URL, api/contract/admin-wines.ts):
 * an address on this site must name an uploaded image that exists; an https URL elsewhere is the partner's to keep
 * working. An unchanged address (`imageUrl === stored`) is not checked again, so a wine whose image was deleted can
 * still be edited.
 * @param wine the stored wine, when there is one (carried in the refusal)
 * @throws PartnerWineRefused 'image_missing'
 */
export async function checkImage(
  trx: Knex.Transaction,
  imageUrl: string | null | undefined,
  stored?: string | null,
  wine?: WineVersion,
): Promise<void> {
  if (await uploadedImageMissing(trx, imageUrl, stored)) {
    throw new PartnerWineRefused({ kind: 'image_missing', ...(wine ? { wine: versionOf(wine) } : {}) });
  }
}

/**
 * The draft-only rule: a partner changes or submits a wine only while it is a draft (README.md 'Partner portal' →
 * 'Wines': pending, approved and rejected wines can't be edited). `wine` comes from
 * lockOwnWine (undefined: missing, another account's, or not a partner wine).
 * @returns the wine, known to be the partner's own draft
 * @throws PartnerWineRefused 'not_found'; 'not_editable' (action 'edit') or 'already_submitted' (action 'submit') when
 *   it is pending, approved or rejected
 */
export function requireDraft<T extends LockedPartnerWine>(wine: T | undefined, action: 'edit' | 'submit'): T {
  if (!wine) throw new PartnerWineRefused({ kind: 'not_found' });
  if (wine.approval_status !== 'draft') {
    throw new PartnerWineRefused({ kind: action === 'edit' ? 'not_editable' : 'already_submitted', wine: versionOf(wine) });
  }
  return wine;
}

/**
 * Locks the partner `ownerId`'s own draft `id` for the rest of `trx` (lockOwnWine: owner, source 'partner', `for
 * update`), so a concurrent edit or submit waits instead of slipping in between the check and the write.
 * @throws PartnerWineRefused as requireDraft
 */
export async function lockOwnDraft(trx: Knex.Transaction, ownerId: string, id: string, action: 'edit' | 'submit'): Promise<LockedPartnerWine> {
  return requireDraft(await lockOwnWine(trx, ownerId, id), action);
}

/**
 * Creates a draft wine owned by partner `ownerId` (README.md 'Partner portal' → 'Wines': new wines are
 * drafts; source 'partner'). With a
 * client-made `id` a repeated create is idempotent: when the partner already has a wine with that id (any status),
 * nothing is written and it is answered as it is (created false), locked.
 * @returns the stored wine (locked until `trx` ends) and whether it was created now
 * @throws PartnerWineRefused 'id_not_random' for an id that is not a UUID v4; 'id_taken' when `id` is a wine that is
 *   not this partner's own partner wine; 'image_missing' for an uploaded image that does not exist
 */
export async function createDraft(
  trx: Knex.Transaction,
  ownerId: string,
  input: PartnerWineInput,
  id?: string,
): Promise<{ wine: LockedPartnerWine; created: boolean }> {
  if (id !== undefined) {
    requireClientWineId(id);
    const stored = await lockOwnWine(trx, ownerId, id);
    if (stored) return { wine: stored, created: false };
  }
  await checkImage(trx, input.imageUrl);
  const [written] = await insertPartnerWines(trx, ownerId, [{ id, columns: partnerWineColumns(input) }]);
  if (!written) {
    // Taken: by another account's wine, or by this partner's own create running at the same moment.
    const raced = await lockOwnWine(trx, ownerId, id!);
    if (raced) return { wine: raced, created: false };
    throw new PartnerWineRefused({ kind: 'id_taken' });
  }
  return { wine: (await lockOwnWine(trx, ownerId, written))!, created: true };
}

/**
 * Creates many drafts of partner `ownerId` at once (the Excel import: one multi-row INSERT), each under a new random
 * id (UUID v4) and with the same image rule as createDraft. A draft the rules refuse is not written; the others are.
 * @param wines parsed rows; all have every field (PartnerWineInput's defaults; `volumeMl` in ml or null, the Excel
 *   row's volume), so the INSERT's rows share columns
 * @returns one outcome per wine, in order: its new id, or the refusal ('image_missing')
 */
export async function createDrafts(
  trx: Knex.Transaction,
  ownerId: string,
  wines: readonly (PartnerWineInput & { volumeMl?: number | null })[],
): Promise<({ id: string } | { refused: PartnerWineRefused })[]> {
  const present = await existingImageIds(
    trx,
    wines.map((w) => uploadedImageId(w.imageUrl)).filter((id): id is string => id !== undefined),
  );
  const outcomes: ({ id: string } | { refused: PartnerWineRefused })[] = [];
  const rows: { id: string; columns: PartnerWineColumns & { volume_ml?: number | null } }[] = [];
  for (const wine of wines) {
    const imageId = uploadedImageId(wine.imageUrl);
    if (imageId && !present.has(imageId)) {
      outcomes.push({ refused: new PartnerWineRefused({ kind: 'image_missing' }) });
      continue;
    }
    const id = randomUUID();
    rows.push({ id, columns: { ...partnerWineColumns(wine), ...(wine.volumeMl !== undefined ? { volume_ml: wine.volumeMl } : {}) } });
    outcomes.push({ id });
  }
  const written = await insertPartnerWines(trx, ownerId, rows);
  // A random v4 id is never taken; if one ever were, the import must not report a wine it did not save.
  if (written.length !== rows.length) throw new Error('createDrafts: a new wine id was already taken');
  return outcomes;
}

/**
 * Changes the given fields of the partner's own draft `wine` (from lockOwnDraft or lockOwnWine, locked in `trx`):
 * a whole form (REST PUT) or the fields a sync patch changes. A changed uploaded-image address must exist.
 * @returns the wine's version and status afterwards (unchanged when `patch` changes nothing)
 * @throws PartnerWineRefused as requireDraft(wine, 'edit'); 'image_missing'
 */
export async function updateDraft(trx: Knex.Transaction, wine: LockedPartnerWine, patch: Partial<PartnerWineInput>): Promise<WineVersion> {
  requireDraft(wine, 'edit');
  if (patch.imageUrl !== undefined) await checkImage(trx, patch.imageUrl, wine.image_url, wine);
  const columns = partnerWineColumns(patch);
  if (!Object.keys(columns).length) return versionOf(wine);
  return updatePartnerWineFields(trx, wine.id, columns);
}

/**
 * updateDraft for many drafts at once (the Excel import's rows that matched drafts): each `wine` (locked in `trx`) must
 * be the partner's draft, and a changed uploaded-image address must exist — the same rules, one image lookup and one
 * UPDATE for all. A wine the rules refuse is not written; the others are.
 * @param patches whole rows (every PartnerWineInput field and `volumeMl`), so the UPDATE's rows share columns
 * @returns one outcome per patch, in order: written, or the refusal ('not_editable', 'image_missing')
 */
export async function updateDrafts(
  trx: Knex.Transaction,
  patches: readonly { wine: LockedPartnerWine; patch: PartnerWineInput & { volumeMl: number | null } }[],
): Promise<({ written: true } | { refused: PartnerWineRefused })[]> {
  const changedImage = ({ wine, patch }: (typeof patches)[number]) =>
    patch.imageUrl !== wine.image_url ? uploadedImageId(patch.imageUrl) : undefined;
  const present = await existingImageIds(
    trx,
    patches.map(changedImage).filter((id): id is string => id !== undefined),
  );
  const outcomes: ({ written: true } | { refused: PartnerWineRefused })[] = [];
  const rows: { id: string; columns: PartnerWineColumns & { volume_ml: number | null } }[] = [];
  for (const p of patches) {
    try {
      requireDraft(p.wine, 'edit');
      const imageId = changedImage(p);
      if (imageId && !present.has(imageId)) throw new PartnerWineRefused({ kind: 'image_missing', wine: versionOf(p.wine) });
    } catch (err) {
      if (!(err instanceof PartnerWineRefused)) throw err;
      outcomes.push({ refused: err });
      continue;
    }
    rows.push({ id: p.wine.id, columns: { ...partnerWineColumns(p.patch), volume_ml: p.patch.volumeMl } });
    outcomes.push({ written: true });
  }
  const written = await updatePartnerWinesMany(trx, rows);
  // Locked as drafts above, so the update cannot miss one.
  if (written.length !== rows.length) throw new Error('updateDrafts: a locked draft was not updated');
  return outcomes;
}

/**
 * Submit readiness (SUBMIT_REQUIRED_FIELDS in api/contract/partner-rules.ts): the required fields the stored wine
 * lacks — null, or text that is empty after trimming (as the PWA's submit page judges them, pwa/features/partner/format.ts).
 * @returns the missing fields, in SUBMIT_REQUIRED_FIELDS order; empty when the wine is ready
 */
export function missingForSubmit(wine: PartnerWineRow): SubmitField[] {
  return SUBMIT_REQUIRED_FIELDS.filter((field) => {
    const value = wine[PARTNER_WINE_COLUMNS[field]];
    return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
  });
}

/**
 * Sends the partner's own draft `id` for review: draft → pending with submitted_at now (README.md 'Partner portal' →
 * 'Wines'), when it is
 * ready (missingForSubmit). The row is locked, so two submits cannot both count.
 * @returns the wine's version and status ('pending') afterwards
 * @throws PartnerWineRefused as lockOwnDraft(…, 'submit'); 'submit_not_ready' listing the missing fields
 */
export async function submitDraft(trx: Knex.Transaction, ownerId: string, id: string): Promise<WineVersion> {
  const wine = await lockOwnDraft(trx, ownerId, id, 'submit');
  const missing = missingForSubmit(wine);
  if (missing.length) throw new PartnerWineRefused({ kind: 'submit_not_ready', wine: versionOf(wine), missing });
  const submitted = await markWineSubmitted(trx, wine.id);
  // Locked as a draft above, so the update cannot miss.
  if (!submitted) throw new Error(`submitDraft: wine ${wine.id} was not a draft under its lock`);
  return submitted;
}

/**
 * Deletes the partner `ownerId`'s own draft `id` (README.md 'Partner portal' → 'Wines': a partner deletes only drafts —
 * a rejected wine opened again with reopenRejected is a draft then too). The row is locked first, so a concurrent
 * submit either lands before (and the delete is refused) or waits and then finds nothing.
 * @returns the wine as it was when it was deleted
 * @throws PartnerWineRefused 'not_found' (missing or another account's); 'not_deletable' when it is pending, approved or
 *   rejected
 */
export async function deleteDraft(trx: Knex.Transaction, ownerId: string, id: string): Promise<LockedPartnerWine> {
  const wine = await lockOwnWine(trx, ownerId, id);
  if (!wine) throw new PartnerWineRefused({ kind: 'not_found' });
  if (wine.approval_status !== 'draft') throw new PartnerWineRefused({ kind: 'not_deletable', wine: versionOf(wine) });
  // Locked as a draft above, so the delete cannot miss.
  if (!(await deleteDraftWine(trx, wine.id))) throw new Error(`deleteDraft: wine ${wine.id} was not a draft under its lock`);
  return wine;
}

/**
 * Copies the partner `ownerId`'s own wine `id` (any status) as a new draft under a new random id: the form's fields
 * only (PARTNER_WINE_COLUMNS, the name unchanged), never the status, review mark, medal, rejection reason, categories or
 * review times. An uploaded image that no longer exists is left out of the copy rather than refusing it.
 * @returns the new draft's id
 * @throws PartnerWineRefused 'not_found' (missing or another account's)
 */
export async function duplicateWine(trx: Knex.Transaction, ownerId: string, id: string): Promise<string> {
  const wine = await lockOwnWine(trx, ownerId, id);
  if (!wine) throw new PartnerWineRefused({ kind: 'not_found' });
  const columns = Object.fromEntries(Object.values(PARTNER_WINE_COLUMNS).map((column) => [column, wine[column]])) as PartnerWineColumns;
  if (await uploadedImageMissing(trx, columns.image_url)) columns.image_url = null;
  const copyId = randomUUID();
  const written = await insertPartnerWines(trx, ownerId, [{ id: copyId, columns }]);
  // A random v4 id is never taken; if one ever were, the copy must not be reported as made.
  if (written.length !== 1) throw new Error('duplicateWine: a new wine id was already taken');
  return copyId;
}

/**
 * Opens the partner `ownerId`'s own rejected wine `id` again as a draft, to revise it and send it in again (the
 * rejection mail asks for that): rejected → draft, the rejection reason kept (markWineReopened) so the form shows it
 * and the admin's queue later shows it as the earlier reason.
 * @returns the wine's version and status ('draft') afterwards
 * @throws PartnerWineRefused 'not_found' (missing or another account's); 'not_rejected' when it is not rejected
 */
export async function reopenRejected(trx: Knex.Transaction, ownerId: string, id: string): Promise<WineVersion> {
  const wine = await lockOwnWine(trx, ownerId, id);
  if (!wine) throw new PartnerWineRefused({ kind: 'not_found' });
  if (wine.approval_status !== 'rejected') throw new PartnerWineRefused({ kind: 'not_rejected', wine: versionOf(wine) });
  const reopened = await markWineReopened(trx, wine.id);
  if (!reopened) throw new Error(`reopenRejected: wine ${wine.id} was not rejected under its lock`);
  return reopened;
}
