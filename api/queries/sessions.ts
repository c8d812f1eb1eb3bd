import type { Knex } from 'knex';

/**
 * The `sessions` table (koa-session's store, api/auth/session.ts). `id` is the SHA-256 of the cookie's random key,
 * never the key itself; `data` is the session object (jsonb); `user_id` lets a password change end the user's
 * other sessions.
 */

/** The data of the unexpired session `id`, or null. */
export async function findSessionData(db: Knex, id: string): Promise<Record<string, unknown> | null> {
  const row = await db('sessions').select('data').where({ id }).andWhere('expires_at', '>', db.fn.now()).first();
  return (row?.data as Record<string, unknown> | undefined) ?? null;
}

/** Writes session `id` (insert or replace) for `userId` (null: signed out), expiring `ttlMs` ms from now. */
export async function upsertSession(db: Knex, id: string, userId: string | null, data: Record<string, unknown>, ttlMs: number): Promise<void> {
  await db.raw(
    `insert into sessions (id, user_id, data, expires_at)
     values (?, ?, ?::jsonb, now() + (? * interval '1 millisecond'))
     on conflict (id) do update set user_id = excluded.user_id, data = excluded.data,
       expires_at = excluded.expires_at, updated_at = now()`,
    [id, userId, JSON.stringify(data), ttlMs],
  );
}

/** Deletes session `id`. */
export async function deleteSession(db: Knex, id: string): Promise<void> {
  await db('sessions').where({ id }).delete();
}

/** How many session rows `userId` has (expired ones included until the hourly clean-up). */
export async function countUserSessions(db: Knex, userId: string): Promise<number> {
  return Number((await db('sessions').where({ user_id: userId }).count({ n: '*' }).first())?.n ?? 0);
}

/**
 * Bumps the user's session_version, which ends every session of the old version on every process (the users trigger
 * deletes their rows too; db/migrations/20261124000100_bind_accounts_by_verified_email.ts). @returns the new version
 */
export async function bumpSessionVersion(db: Knex, userId: string): Promise<number> {
  const [row] = await db('users').where({ id: userId }).increment('session_version', 1).returning('session_version');
  return (row as { session_version: number }).session_version;
}

/** Deletes expired sessions (hourly maintenance). @returns how many */
export async function purgeExpiredSessions(db: Knex): Promise<number> {
  return db('sessions').where('expires_at', '<=', db.fn.now()).delete();
}
