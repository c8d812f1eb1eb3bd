import type { Knex } from 'knex';
import type { z } from 'zod';
import { hashPassword } from '../auth/passwords';
import type { RegisterBody } from '../contract/auth';
import { AUTH_MESSAGES as M } from '../contract/auth-rules';
import type { JobSender } from '../jobs/queue';
import { HttpError } from '../lib/http-errors';
import { isUniqueViolation } from '../lib/pg-errors';
import type { DbUserRow } from '../queries/users';
import { findUserByEmail, insertLocalUser, isUsernameTaken, lockEmailAddress } from '../queries/users';
import { issueEmailVerification } from './email-verification';
import { sendAccountExistsMail } from './mail-jobs';

type Registration = z.output<typeof RegisterBody>;

const usernameTaken = () => new HttpError(409, 'username_taken', M.usernameTaken, [{ path: 'body.username', message: M.usernameTaken }]);

/** 403 'email_reserved': the address is on the admins' allow-list (ADMIN_EMAILS), whose owners sign in through OIDC. */
export const emailReserved = () => new HttpError(403, 'email_reserved', M.emailReserved, [{ path: 'body.email', message: M.emailReserved }]);

/**
 * The part every registration shares (README 'Accounts and sessions'): refuses an address on the admins' allow-list,
 * hashes the password (argon2id), then in one transaction serialised per address refuses a taken username and runs
 * `create` with the account that holds the address now (verified first, else the oldest; undefined when none) and the
 * new account's fields for insertLocalUser (the form's, the hash, `opts.registeredIpKey`). A
 * username taken by a concurrent registration (the unique index) is the same 409.
 * @throws 403 'email_reserved'; `usernameTaken()` (409) for a username taken in any letter case
 */
export async function runRegistration<T>(
  db: Knex,
  input: { email: string; username: string; password: string; firstName: string | null; lastName: string | null },
  opts: { adminEmails: ReadonlySet<string>; usernameTaken: () => HttpError; registeredIpKey?: string },
  create: (trx: Knex.Transaction, owner: DbUserRow | undefined, newUser: Parameters<typeof insertLocalUser>[1]) => Promise<T>,
): Promise<T> {
  if (opts.adminEmails.has(input.email.trim().toLowerCase())) throw emailReserved();
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (trx) => {
      await lockEmailAddress(trx, input.email);
      if (await isUsernameTaken(trx, input.username)) throw opts.usernameTaken();
      const newUser = {
        username: input.username,
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        registeredIpKey: opts.registeredIpKey,
      };
      return create(trx, await findUserByEmail(trx, input.email), newUser);
    });
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_unique')) throw opts.usernameTaken();
    throw err;
  }
}

/**
 * Registers a member (spec 000 §7 POST /api/auth/register; README 'Accounts and sessions'): in one transaction the user
 * (role 'user', not verified, argon2id hash) and a mail job. The address is only claimed, never bound, until verified:
 * - an address no account has verified gets a verification link (48 h) — also when an unverified account claims it
 *   already: whoever owns the mailbox binds the address to the account it chooses by following that account's link;
 * - an address another account has verified gets a second, unverified account all the same — the answer must not
 *   tell the two apart — and the address's owner is mailed that someone tried ('account-exists'), never a link, so the
 *   newcomer can't bind it. Sign-in and reset by that address keep reaching the verified account
 *   (api/queries/users.ts findUserByEmail).
 * @param adminEmails the admins' allow-list, lower case: those addresses can't be registered at all
 * @param registeredIpKey the rateLimitKey of the client IP, kept until verification gives the registration point back
 * @throws 403 'email_reserved' for an allow-listed address; 409 'username_taken' (any letter case)
 */
export async function registerMember(
  db: Knex,
  jobs: JobSender,
  secret: string,
  input: Registration,
  opts: { adminEmails: ReadonlySet<string>; registeredIpKey: string },
): Promise<DbUserRow> {
  return runRegistration(db, input, { ...opts, usernameTaken }, async (trx, owner, newUser) => {
    const user = await insertLocalUser(trx, newUser);
    if (owner?.is_verified) await sendAccountExistsMail(trx, jobs, owner);
    else await issueEmailVerification(trx, jobs, secret, user.id);
    return user;
  });
}

/**
 * Mails the signed-in member a new verification link (earlier links stop working) when the address is unverified and
 * the account is the one the address belongs to (findUserByEmail); does nothing otherwise — an account registered on
 * somebody else's address never gets a link to it.
 * @returns whether a link was issued (for logs and tests; the answer is the same either way)
 */
export async function resendMemberVerification(db: Knex, jobs: JobSender, secret: string, user: DbUserRow): Promise<boolean> {
  if (user.is_verified || !user.is_active) return false;
  const owner = await findUserByEmail(db, user.email);
  if (owner?.id !== user.id) return false;
  await issueEmailVerification(db, jobs, secret, user.id);
  return true;
}
