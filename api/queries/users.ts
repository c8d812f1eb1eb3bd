import type { Knex } from 'knex';
import type { DbUserRow } from '../presenters/user';

type Db = Knex | Knex.Transaction;

/** The user with this id, or undefined. */
export async function findUserById(db: Db, id: string): Promise<DbUserRow | undefined> {
  return db<DbUserRow>('users').where({ id }).first();
}

/** The user with this e-mail in any letter case (unique index on lower(email)), or undefined. */
export async function findUserByEmail(db: Db, email: string): Promise<DbUserRow | undefined> {
  return db<DbUserRow>('users').whereRaw('lower(email) = lower(?)', [email.trim()]).first();
}

/** Which of the e-mail and username are taken (compared without regard to case). */
export async function findTakenIdentity(db: Db, input: { email: string; username: string }): Promise<{ email: boolean; username: boolean }> {
  const rows: { email_taken: boolean; username_taken: boolean }[] = await db('users')
    .select(
      db.raw('bool_or(lower(email) = lower(?)) as email_taken', [input.email]),
      db.raw('bool_or(lower(username) = lower(?)) as username_taken', [input.username]),
    )
    .whereRaw('lower(email) = lower(?) or lower(username) = lower(?)', [input.email, input.username]);
  return { email: Boolean(rows[0]?.email_taken), username: Boolean(rows[0]?.username_taken) };
}

/**
 * Inserts a local user (role 'user', active, not verified) with an argon2id hash.
 * @throws the Postgres unique violation (23505) when the e-mail or username is taken in any letter case
 */
export async function insertLocalUser(
  db: Db,
  input: { username: string; email: string; passwordHash: string; firstName: string | null; lastName: string | null },
): Promise<DbUserRow> {
  const [row] = await db<DbUserRow>('users')
    .insert({
      username: input.username,
      email: input.email,
      password_hash: input.passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      role: 'user',
      auth_type: 'local',
      password_changed_at: db.fn.now() as unknown as Date,
    })
    .returning('*');
  return row!;
}

/** Replaces a user's password hash and records when. */
export async function updatePasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db('users').where({ id: userId }).update({ password_hash: passwordHash, password_changed_at: db.fn.now(), updated_at: db.fn.now() });
}

/** Records a successful sign-in. */
export async function touchLastLogin(db: Db, userId: string): Promise<void> {
  await db('users').where({ id: userId }).update({ last_login_at: db.fn.now() });
}
