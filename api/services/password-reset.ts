import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { RESET_TOKEN_TTL_MINUTES } from '../contract/auth-rules';
import { deriveResetToken, sha256Hex } from '../auth/reset-tokens';
import { hashPassword } from '../auth/passwords';
import { QUEUES, type JobSender } from '../jobs/queue';
import { passwordResetMail } from '../mail/templates';

import type { MailJob, MailJobDeps } from './mail-jobs';

/**
 * Issues a reset link for `userId` (spec 000 §2 'Password reset page'): supersedes the user's earlier
 * unused tokens (the newest link is the one that works), stores the new token's SHA-256 only, valid for
 * 60 minutes, and enqueues its mail in the same transaction. The token itself is derived again from the
 * row id and the server secret when the mail is written (see `deliverMailJob`).
 */
export async function issuePasswordReset(db: Knex, jobs: JobSender, secret: string, userId: string): Promise<string> {
  return db.transaction(async (trx) => {
    await trx('password_reset_tokens')
      .where({ user_id: userId })
      .whereNull('used_at')
      .whereNull('superseded_at')
      .update({ superseded_at: trx.fn.now() });
    const id = randomUUID();
    await trx('password_reset_tokens').insert({
      id,
      user_id: userId,
      token_hash: sha256Hex(deriveResetToken(secret, id)),
      expires_at: trx.raw(`now() + make_interval(mins => ?)`, [RESET_TOKEN_TTL_MINUTES]),
    });
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
    const row = await trx('password_reset_tokens as t')
      .join('users as u', 'u.id', 't.user_id')
      .select('t.id', 't.user_id', 'u.is_active', 'u.auth_type')
      .where('t.token_hash', sha256Hex(token))
      .whereNull('t.used_at')
      .whereNull('t.superseded_at')
      .andWhere('t.expires_at', '>', trx.fn.now())
      .forUpdate('t')
      .first();
    if (!row || !row.is_active || row.auth_type !== 'local') return { ok: false };
    await trx('password_reset_tokens').where({ id: row.id }).update({ used_at: trx.fn.now() });
    await trx('password_reset_tokens')
      .where({ user_id: row.user_id })
      .whereNot({ id: row.id })
      .whereNull('used_at')
      .whereNull('superseded_at')
      .update({ superseded_at: trx.fn.now() });
    await trx('users')
      .where({ id: row.user_id })
      .update({ password_hash: passwordHash, password_changed_at: trx.fn.now(), updated_at: trx.fn.now(), session_version: trx.raw('session_version + 1') });
    await trx('sessions').where({ user_id: row.user_id }).delete();
    // Following the mailed link proves the mailbox is the user's: the address is bound to the account, unless another
    // account verified it first (README 'Accounts and sessions').
    await trx.raw(
      `update users u set is_verified = true where u.id = ? and not u.is_verified
         and not exists (select 1 from users o where lower(o.email) = lower(u.email) and o.is_verified and o.id <> u.id)`,
      [row.user_id],
    );
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
  const row = await deps.db('password_reset_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .select('t.id', 't.token_hash', 't.used_at', 't.superseded_at', 't.mailed_at', 'u.email', 'u.username')
    .where('t.id', job.tokenId)
    .first();
  if (!row || row.used_at || row.superseded_at || row.mailed_at) {
    deps.log.info({ tokenId: job.tokenId }, 'reset mail skipped: token gone, used, replaced or already mailed');
    return;
  }
  // The newest key derived it, unless the keys were rotated since: try each.
  const token = deps.keys.map((k) => deriveResetToken(k, row.id)).find((t) => sha256Hex(t) === row.token_hash);
  if (!token) {
    deps.log.error({ tokenId: row.id }, 'reset mail skipped: no current secret derives this token');
    return;
  }
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(passwordResetMail({ to: row.email, username: row.username, link }));
  await deps.db('password_reset_tokens')
    .where({ id: row.id })
    .update({
      mailed_at: deps.db.fn.now(),
      expires_at: deps.db.raw(`greatest(expires_at, now() + make_interval(mins => ?))`, [RESET_TOKEN_TTL_MINUTES]),
    });
}
