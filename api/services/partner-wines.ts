import type { Knex } from 'knex';
import type { PartnerWineCreateBody, PartnerWineInput } from '../contract/partner';
import type { PartnerWineRow } from '../queries/partner-wines';
import { findOwnWine } from '../queries/partner-wines';
import {
  createDraft,
  deleteDraft,
  duplicateWine,
  lockOwnDraft,
  PartnerWineRefused,
  reopenRejected,
  submitDraft,
  updateDraft,
} from './partner-wine-rules';

// The REST writes of a partner's own wines (POST/PUT/DELETE /api/partner/wines, POST …/{id}/submit, …/duplicate, …/revise): each is one transaction
// around the rulebook (api/services/partner-wine-rules.ts) and answers the wine as the partner sees it. A refusal is
// the rulebook's PartnerWineRefused, which is already the REST answer.

/** 404 for a wine that is missing or another partner's: the same answer for both (README.md 'Partner portal'). */
export const partnerWineNotFound = (): PartnerWineRefused => new PartnerWineRefused({ kind: 'not_found' });

/**
 * POST /api/partner/wines: creates a draft owned by partner `ownerId` (createDraft). With a client-made `id` (offline
 * drafts) a repeated create is idempotent: the partner's stored wine is answered unchanged (created false).
 * @returns the stored wine and whether it was created now
 * @throws PartnerWineRefused 409 'wine_id_taken' when `id` is a wine that is not this partner's; 400 for an id that is
 *   not a UUID v4 or a missing uploaded image
 */
export async function createPartnerWine(
  db: Knex,
  ownerId: string,
  input: PartnerWineCreateBody,
): Promise<{ wine: PartnerWineRow; created: boolean }> {
  return db.transaction(async (trx) => {
    const { id, ...fields } = input;
    const { wine, created } = await createDraft(trx, ownerId, fields, id);
    return { wine, created };
  });
}

/**
 * PUT /api/partner/wines/{id}: replaces the fields of the partner's own draft `id` with the whole form, the wine locked
 * for the transaction (lockOwnDraft, updateDraft).
 * @returns the wine afterwards
 * @throws PartnerWineRefused 404 when the wine is missing or not the partner's; 409 'not_editable' once it is pending,
 *   approved or rejected; 400 for a missing uploaded image
 */
export async function updatePartnerWine(db: Knex, ownerId: string, id: string, input: PartnerWineInput): Promise<PartnerWineRow> {
  return db.transaction(async (trx) => {
    await updateDraft(trx, await lockOwnDraft(trx, ownerId, id, 'edit'), input);
    return (await findOwnWine(trx, ownerId, id))!;
  });
}

/**
 * POST /api/partner/wines/{id}/submit: draft → pending when the wine is ready (submitDraft).
 * @returns the wine afterwards (pending, with submittedAt)
 * @throws PartnerWineRefused 404 when the wine is missing or not the partner's; 409 'already_submitted' when it is not
 *   a draft; 400 'submit_not_ready' listing the missing fields
 */
export async function submitPartnerWine(db: Knex, ownerId: string, id: string): Promise<PartnerWineRow> {
  return db.transaction(async (trx) => {
    await submitDraft(trx, ownerId, id);
    return (await findOwnWine(trx, ownerId, id))!;
  });
}

/**
 * DELETE /api/partner/wines/{id}: deletes the partner's own draft (deleteDraft; a rejected wine opened again is a
 * draft). The offline outbox deletes through POST /api/partner/sync's 'deleteWine' instead.
 * @throws PartnerWineRefused 404 when the wine is missing or not the partner's; 409 'not_deletable' when it is pending,
 *   approved or rejected
 */
export async function deletePartnerWine(db: Knex, ownerId: string, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    await deleteDraft(trx, ownerId, id);
  });
}

/**
 * POST /api/partner/wines/{id}/duplicate: a new draft copied from the partner's own wine `id`, whatever its status
 * (duplicateWine: the form's fields and the same name; no status, review mark, medal or rejection reason).
 * @returns the new draft
 * @throws PartnerWineRefused 404 when the wine is missing or not the partner's
 */
export async function duplicatePartnerWine(db: Knex, ownerId: string, id: string): Promise<PartnerWineRow> {
  return db.transaction(async (trx) => {
    const copyId = await duplicateWine(trx, ownerId, id);
    return (await findOwnWine(trx, ownerId, copyId))!;
  });
}

/**
 * POST /api/partner/wines/{id}/revise: the partner's own rejected wine becomes a draft again to be changed and sent in
 * again (reopenRejected), its rejection reason kept until the admin decides anew.
 * @returns the wine afterwards (draft, with its rejectionReason)
 * @throws PartnerWineRefused 404 when the wine is missing or not the partner's; 409 'not_rejected' when it is not rejected
 */
export async function revisePartnerWine(db: Knex, ownerId: string, id: string): Promise<PartnerWineRow> {
  return db.transaction(async (trx) => {
    await reopenRejected(trx, ownerId, id);
    return (await findOwnWine(trx, ownerId, id))!;
  });
}
