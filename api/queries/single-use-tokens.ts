import type { Knex } from 'knex';

/**
 * The two token tables of single-use links, `password_reset_tokens` and `email_verification_tokens` (same shape:
 * id, user_id, token_hash = SHA-256 of the mailed token, expires_at, used_at, superseded_at, mailed_at). Which table,
 * purpose and lifetime a link has is api/auth/single-use-tokens.ts TOKEN_KINDS.
 */
export type TokenTable = 'password_reset_tokens' | 'email_verification_tokens';

/** A token row joined with its user's `userColumns`. */
export type DbTokenRow<U extends string> = {
  id: string;
  user_id: string;
  token_hash: string;
  used_at: Date | null;
  superseded_at: Date | null;
  mailed_at: Date | null;
} & Record<U, unknown>;

/** Marks `userId`'s unused, not yet superseded tokens of `table` superseded, except `keepId` (when given). */
export async function supersedeOpenTokens(trx: Knex.Transaction, table: TokenTable, userId: string, keepId?: string): Promise<void> {
  const q = trx(table).where({ user_id: userId }).whereNull('used_at').whereNull('superseded_at');
  if (keepId) q.whereNot({ id: keepId });
  await q.update({ superseded_at: trx.fn.now() });
}

/** Inserts token row `id` of `userId` with its hash, valid for `ttlMinutes` from now. */
export async function insertToken(
  trx: Knex.Transaction,
  table: TokenTable,
  row: { id: string; userId: string; tokenHash: string; ttlMinutes: number },
): Promise<void> {
  await trx(table).insert({
    id: row.id,
    user_id: row.userId,
    token_hash: row.tokenHash,
    expires_at: trx.raw(`now() + make_interval(mins => ?)`, [row.ttlMinutes]),
  });
}

/**
 * The unused, not superseded, unexpired row whose hash is `tokenHash`, locked FOR UPDATE (two uses of one link at the
 * same moment can't both count), with its user's `userColumns`; or undefined.
 */
export async function lockUsableTokenRow<U extends string>(
  trx: Knex.Transaction,
  table: TokenTable,
  tokenHash: string,
  userColumns: readonly U[],
): Promise<({ id: string; user_id: string } & Record<U, unknown>) | undefined> {
  return trx(`${table} as t`)
    .join('users as u', 'u.id', 't.user_id')
    .select('t.id', 't.user_id', ...userColumns.map((c) => `u.${c}`))
    .where('t.token_hash', tokenHash)
    .whereNull('t.used_at')
    .whereNull('t.superseded_at')
    .andWhere('t.expires_at', '>', trx.fn.now())
    .forUpdate('t')
    .first();
}

/** Marks token row `id` used now. */
export async function markTokenUsed(trx: Knex.Transaction, table: TokenTable, id: string): Promise<void> {
  await trx(table).where({ id }).update({ used_at: trx.fn.now() });
}

/** Token row `id` (any state) with its user's `userColumns`, or undefined. */
export async function findTokenRow<U extends string>(
  db: Knex,
  table: TokenTable,
  id: string,
  userColumns: readonly U[],
): Promise<DbTokenRow<U> | undefined> {
  return db(`${table} as t`)
    .join('users as u', 'u.id', 't.user_id')
    .select('t.id', 't.user_id', 't.token_hash', 't.used_at', 't.superseded_at', 't.mailed_at', ...userColumns.map((c) => `u.${c}`))
    .where('t.id', id)
    .first();
}

/** Records the delivery of token row `id`: mailed now, and valid for at least `ttlMinutes` from now. */
export async function markTokenMailedNow(db: Knex, table: TokenTable, id: string, ttlMinutes: number): Promise<void> {
  await db(table)
    .where({ id })
    .update({ mailed_at: db.fn.now(), expires_at: db.raw(`greatest(expires_at, now() + make_interval(mins => ?))`, [ttlMinutes]) });
}

/** Deletes the rows of `table` created more than `days` days ago (hourly maintenance). @returns how many */
export async function purgeOldTokens(db: Knex, table: TokenTable, days: number): Promise<number> {
  return db(table)
    .where('created_at', '<', db.raw(`now() - make_interval(days => ?)`, [days]))
    .delete();
}
