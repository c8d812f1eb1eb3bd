import type { Knex } from 'knex';
import type { AuthType, UserRole } from '../contract/auth-rules';

/** A row of `users` (snake_case). `password_hash` is here so that presenters can be seen to leave it out. */
export interface DbUserRow {
  id: string;
  username: string;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  role: UserRole;
  is_active: boolean;
  is_verified: boolean;
  /** rateLimitKey of the IP that registered the account, until its e-mail is verified (api/lib/rate-limits.ts). */
  registered_ip_key?: string | null;
  auth_type: AuthType;
  created_at: Date;
  updated_at: Date;
  password_changed_at: Date | null;
  last_login_at: Date | null;
  session_version: number;
}

type Db = Knex | Knex.Transaction;

/** The user with this id, or undefined. */
export async function findUserById(db: Db, id: string): Promise<DbUserRow | undefined> {
  return db<DbUserRow>('users').where({ id }).first();
}

/**
 * The account an e-mail address (any letter case) belongs to, or undefined: the one whose address is verified (at
 * most one, unique index), else the oldest. Unverified accounts may share an address (a registration of a taken
 * address answers like any other; db/migrations/20261124000100_bind_accounts_by_verified_email.ts), and only this
 * one signs in with it, gets its reset links and is adopted by the identity provider.
 */
export async function findUserByEmail(db: Db, email: string): Promise<DbUserRow | undefined> {
  return db<DbUserRow>('users')
    .whereRaw('lower(email) = lower(?)', [email.trim()])
    .orderBy([
      { column: 'is_verified', order: 'desc' },
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ])
    .first();
}

/**
 * Serialises, until `trx` ends, every transaction that creates or binds an account for this address (any letter case):
 * registrations and identity-provider sign-ins of one address happen one after the other.
 */
export async function lockEmailAddress(trx: Knex.Transaction, email: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`account-email:${email.trim().toLowerCase()}`]);
}

/** Whether the username is taken, compared without regard to case. */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  return Boolean(await db('users').whereRaw('lower(username) = lower(?)', [username]).first('id'));
}

/**
 * Inserts a local account with an argon2id hash, active and not verified: a member (role 'user', spec 000 §7
 * POST /api/auth/register) or a partner (spec 001 §4 'Partner registration', whose company row the caller adds).
 * `registeredIpKey` is the rate-limit key of the registering IP, kept until verification (api/lib/rate-limits.ts).
 * @throws the Postgres unique violation (23505) when the e-mail or username is taken in any letter case
 */
export async function insertLocalUser(
  db: Db,
  input: { username: string; email: string; passwordHash: string; firstName: string | null; lastName: string | null; registeredIpKey?: string },
  role: 'user' | 'partner' = 'user',
): Promise<DbUserRow> {
  const [row] = await db<DbUserRow>('users')
    .insert({
      username: input.username,
      email: input.email,
      password_hash: input.passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      role,
      auth_type: 'local',
      is_verified: false,
      password_changed_at: db.fn.now() as unknown as Date,
      registered_ip_key: input.registeredIpKey ?? null,
    })
    .returning('*');
  return row!;
}

/** Replaces a user's password hash and records when. */
export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db('users').where({ id: userId }).update({ password_hash: passwordHash, password_changed_at: db.fn.now(), updated_at: db.fn.now() });
}

/**
 * Sets a new password hash (argon2id) from a used reset link and ends every session of the user in the same statement
 * pair: password_changed_at and updated_at are now, users.session_version goes up by one (a session signed in under an
 * older value is refused) and the user's `sessions` rows are deleted (spec 000 §2 'Password reset page').
 */
export async function replacePasswordAndEndSessions(trx: Knex.Transaction, userId: string, passwordHash: string): Promise<void> {
  await trx('users')
    .where({ id: userId })
    .update({
      password_hash: passwordHash,
      password_changed_at: trx.fn.now(),
      updated_at: trx.fn.now(),
      session_version: trx.raw('session_version + 1'),
    });
  await trx('sessions').where({ user_id: userId }).delete();
}

/**
 * Binds user `userId`'s address to the account (is_verified = true) unless it is verified already or another account
 * has verified the same address (any letter case) first (README 'Accounts and sessions': at most one verified account
 * per address). Leaves updated_at alone.
 */
