import type { Knex } from 'knex';
import type { z } from 'zod';
import { AUTH_MESSAGES } from '../contract/auth-rules';
import type { PartnerRegisterBody } from '../contract/partner';
import { PARTNER_MESSAGES as M } from '../contract/partner-rules';
import type { JobSender } from '../jobs/queue';
import { HttpError } from '../lib/http-errors';
import type { DbPartnerRow } from '../queries/partners';
import type { DbUserRow } from '../queries/users';
import { findPartnerByUserId, insertPartner } from '../queries/partners';
import { findNewestUnverifiedPartnerByEmail, findUserByEmail, insertLocalUser } from '../queries/users';
import { issueEmailVerification } from './email-verification';
import { sendAccountExistsMail } from './mail-jobs';
import { runRegistration } from './member-accounts';

type Registration = z.output<typeof PartnerRegisterBody>;

const usernameTaken = () =>
  new HttpError(409, 'username_taken', M.registerUsernameTaken, [{ path: 'body.username', message: AUTH_MESSAGES.usernameTaken }]);

/**
 * Registers a partner (spec 001 §2 'Partner registration', §3 'Registration payload', §4): in ONE transaction the user
 * (role 'partner', not verified, argon2id hash), its company row (phone already E.164 or null) and a verification
 * link whose mail job is queued in the same transaction — so either all of it exists and the mail goes out, or none.
 * Nobody is signed in: the partner logs in after following the link.
 * An address another account has VERIFIED answers the same, creates nothing, and mails that address's owner that
 * someone tried ('account-exists'): the answer tells nobody which addresses have accounts (README 'Accounts and
 * sessions'). An address only claimed by unverified accounts gets its own account and link, like a new one.
 * @param secret the server's newest secret (the verification token is derived from it)
 * @param adminEmails the admins' allow-list, lower case: those addresses can't be registered at all
 * @param registeredIpKey the rateLimitKey of the client IP, kept until verification gives the registration point back
 * @returns the new user, or null when the address belonged to a verified account
 * @throws 403 'email_reserved' for an allow-listed address; 409 'username_taken' (message contains 'already exists'),
 *   compared without regard to letter case
 */
export async function registerPartner(
  db: Knex,
  jobs: JobSender,
  secret: string,
  input: Registration,
  opts: { adminEmails: ReadonlySet<string>; registeredIpKey?: string },
): Promise<DbUserRow | null> {
  return runRegistration(db, input, { ...opts, usernameTaken }, async (trx, owner, newUser) => {
    if (owner?.is_verified) {
      await sendAccountExistsMail(trx, jobs, owner);
      return null;
    }
    const user = await insertLocalUser(trx, newUser, 'partner');
    await insertPartner(trx, { userId: user.id, companyName: input.companyName, contactName: input.contactName, phone: input.phone });
    await issueEmailVerification(trx, jobs, secret, user.id);
    return user;
  });
}

/**
 * Mails a new verification link when `email` belongs to an active, unverified partner (earlier links stop working);
 * does nothing otherwise. Callers answer the same either way, so the answer reveals no account.
 * @returns whether a link was issued (for logs and tests, never for the HTTP answer)
 */
export async function resendPartnerVerification(db: Knex, jobs: JobSender, secret: string, email: string): Promise<boolean> {
  const owner = await findUserByEmail(db, email);
  if (owner?.is_verified) return false;
  // The address is only claimed: the newest unverified partner account with it (a member may claim it too).
  const user = await findNewestUnverifiedPartnerByEmail(db, email);
  if (!user) return false;
  await issueEmailVerification(db, jobs, secret, user.id);
  return true;
}

/** 403 'email_not_verified' with PARTNER_MESSAGES.notVerified. */
export const notVerified = () => new HttpError(403, 'email_not_verified', M.notVerified);

/**
 * The verification rule of every password sign-in (spec 001 §4: "verify e-mail via link, then login is allowed;
 * enforcement is server-side"): a partner must have verified the address. Call it only after the password was right,
 * so it tells a guesser nothing.
 * @throws 403 'email_not_verified' for an unverified partner
 */
export function assertPartnerVerified(user: Pick<DbUserRow, 'role' | 'is_verified'>): void {
  if (user.role === 'partner' && !user.is_verified) throw notVerified();
}

/**
 * The checks of the partner portal's sign-in after a correct password, in order (spec 001 §2 'Partner login', §6):
 * a partner account, verified, with its company details.
 * @returns the partner's company row
 * @throws 403 'not_partner' (PARTNER_MESSAGES.notPartner), 'email_not_verified' (notVerified) or
 *   'partner_profile_missing' (partnerProfileMissing)
 */
export async function partnerForSignIn(db: Knex, user: DbUserRow): Promise<DbPartnerRow> {
  if (user.role !== 'partner') throw new HttpError(403, 'not_partner', M.notPartner);
  assertPartnerVerified(user);
  return requirePartnerProfile(db, user.id);
}

/**
 * The company row of a signed-in partner user.
 * @throws 403 'partner_profile_missing' (PARTNER_MESSAGES.partnerProfileMissing) when it has none — an account given
 *   the partner role in the admin's users tab
 */
export async function requirePartnerProfile(db: Knex, userId: string): Promise<DbPartnerRow> {
  const partner = await findPartnerByUserId(db, userId);
  if (!partner) throw new HttpError(403, 'partner_profile_missing', M.partnerProfileMissing);
  return partner;
}
