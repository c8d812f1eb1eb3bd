import type { Knex } from 'knex';
import type { UserRole } from '../contract/auth-rules';
import type { DbUserRow } from './users';

// The admin panel's user management (spec 001 §2 'Users tab'). Reads and single-row writes of `users`;
// sign-in lookups live in ./users.ts.

type Db = Knex | Knex.Transaction;

/** `text` for a LIKE pattern that matches it literally (\, % and _ escaped; backslash is LIKE's escape). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface AdminUserFilters {
  /** Part of the username, e-mail, first name, last name or 'first last' (case-insensitive). */
  q?: string;
  role?: UserRole;
  isActive?: boolean;
}

function filtered(db: Db, filters: AdminUserFilters): Knex.QueryBuilder {
  const query = db('users');
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    query.where((w) =>
      w
        .whereILike('username', pattern)
        .orWhereILike('email', pattern)
        .orWhereILike('first_name', pattern)
        .orWhereILike('last_name', pattern)
        .orWhereRaw(`concat_ws(' ', first_name, last_name) ilike ?`, [pattern]),
    );
  }
  if (filters.role) query.where('role', filters.role);
  if (filters.isActive !== undefined) query.where('is_active', filters.isActive);
  return query;
}

/**
 * One page of the users matching `filters`, newest first (ties by id, so pages never overlap), and how many
 * match in all.
 */
export async function listAdminUsers(
  db: Db,
  filters: AdminUserFilters & { limit: number; offset: number },
): Promise<{ rows: DbUserRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    filtered(db, filters).select('*').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filters.limit).offset(filters.offset),
    filtered(db, filters).count<{ n: string }[]>({ n: '*' }),
  ]);
  return { rows: rows as DbUserRow[], total: Number(counted[0]?.n ?? 0) };
}

export interface UserStats {
  total: number;
  active: number;
  verified: number;
  byRole: Record<UserRole, number>;
}

/** Counts over every user (the Users tab's stats cards): total, active, verified and per role. */
export async function userStats(db: Db): Promise<UserStats> {
  const row = (await db('users')
    .select(
      db.raw('count(*)::int as total'),
      db.raw('(count(*) filter (where is_active))::int as active'),
      db.raw('(count(*) filter (where is_verified))::int as verified'),
      db.raw(`(count(*) filter (where role = 'user'))::int as role_user`),
      db.raw(`(count(*) filter (where role = 'partner'))::int as role_partner`),
      db.raw(`(count(*) filter (where role = 'moderator'))::int as role_moderator`),
      db.raw(`(count(*) filter (where role = 'admin'))::int as role_admin`),
    )
    .first()) as Record<string, number>;
  return {
    total: row.total!,
    active: row.active!,
    verified: row.verified!,
    byRole: { user: row.role_user!, partner: row.role_partner!, moderator: row.role_moderator!, admin: row.role_admin! },
  };
}

/**
 * Which of `email` and `username` belong to a user other than `exceptId` (compared without regard to letter
 * case, like the unique indexes on lower(email) and lower(username)). Omitted fields are never taken.
 */
export async function findIdentityConflicts(
  db: Db,
  input: { email?: string; username?: string },
  exceptId?: string,
): Promise<{ email: boolean; username: boolean }> {
  if (input.email === undefined && input.username === undefined) return { email: false, username: false };
  const query = db('users')
    .select(
      db.raw('coalesce(bool_or(lower(email) = lower(?::text)), false) as email_taken', [input.email ?? null]),
      db.raw('coalesce(bool_or(lower(username) = lower(?::text)), false) as username_taken', [input.username ?? null]),
    )
    .where((w) => {
      if (input.email !== undefined) w.orWhereRaw('lower(email) = lower(?)', [input.email]);
      if (input.username !== undefined) w.orWhereRaw('lower(username) = lower(?)', [input.username]);
    });
  if (exceptId) query.whereNot('id', exceptId);
  const row = (await query.first()) as { email_taken: boolean; username_taken: boolean } | undefined;
  return { email: Boolean(row?.email_taken), username: Boolean(row?.username_taken) };
}

/** The columns an admin sets on a user (spec 001 §3 'Admin-managed user'), snake_case. */
export interface ManagedUserColumns {
  username: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: UserRole;
  is_active: boolean;
  is_verified: boolean;
}

/**
 * Inserts a local user with an argon2id `passwordHash` (auth_type 'local').
 * @throws the Postgres unique violation (23505; constraint users_email_unique or users_username_unique) when
 * the e-mail or username is taken in any letter case
 */
export async function insertManagedUser(db: Db, columns: ManagedUserColumns & { passwordHash: string }): Promise<DbUserRow> {
  const { passwordHash, ...rest } = columns;
  const [row] = await db<DbUserRow>('users')
    .insert({ ...rest, password_hash: passwordHash, auth_type: 'local', password_changed_at: db.fn.now() as unknown as Date })
    .returning('*');
  return row!;
}

/** The user row, locked until the transaction ends (so two admins' edits of one user run one after the other). */
export async function findUserForUpdate(trx: Knex.Transaction, id: string): Promise<DbUserRow | undefined> {
  return trx<DbUserRow>('users').where({ id }).forUpdate().first();
}

/**
 * Applies `changes` (and a new `passwordHash` when given, with password_changed_at) to one user.
 * @returns the updated row
 * @throws the Postgres unique violation (23505) when a new e-mail or username is taken
 */
export async function updateManagedUser(db: Db, id: string, changes: Partial<ManagedUserColumns> & { passwordHash?: string }): Promise<DbUserRow> {
  const { passwordHash, ...rest } = changes;
  const [row] = await db<DbUserRow>('users')
    .where({ id })
    .update({
      ...rest,
      ...(passwordHash ? { password_hash: passwordHash, password_changed_at: db.fn.now() as unknown as Date } : {}),
      updated_at: db.fn.now() as unknown as Date,
    })
    .returning('*');
  return row!;
}

/**
 * Ends every session of a user at once, on every process: bumps users.session_version (a session signed in
 * under an older value is refused even if a request in flight writes its row back) and deletes the rows.
 * @returns how many session rows were deleted
 */
export async function endAllSessions(db: Db, userId: string): Promise<number> {
  await db('users').where({ id: userId }).increment('session_version', 1);
  return db('sessions').where({ user_id: userId }).delete();
}

/**
 * Makes the user's unused password-reset links worthless (after an admin set a new password or e-mail,
 * a link mailed earlier must not undo it).
 */
export async function supersedeResetTokens(db: Db, userId: string): Promise<void> {
  await db('password_reset_tokens').where({ user_id: userId }).whereNull('used_at').whereNull('superseded_at').update({ superseded_at: db.fn.now() });
}

/**
 * Serialises every change that can take away an admin (demotion, deactivation) for the rest of the
 * transaction: two admins demoting each other at once run one after the other, so the second sees the
 * first's change and the last active admin stays.
 */
export async function lockAdminChanges(trx: Knex.Transaction): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext('users.admins'))`);
}

/** How many active admins there are besides `exceptId`. */
export async function countOtherActiveAdmins(db: Db, exceptId: string): Promise<number> {
  const [row] = await db('users').where({ role: 'admin', is_active: true }).whereNot('id', exceptId).count<{ n: string }[]>({ n: '*' });
  return Number(row?.n ?? 0);
}
