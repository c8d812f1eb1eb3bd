import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { VERIFICATION_TOKEN_TTL_HOURS } from '../contract/partner-rules';
import { deriveVerificationToken, sha256Hex } from '../auth/reset-tokens';
import { QUEUES, type JobSender } from '../jobs/queue';
import { memberVerificationMail, partnerVerificationMail } from '../mail/templates';
import { lockEmailAddress } from '../queries/users';
import type { MailJob, MailJobDeps } from './mail-jobs';

/**
 * Issues an e-mail verification link for `userId` — a partner (spec 001 §4 'Partner registration') or a member
 * (README 'Accounts and sessions': registration mails one too): supersedes the user's earlier
 * unused links, stores the new token's SHA-256 only (valid VERIFICATION_TOKEN_TTL_HOURS = 48 h), and enqueues its mail
 * in the same transaction — pass the caller's transaction as `db` so the mail exists exactly when the account does.
 * @returns the token row id
 */
export async function issueEmailVerification(db: Knex | Knex.Transaction, jobs: JobSender, secret: string, userId: string): Promise<string> {
  const run = async (trx: Knex.Transaction) => {
    await trx('email_verification_tokens')
      .where({ user_id: userId })
      .whereNull('used_at')
      .whereNull('superseded_at')
      .update({ superseded_at: trx.fn.now() });
    const id = randomUUID();
    await trx('email_verification_tokens').insert({
      id,
      user_id: userId,
      token_hash: sha256Hex(deriveVerificationToken(secret, id)),
      expires_at: trx.raw(`now() + make_interval(hours => ?)`, [VERIFICATION_TOKEN_TTL_HOURS]),
    });
    const job: MailJob = { kind: 'email-verification', tokenId: id };
    await jobs.send(QUEUES.mail.name, job, { trx });
    return id;
  };
  return db.isTransaction ? run(db as Knex.Transaction) : (db as Knex).transaction(run);
}

export type VerificationOutcome = { ok: true; userId: string; role: string; registeredIpKey: string | null } | { ok: false };

/**
 * Uses a verification token once: marks the user verified, the token used and the user's other tokens superseded, in
 * one transaction with the token row locked (two clicks on the link cannot both count). The address is bound to this
 * account from then on: when another account verified the same address first, nothing changes.
 * @returns ok false for an unknown, used, superseded or expired token, a deactivated user, or an address another
 *   account has verified; otherwise the user, its role and the rate-limit key its registration was counted under
 */
export async function consumeEmailVerification(db: Knex, token: string): Promise<VerificationOutcome> {
  if (!token) return { ok: false };
  return db.transaction(async (trx) => {
    const row = await trx('email_verification_tokens as t')
      .join('users as u', 'u.id', 't.user_id')
      .select('t.id', 't.user_id', 'u.is_active', 'u.email', 'u.role', 'u.registered_ip_key')
      .where('t.token_hash', sha256Hex(token))
      .whereNull('t.used_at')
      .whereNull('t.superseded_at')
      .andWhere('t.expires_at', '>', trx.fn.now())
      .forUpdate('t')
      .first();
    if (!row || !row.is_active) return { ok: false };
    await lockEmailAddress(trx, row.email);
    const owner = await trx('users').whereRaw('lower(email) = lower(?)', [row.email]).andWhere({ is_verified: true }).whereNot({ id: row.user_id }).first('id');
    if (owner) return { ok: false };
    await trx('email_verification_tokens').where({ id: row.id }).update({ used_at: trx.fn.now() });
    await trx('email_verification_tokens')
      .where({ user_id: row.user_id })
      .whereNot({ id: row.id })
      .whereNull('used_at')
      .whereNull('superseded_at')
      .update({ superseded_at: trx.fn.now() });
    await trx('users').where({ id: row.user_id }).update({ is_verified: true, registered_ip_key: null, updated_at: trx.fn.now() });
    return { ok: true, userId: row.user_id as string, role: row.role as string, registeredIpKey: (row.registered_ip_key as string | null) ?? null };
  });
}

/**
 * Writes and sends a verification mail job: for a partner a link to GET /api/partner/verify?token=…, for a member to
 * GET /api/auth/verify?token=…. Idempotent: a token already mailed, used or superseded is skipped. The 48 hours count
 * from delivery.
 * @throws when delivery fails (the job is retried with backoff)
 */
export async function deliverEmailVerificationMail(deps: MailJobDeps, job: Extract<MailJob, { kind: 'email-verification' | 'partner-verification' }>): Promise<void> {
  const row = await deps.db('email_verification_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .leftJoin('partners as p', 'p.user_id', 'u.id')
    .select('t.id', 't.token_hash', 't.used_at', 't.superseded_at', 't.mailed_at', 'u.email', 'u.first_name', 'u.username', 'u.role', 'p.company_name')
    .where('t.id', job.tokenId)
    .first();
  if (!row || row.used_at || row.superseded_at || row.mailed_at) {
    deps.log.info({ tokenId: job.tokenId }, 'verification mail skipped: token gone, used, replaced or already mailed');
    return;
  }
  const token = deps.keys.map((k) => deriveVerificationToken(k, row.id)).find((t) => sha256Hex(t) === row.token_hash);
  if (!token) {
    deps.log.error({ tokenId: row.id }, 'verification mail skipped: no current secret derives this token');
    return;
  }
  const partner = row.role === 'partner';
  const link = `${deps.publicUrl}/api/${partner ? 'partner' : 'auth'}/verify?token=${encodeURIComponent(token)}`;
  const name = row.first_name ?? row.username;
  await deps.mailer.send(
    partner
      ? partnerVerificationMail({ to: row.email, name, companyName: row.company_name ?? '', link })
      : memberVerificationMail({ to: row.email, name, username: row.username, link }),
  );
  await deps.db('email_verification_tokens')
    .where({ id: row.id })
    .update({
      mailed_at: deps.db.fn.now(),
      expires_at: deps.db.raw(`greatest(expires_at, now() + make_interval(hours => ?))`, [VERIFICATION_TOKEN_TTL_HOURS]),
    });
}
