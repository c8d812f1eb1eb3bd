import type { Knex } from 'knex';
import type { DbPartnerRow } from '../presenters/partner';
import type { DbUserRow } from '../presenters/user';

type Db = Knex | Knex.Transaction;

/** The company row of partner user `userId`, or undefined (a partner-role user made in the admin's users tab has none). */
export async function findPartnerByUserId(db: Db, userId: string): Promise<DbPartnerRow | undefined> {
  return db<DbPartnerRow>('partners').where({ user_id: userId }).first();
}

/**
 * Inserts a partner's user row: role 'partner', local sign-in with an argon2id hash, active and NOT verified (the
 * mailed link verifies it; spec 001 §4 'Partner registration').
 * `registeredIpKey` is the rate-limit key of the registering IP, kept until verification (api/lib/rate-limits.ts).
 * @throws the Postgres unique violation (23505, users_username_unique) when the username is taken in any letter case
 */
export async function insertPartnerUser(
  db: Db,
  input: { username: string; email: string; passwordHash: string; firstName: string; lastName: string; registeredIpKey?: string },
): Promise<DbUserRow> {
  const [row] = await db<DbUserRow>('users')
    .insert({
      username: input.username,
      email: input.email,
      password_hash: input.passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      role: 'partner',
      auth_type: 'local',
      is_verified: false,
      password_changed_at: db.fn.now() as unknown as Date,
      registered_ip_key: input.registeredIpKey ?? null,
    })
    .returning('*');
  return row!;
}

/** Inserts the company row of partner user `userId` (phone in E.164 or null). */
export async function insertPartner(
  db: Db,
  input: { userId: string; companyName: string; contactName: string; phone: string | null },
): Promise<DbPartnerRow> {
  const [row] = await db<DbPartnerRow>('partners')
    .insert({ user_id: input.userId, company_name: input.companyName, contact_name: input.contactName, phone: input.phone })
    .returning('*');
  return row!;
}
