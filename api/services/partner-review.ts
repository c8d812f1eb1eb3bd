import type { Knex } from 'knex';
import { WINE_CATEGORY_LABELS } from '../contract/constants';
import type { ApproveWineBody, RejectWineBody } from '../contract/partner-review';
import { PARTNER_MESSAGES as M } from '../contract/partner-rules';
import { QUEUES, type JobSender } from '../jobs/queue';
import { badRequest, conflict } from '../lib/http-errors';
import type { DbUserRow } from '../queries/users';
import type { DbWineRow } from '../queries/wines';
import { findAdminWine, findWineById, updateWine, type DbAdminWineRow } from '../queries/admin-wines';
import { recordAudit } from '../queries/audit-log';
import { findMedalDesign } from '../queries/medal-designs';
import { wineNotFound } from './admin-wines';
import type { MailJob } from './mail-jobs';

type Actor = Pick<DbUserRow, 'id' | 'email'>;

// The admin's decision on a wine sent in for review (spec 001 §2 'Partner review tab', §4, §5, §8). Only a pending
// wine can be decided. The lists show partner wines; a wine of another source that an admin set to pending (the admin
// form allows it) is decided the same way, and nobody is mailed about it since it has no owner.

/** Locks wine `id` in `trx` and checks it waits for review. @throws 404 no such wine; 409 'not_pending' otherwise */
async function lockPending(trx: Knex.Transaction, id: string): Promise<DbWineRow> {
  const stored = await findWineById(trx, id, { forUpdate: true });
  if (!stored) throw wineNotFound();
  if (stored.approval_status !== 'pending') throw conflict('not_pending', M.notPending);
  return stored;
}

/**
 * Approves pending wine `id` (spec 001 §4: pending → approved, optionally with the review mark and a medal design),
 * which publishes it: it is then in GET /api/wines, in the public list of each of `body.categories` (at least one:
 * GET /api/wines?category=…, spec 000 §7) and at /wine/{id}. Sets approval_status 'approved', categories (replacing
 * any the wine had), is_granskad_vinpressen, medal_design_id (null: no medal), reviewed_at/reviewed_by, clears any
 * rejection reason (a resubmitted wine's earlier one), writes the audit entry 'wine.approve' and, when the wine has an
 * owner, enqueues the 'wine-approved' mail job (api/services/wine-approved-mail.ts) — one transaction with the wine
 * row locked, so two admins deciding at once cannot both succeed and the mail is queued exactly when the approval
 * commits.
 * @returns the wine as the admin reads it (medal, owner and company joined)
 * @throws 404 no such wine; 409 'not_pending' (PARTNER_MESSAGES.notPending) when it is not pending;
 *   400 (PARTNER_MESSAGES.medalUnknown, on body.medalDesignId) for a medal design that does not exist
 */
export async function approveWine(db: Knex, jobs: JobSender, actor: Actor, id: string, body: ApproveWineBody): Promise<DbAdminWineRow> {
  return db.transaction(async (trx) => {
    const stored = await lockPending(trx, id);
    const medal = body.medalDesignId ? await findMedalDesign(trx, body.medalDesignId) : undefined;
    if (body.medalDesignId && !medal) throw badRequest(M.medalUnknown, [{ path: 'body.medalDesignId', message: M.medalUnknown }]);
    const reviewedAt = new Date();
    await updateWine(trx, id, {
      approval_status: 'approved',
      categories: body.categories,
      is_granskad_vinpressen: body.isGranskadVinpressen,
      medal_design_id: medal?.id ?? null,
      rejection_reason: null,
      reviewed_at: reviewedAt,
      reviewed_by: actor.id,
    });
    if (stored.owner_user_id) {
      const job: MailJob = { kind: 'wine-approved', wineId: id, reviewedAt: reviewedAt.toISOString() };
      await jobs.send(QUEUES.mail.name, job, { trx });
    }
    const lists = body.categories.map((c) => WINE_CATEGORY_LABELS[c]).join(', ');
    const extras = [`listor: ${lists}`, body.isGranskadVinpressen && 'Granskad av Vinpressen', medal && `medalj: ${medal.name}`].filter(Boolean);
    await recordAudit(trx, actor, {
      action: 'wine.approve',
      entityType: 'wine',
      entityId: id,
      summary: `Godkände "${stored.name}"${extras.length ? ` (${extras.join(', ')})` : ''}`,
    });
    return (await findAdminWine(trx, id))!;
  });
}

/**
 * Rejects pending wine `id` with `body.reason` (spec 001 §4: pending → rejected, required reason, "the partner will
 * be informed"): sets approval_status 'rejected', rejection_reason, reviewed_at/reviewed_by, takes away any review
 * mark and medal, writes the audit entry 'wine.reject' and, when the wine has an owner, enqueues the 'wine-rejected'
 * mail job (api/services/wine-rejected-mail.ts) — all in one transaction with the wine row locked, so the mail is
 * queued exactly when the rejection commits.
 * @returns the wine as the admin reads it
 * @throws 404 no such wine; 409 'not_pending' when it is not pending (the body's empty-reason 400 comes from
 *   RejectWineBody: PARTNER_MESSAGES.reasonRequired)
 */
export async function rejectWine(db: Knex, jobs: JobSender, actor: Actor, id: string, body: RejectWineBody): Promise<DbAdminWineRow> {
  return db.transaction(async (trx) => {
    const stored = await lockPending(trx, id);
    const reviewedAt = new Date();
    await updateWine(trx, id, {
      approval_status: 'rejected',
      rejection_reason: body.reason,
      is_granskad_vinpressen: false,
      medal_design_id: null,
      reviewed_at: reviewedAt,
      reviewed_by: actor.id,
    });
    if (stored.owner_user_id) {
      const job: MailJob = { kind: 'wine-rejected', wineId: id, reviewedAt: reviewedAt.toISOString() };
      await jobs.send(QUEUES.mail.name, job, { trx });
    }
    await recordAudit(trx, actor, { action: 'wine.reject', entityType: 'wine', entityId: id, summary: `Avvisade "${stored.name}"` });
    return (await findAdminWine(trx, id))!;
  });
}
