import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { VERIFICATION_TOKEN_TTL_HOURS } from '../contract/partner-rules';
import { deriveVerificationToken, sha256Hex } from '../auth/reset-tokens';
import { QUEUES, type JobSender } from '../jobs/queue';
import { partnerVerificationMail } from '../mail/templates';
import type { MailJob, MailJobDeps } from './mail-jobs';

/**
 * Issues an e-mail verification link for `userId` (spec 001 §4 'Partner registration'): supersedes the user's earlier
 * unused links, stores the new token's SHA-256 only (valid VERIFICATION_TOKEN_TTL_HOURS = 48 h), and enqueues its mail
 * in the same transaction — pass the caller's transaction as `db` so the mail exists exactly when the account does.
 * @returns the token row id
 */
export async function issuePartnerVerification(db: Knex | Knex.Transaction, jobs: JobSender, secret: string, userId: string): Promise<string> {
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
    const job: MailJob = { kind: 'partner-verification', tokenId: id };
    await jobs.send(QUEUES.mail.name, job, { trx });
    return id;
  };
  return db.isTransaction ? run(db as Knex.Transaction) : (db as Knex).transaction(run);
}

export type VerificationOutcome = { ok: true; userId: string } | { ok: false };

/**
 * Uses a verification token once: marks the user verified, the token used and the user's other tokens superseded, in
 * one transaction with the token row locked (two clicks on the link cannot both count).
 * @returns ok false for an unknown, used, superseded or expired token, or a deactivated user
 */
export async function consumePartnerVerification(db: Knex, token: string): Promise<VerificationOutcome> {
  if (!token) return { ok: false };
  return db.transaction(async (trx) => {
    const row = await trx('email_verification_tokens as t')
      .join('users as u', 'u.id', 't.user_id')
      .select('t.id', 't.user_id', 'u.is_active')
      .where('t.token_hash', sha256Hex(token))
      .whereNull('t.used_at')
      .whereNull('t.superseded_at')
      .andWhere('t.expires_at', '>', trx.fn.now())
      .forUpdate('t')
      .first();
    if (!row || !row.is_active) return { ok: false };
    await trx('email_verification_tokens').where({ id: row.id }).update({ used_at: trx.fn.now() });
    await trx('email_verification_tokens')
      .where({ user_id: row.user_id })
      .whereNot({ id: row.id })
      .whereNull('used_at')
      .whereNull('superseded_at')
      .update({ superseded_at: trx.fn.now() });
    await trx('users').where({ id: row.user_id }).update({ is_verified: true, updated_at: trx.fn.now() });
    return { ok: true, userId: row.user_id as string };
  });
}

/**
 * Writes and sends a verification mail job: a link to GET /api/partner/verify?token=…. Idempotent: a token already
 * mailed, used or superseded is skipped. The 48 hours count from delivery.
 * @throws when delivery fails (the job is retried with backoff)
 */
export async function deliverPartnerVerificationMail(deps: MailJobDeps, job: Extract<MailJob, { kind: 'partner-verification' }>): Promise<void> {
  const row = await deps.db('email_verification_tokens as t')
    .join('users as u', 'u.id', 't.user_id')
    .leftJoin('partners as p', 'p.user_id', 'u.id')
    .select('t.id', 't.token_hash', 't.used_at', 't.superseded_at', 't.mailed_at', 'u.email', 'u.first_name', 'u.username', 'p.company_name')
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
  const link = `${deps.publicUrl}/api/partner/verify?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(partnerVerificationMail({ to: row.email, name: row.first_name ?? row.username, companyName: row.company_name ?? '', link }));
  await deps.db('email_verification_tokens')
    .where({ id: row.id })
    .update({
      mailed_at: deps.db.fn.now(),
      expires_at: deps.db.raw(`greatest(expires_at, now() + make_interval(hours => ?))`, [VERIFICATION_TOKEN_TTL_HOURS]),
    });
}
