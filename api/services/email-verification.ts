import type { Knex } from 'knex';
import { issueToken, lockUsableToken, markTokenMailed, TOKEN_KINDS, tokenForMail, useToken } from '../auth/single-use-tokens';
import { QUEUES, type JobSender } from '../jobs/queue';
import { memberVerificationMail, partnerVerificationMail } from '../mail/templates';
import { findPartnerByUserId } from '../queries/partners';
import { findOtherVerifiedOwner, lockEmailAddress, markUserVerified } from '../queries/users';
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
    const id = await issueToken(trx, TOKEN_KINDS.emailVerification, secret, userId);
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
  return db.transaction(async (trx) => {
    const row = await lockUsableToken(trx, TOKEN_KINDS.emailVerification, token, ['is_active', 'email', 'role', 'registered_ip_key'] as const);
    if (!row?.is_active) return { ok: false };
    const email = String(row.email);
    await lockEmailAddress(trx, email);
    const owner = await findOtherVerifiedOwner(trx, email, row.user_id);
    if (owner) return { ok: false };
    await useToken(trx, TOKEN_KINDS.emailVerification, row);
    await markUserVerified(trx, row.user_id);
    return { ok: true, userId: row.user_id as string, role: row.role as string, registeredIpKey: (row.registered_ip_key as string | null) ?? null };
  });
}

/**
 * Writes and sends a verification mail job: for a partner a link to GET /api/partner/verify?token=…, for a member to
 * GET /api/auth/verify?token=…. Idempotent: a token already mailed, used or superseded is skipped. The 48 hours count
 * from delivery.
 * @throws when delivery fails (the job is retried with backoff)
 */
export async function deliverEmailVerificationMail(
  deps: MailJobDeps,
  job: Extract<MailJob, { kind: 'email-verification' | 'partner-verification' }>,
): Promise<void> {
  const found = await tokenForMail(deps.db, TOKEN_KINDS.emailVerification, deps.keys, job.tokenId, [
    'email',
    'first_name',
    'username',
    'role',
  ] as const);
  if ('skipped' in found) {
    if (found.skipped === 'gone') deps.log.info({ tokenId: job.tokenId }, 'verification mail skipped: token gone, used, replaced or already mailed');
    else deps.log.error({ tokenId: job.tokenId }, 'verification mail skipped: no current secret derives this token');
    return;
  }
  const { token, row } = found;
  const partner = row.role === 'partner';
  const link = `${deps.publicUrl}/api/${partner ? 'partner' : 'auth'}/verify?token=${encodeURIComponent(token)}`;
  const [to, username] = [String(row.email), String(row.username)];
  const name = (row.first_name as string | null) ?? username;
  if (partner) {
    const company = await findPartnerByUserId(deps.db, row.user_id);
    await deps.mailer.send(partnerVerificationMail({ to, name, companyName: company?.company_name ?? '', link }));
  } else {
    await deps.mailer.send(memberVerificationMail({ to, name, username, link }));
  }
  await markTokenMailed(deps.db, TOKEN_KINDS.emailVerification, row.id);
}
