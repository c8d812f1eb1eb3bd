import { wineApprovedMail } from '../mail/templates';
import { findReviewMailFacts } from '../queries/partner-wines';
import type { MailJob, MailJobDeps } from './mail-jobs';

/**
 * Mails the owner of an approved partner wine that it is published (README.md 'Partner portal' → 'Wines'; the
 * counterpart of the rejection mail, api/services/wine-rejected-mail.ts), with the review mark and medal it got and a
 * link to its public page /wine/{id} (spec 001 §2 routes). Sent only while the wine is still approved by the same
 * review (`reviewedAt`), so a job delayed past a later decision sends nothing stale; a wine without an owner or an
 * inactive owner is skipped.
 * @throws when delivery fails (the job is retried with backoff)
 */
export async function deliverWineApprovedMail(deps: MailJobDeps, job: Extract<MailJob, { kind: 'wine-approved' }>): Promise<void> {
  const row = await findReviewMailFacts(deps.db, job.wineId);
  const current = row && row.approval_status === 'approved' && row.reviewed_at && new Date(row.reviewed_at).toISOString() === job.reviewedAt;
  if (!row || !current || !row.is_active) {
    deps.log.info({ wineId: job.wineId }, 'approval mail skipped: wine gone, decided again, or owner inactive');
    return;
  }
  await deps.mailer.send(
    wineApprovedMail({
      to: row.email,
      name: row.first_name ?? row.username,
      wineName: row.name,
      granskad: row.is_granskad_vinpressen,
      medalName: row.medal_name,
      link: `${deps.publicUrl}/wine/${job.wineId}`,
    }),
  );
}
