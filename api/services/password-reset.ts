import type { Knex } from 'knex';
import { hashPassword } from '../auth/passwords';
import { issueToken, lockUsableToken, markTokenMailed, TOKEN_KINDS, tokenForMail, useToken } from '../auth/single-use-tokens';
import { QUEUES, type JobSender } from '../jobs/queue';
import { passwordResetMail } from '../mail/templates';
import { replacePasswordAndEndSessions, verifyEmailUnlessTaken } from '../queries/users';

import type { MailJob, MailJobDeps } from './mail-jobs';

/**
 * Issues a reset link for `userId` (spec 000 §2 'Password reset page'): a single-use token valid for 60 minutes that
 * replaces the user's earlier ones (api/auth/single-use-tokens.ts), with its mail enqueued in the same transaction.
 * @returns the token row id
 */
export async function issuePasswordReset(db: Knex, jobs: JobSender, secret: string, userId: string): Promise<string> {
  return db.transaction(async (trx) => {
    const id = await issueToken(trx, TOKEN_KINDS.passwordReset, secret, userId);
    const job: MailJob = { kind: 'password-reset', tokenId: id };
    await jobs.send(QUEUES.mail.name, job, { trx });
    return id;
  });
}

export type ResetOutcome = { ok: true; userId: string } | { ok: false };

/**
 * Uses a reset token once: sets the new password (argon2id), marks the token used and the user's other
 * tokens superseded, and ends every session of the user (session_version bump + row deletion). All in one
 * transaction; the token row is locked so two simultaneous uses cannot both succeed. Binds the address to the account
 * (is_verified) when no other account has verified it.
 * @returns ok false for an unknown, used, superseded or expired token, or a deactivated user
 */
export async function confirmPasswordReset(db: Knex, token: string, newPassword: string): Promise<ResetOutcome> {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction(async (trx) => {
    const row = await lockUsableToken(trx, TOKEN_KINDS.passwordReset, token, ['is_active', 'auth_type'] as const);
    if (!row?.is_active || row.auth_type !== 'local') return { ok: false };
    await useToken(trx, TOKEN_KINDS.passwordReset, row);
    await replacePasswordAndEndSessions(trx, row.user_id, passwordHash);
    // Following the mailed link proves the mailbox is the user's: the address is bound to the account, unless another
    // account verified it first (README 'Accounts and sessions').
    await verifyEmailUnlessTaken(trx, row.user_id);
    return { ok: true, userId: row.user_id as string };
  });
}

/**
 * Writes and sends a password-reset mail job. Idempotent: a token already mailed, used or superseded is
 * skipped, so a job rerun after a crash sends nothing twice that matters. On success the link's 60 minutes
 * count from delivery, so mail held up by an SMTP outage still arrives with a working link.
 * @throws when delivery fails (the job is retried with backoff)
 */
export async function deliverPasswordResetMail(deps: MailJobDeps, job: Extract<MailJob, { kind: 'password-reset' }>): Promise<void> {
  const found = await tokenForMail(deps.db, TOKEN_KINDS.passwordReset, deps.keys, job.tokenId, ['email', 'username'] as const);
  if ('skipped' in found) {
    if (found.skipped === 'gone') deps.log.info({ tokenId: job.tokenId }, 'reset mail skipped: token gone, used, replaced or already mailed');
    else deps.log.error({ tokenId: job.tokenId }, 'reset mail skipped: no current secret derives this token');
    return;
  }
  const { token, row } = found;
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(passwordResetMail({ to: String(row.email), username: String(row.username), link }));
  await markTokenMailed(deps.db, TOKEN_KINDS.passwordReset, row.id);
}
