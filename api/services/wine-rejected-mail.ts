import { wineRejectedMail } from '../mail/templates';
import { findReviewMailFacts } from '../queries/partner-wines';
import type { MailJob, MailJobDeps } from './mail-jobs';

/**
 * Mails the owner of a rejected partner wine the admin's reason (spec 001 §4: "the partner will be informed"). Sent
 * only while the wine is still rejected by the same review (`reviewedAt`), so a job delayed past a later decision
 * sends nothing stale; a wine without an owner or an inactive owner is skipped.
 * @throws when delivery fails (the job is retried with backoff)
 */
export async function deliverWineRejectedMail(deps: MailJobDeps, job: Extract<MailJob, { kind: 'wine-rejected' }>): Promise<void> {
  const row = await findReviewMailFacts(deps.db, job.wineId);
  const current = row && row.approval_status === 'rejected' && row.reviewed_at && new Date(row.reviewed_at).toISOString() === job.reviewedAt;
  if (!row || !current || !row.is_active) {
    deps.log.info({ wineId: job.wineId }, 'rejection mail skipped: wine gone, decided again, or owner inactive');
    return;
  }
  await deps.mailer.send(
    wineRejectedMail({
      to: row.email,
      name: row.first_name ?? row.username,
      wineName: row.name,
      reason: row.rejection_reason ?? '',
      link: `${deps.publicUrl}/partner`,
    }),
  );
}
