import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Mailer } from '../mail/mailer';
import { deliverPasswordResetMail } from './password-reset';
import { deliverPartnerVerificationMail } from './partner-verification';
import { deliverWineRejectedMail } from './wine-rejected-mail';

/**
 * The mail queue's jobs: which mail to write. Only ids travel through the queue, never a token or an address, so a
 * job written before an address change still reaches the account's current address.
 * - password-reset: spec 000 §2 'Password reset page'
 * - partner-verification: spec 001 §4 'Partner registration' (verify e-mail via link)
 * - wine-rejected: spec 001 §4 (rejection with a reason; "the partner will be informed")
 */
export type MailJob =
  | { kind: 'password-reset'; tokenId: string }
  | { kind: 'partner-verification'; tokenId: string }
  | { kind: 'wine-rejected'; wineId: string; reviewedAt: string };

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
    case 'partner-verification':
      return deliverPartnerVerificationMail(deps, job);
    case 'wine-rejected':
      return deliverWineRejectedMail(deps, job);
    default:
      deps.log.error({ job }, 'unknown mail job');
  }
}