export async function verifyEmailUnlessTaken(db: Db, userId: string): Promise<void> {
  await db.raw(
    `update users u set is_verified = true where u.id = ? and not u.is_verified
       and not exists (select 1 from users o where lower(o.email) = lower(u.email) and o.is_verified and o.id <> u.id)`,
    [userId],
  );
}

/**
 * The id of another account (not `exceptUserId`) that has verified `email` (compared in any letter case, not trimmed),
 * or undefined when the address is free to verify.
 */
export async function findOtherVerifiedOwner(db: Db, email: string, exceptUserId: string): Promise<{ id: string } | undefined> {
  return db('users').whereRaw('lower(email) = lower(?)', [email]).andWhere({ is_verified: true }).whereNot({ id: exceptUserId }).first('id');
}

/**
 * Marks user `userId` verified from a verification link: is_verified true, the registering IP's rate-limit key
 * (registered_ip_key) cleared, updated_at now.
 */
export async function markUserVerified(db: Db, userId: string): Promise<void> {
  await db('users').where({ id: userId }).update({ is_verified: true, registered_ip_key: null, updated_at: db.fn.now() });
}

/**
 * The newest (by created_at) active, unverified partner account with address `email` (trimmed, any letter case), or
 * undefined: the account a resent verification link is for.
 */
export async function findNewestUnverifiedPartnerByEmail(db: Db, email: string): Promise<DbUserRow | undefined> {
  return db<DbUserRow>('users')
    .whereRaw('lower(email) = lower(?)', [email.trim()])
    .andWhere({ role: 'partner', is_verified: false, is_active: true })
    .orderBy('created_at', 'desc')
    .first();
}

/** Records a successful sign-in. */
export async function touchLastLogin(db: Db, userId: string): Promise<void> {
  await db('users').where({ id: userId }).update({ last_login_at: db.fn.now() });
}

/**
 * Creates or updates the admin behind a verified identity-provider e-mail (spec 001 §2 'Admin login'):
 * role admin, authType 'admin', no password. Only an account whose address is VERIFIED is adopted (it becomes the
 * admin account and loses its password; the role change ends its sessions, see the users trigger in
 * db/migrations/20261124000100_bind_accounts_by_verified_email.ts). An unverified local account with the address is
 * left alone: it proves nothing about who owns the address, so a new admin account is made beside it.
 * Names are taken from the provider when it sends them.
 * @returns the user row, or 'deactivated' when the verified account exists but is deactivated (no sign-in)
 */
export async function upsertIdentityProviderAdmin(
  db: Knex,
  identity: { email: string; givenName: string | null; familyName: string | null },
): Promise<DbUserRow | 'deactivated'> {
  return db.transaction(async (trx) => {
    await lockEmailAddress(trx, identity.email);
    const existing = await trx<DbUserRow>('users')
      .whereRaw('lower(email) = lower(?)', [identity.email])
      .andWhere({ is_verified: true })
      .forUpdate()
      .first();
    if (existing) {
      if (!existing.is_active) return 'deactivated';
      const [row] = await trx<DbUserRow>('users')
        .where({ id: existing.id })
        .update({
          role: 'admin',
          auth_type: 'admin',
          password_hash: null,
          is_verified: true,
          first_name: identity.givenName ?? existing.first_name,
          last_name: identity.familyName ?? existing.last_name,
          updated_at: trx.fn.now() as unknown as Date,
        })
        .returning('*');
      return row!;
    }
    const base =
      identity.email
        .split('@')[0]!
        .replace(/[^\p{L}\p{N}._-]/gu, '')
        .slice(0, 40) || 'admin';
    let username = base;
    for (let n = 2; await trx('users').whereRaw('lower(username) = lower(?)', [username]).first(); n++) username = `${base}${n}`;
    const [row] = await trx<DbUserRow>('users')
      .insert({
        username,
        email: identity.email,
        first_name: identity.givenName,
        last_name: identity.familyName,
        role: 'admin',
        auth_type: 'admin',
        is_verified: true,
      })
      .returning('*');
    return row!;
  });
}
