import type { Knex } from 'knex';
import { QUEUES, type JobSender } from '../jobs/queue';
import { findUserById, type DbUserRow } from '../queries/users';
import type { Logger } from 'pino';
import type { Mailer } from '../mail/mailer';
import { deliverPasswordResetMail } from './password-reset';
import { accountExistsMail } from '../mail/templates';
import { deliverEmailVerificationMail } from './email-verification';
import { deliverWineRejectedMail } from './wine-rejected-mail';
import { deliverWineApprovedMail } from './wine-approved-mail';

/**
 * The mail queue's jobs: which mail to write. Only ids travel through the queue, never a token or an address, so a
 * job written before an address change still reaches the account's current address.
 * - password-reset: spec 000 §2 'Password reset page'
 * - email-verification: spec 001 §4 'Partner registration' (verify e-mail via link) and member registration (README
 *   'Accounts and sessions'); 'partner-verification' is its earlier name, still delivered for jobs queued before
 * - account-exists: someone registered an address that already has an account (the owner is told; the answer to the
 *   registration is the same as for a new address)
 * - wine-rejected: spec 001 §4 (rejection with a reason; "the partner will be informed")
 * - wine-approved: the partner is told of an approval too, with a link to the wine's public page
 */
export type MailJob =
  | { kind: 'password-reset'; tokenId: string }
  | { kind: 'email-verification'; tokenId: string }
  | { kind: 'partner-verification'; tokenId: string }
  | { kind: 'account-exists'; userId: string; portal: 'member' | 'partner' }
  | { kind: 'wine-rejected'; wineId: string; reviewedAt: string }
  | { kind: 'wine-approved'; wineId: string; reviewedAt: string };

/** What a mail job's delivery needs: the database, the mailer, the server's secrets (newest first) and the site's URL. */
export interface MailJobDeps {
  db: Knex;
  mailer: Mailer;
  keys: string[];
  publicUrl: string;
  log: Logger;
}

/**
 * Writes and sends the mail of one job. Each kind is idempotent where it can be (a token already mailed or used is
 * skipped); an unknown kind is logged and dropped.
 * @throws when delivery fails (the job is retried with backoff)
 */
export async function deliverMailJob(deps: MailJobDeps, job: MailJob): Promise<void> {
  switch (job.kind) {
    case 'password-reset':
      return deliverPasswordResetMail(deps, job);
    case 'email-verification':
    case 'partner-verification':
      return deliverEmailVerificationMail(deps, job);
    case 'account-exists':
      return deliverAccountExistsMail(deps, job);
    case 'wine-rejected':
      return deliverWineRejectedMail(deps, job);
    case 'wine-approved':
      return deliverWineApprovedMail(deps, job);
    default:
      deps.log.error({ job }, 'unknown mail job');
  }
}

/**
 * Enqueues, inside the registration's transaction, the 'account-exists' mail to the verified `owner` of an address
 * someone just registered again (README 'Accounts and sessions'); the registration answers as for a new address.
 */
export async function sendAccountExistsMail(trx: Knex.Transaction, jobs: JobSender, owner: Pick<DbUserRow, 'id' | 'role'>): Promise<void> {
  const job: MailJob = { kind: 'account-exists', userId: owner.id, portal: owner.role === 'partner' ? 'partner' : 'member' };
  await jobs.send(QUEUES.mail.name, job, { trx });
}

/**
 * Tells the owner of an address that someone registered it again. Skipped when the account is gone or deactivated.
 * Not idempotent by itself: a rerun after a crash may send the notice twice, which is harmless.
 * @throws when delivery fails (the job is retried with backoff)
 */
async function deliverAccountExistsMail(deps: MailJobDeps, job: Extract<MailJob, { kind: 'account-exists' }>): Promise<void> {
  const user = await findUserById(deps.db, job.userId);
  if (!user?.is_active) return;
  await deps.mailer.send(accountExistsMail({ to: user.email, username: user.username, siteUrl: deps.publicUrl, portal: job.portal }));
}
