import { createHmac, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { RESET_TOKEN_TTL_MINUTES } from '../contract/auth-rules';
import { VERIFICATION_TOKEN_TTL_HOURS } from '../contract/partner-rules';
import { findTokenRow, insertToken, lockUsableTokenRow, markTokenMailedNow, markTokenUsed, supersedeOpenTokens } from '../queries/single-use-tokens';
import { sha256Hex } from './sha256';

/**
 * The two kinds of single-use link the site mails: a password reset (spec 000 §2 'Password reset page'; 60 minutes)
 * and an e-mail verification (spec 001 §4 'Partner registration', and members: README 'Accounts and sessions'; 48
 * hours). Each has its own table of the same shape and its own purpose label in the token's HMAC, so a reset token
 * never verifies and a verification token never resets.
 */
export const TOKEN_KINDS = {
  passwordReset: { table: 'password_reset_tokens', purpose: 'password-reset', ttlMinutes: RESET_TOKEN_TTL_MINUTES },
  emailVerification: { table: 'email_verification_tokens', purpose: 'email-verification', ttlMinutes: VERIFICATION_TOKEN_TTL_HOURS * 60 },
} as const;

export type TokenKind = (typeof TOKEN_KINDS)[keyof typeof TOKEN_KINDS];

/**
 * The token of a row: HMAC-SHA-256 of `${purpose}:${rowId}` under a server secret, base64url (43 characters). The
 * database keeps only its SHA-256, so nothing in it can rebuild a link without the secret.
 */
export function deriveToken(kind: TokenKind, secret: string, tokenId: string): string {
  return createHmac('sha256', secret).update(`${kind.purpose}:${tokenId}`).digest('base64url');
}

/**
 * Issues a new token row for `userId` inside `trx`: the user's earlier unused tokens of this kind are superseded (the
 * newest link is the one that works), the new one's SHA-256 is stored, valid for the kind's TTL.
 * @returns the new row's id (the mail job carries it; the token is derived again when the mail is written)
 */
export async function issueToken(trx: Knex.Transaction, kind: TokenKind, secret: string, userId: string): Promise<string> {
  await supersedeOpenTokens(trx, kind.table, userId);
  const id = randomUUID();
  await insertToken(trx, kind.table, { id, userId, tokenHash: sha256Hex(deriveToken(kind, secret, id)), ttlMinutes: kind.ttlMinutes });
  return id;
}

/** A usable token row, locked, with the user columns asked for. */
export type UsableToken<U extends string> = { id: string; user_id: string } & Record<U, unknown>;

/**
 * The unused, not superseded, unexpired token row behind `token`, locked FOR UPDATE in `trx` (two uses of one link at
 * the same moment cannot both count), joined with its user's `userColumns`; or undefined.
 */
export async function lockUsableToken<U extends string>(
  trx: Knex.Transaction,
  kind: TokenKind,
  token: string,
  userColumns: readonly U[],
): Promise<UsableToken<U> | undefined> {
  if (!token) return undefined;
  return lockUsableTokenRow(trx, kind.table, sha256Hex(token), userColumns);
}

/** Marks the locked row used and the user's other open tokens of this kind superseded. */
export async function useToken(trx: Knex.Transaction, kind: TokenKind, row: { id: string; user_id: string }): Promise<void> {
  await markTokenUsed(trx, kind.table, row.id);
  await supersedeOpenTokens(trx, kind.table, row.user_id, row.id);
}

/**
 * What a mail job needs to write the link of token row `tokenId`: the token (derived with whichever current secret
 * made it) and the user's `userColumns`. Undefined when the row is gone, used, superseded or already mailed — so a
 * job rerun after a crash sends nothing twice that matters — or when no current secret derives it (logged by the
 * caller).
 */
export async function tokenForMail<U extends string>(
  db: Knex,
  kind: TokenKind,
  keys: readonly string[],
  tokenId: string,
  userColumns: readonly U[],
): Promise<{ skipped: 'gone' | 'no-secret' } | { token: string; row: { id: string; user_id: string } & Record<U, unknown> }> {
  const row = await findTokenRow(db, kind.table, tokenId, userColumns);
  if (!row || row.used_at || row.superseded_at || row.mailed_at) return { skipped: 'gone' };
  // The newest key derived it, unless the keys were rotated since: try each.
  const token = keys.map((k) => deriveToken(kind, k, row.id)).find((t) => sha256Hex(t) === row.token_hash);
  return token ? { token, row } : { skipped: 'no-secret' };
}

/** Records the delivery of token row `tokenId`; its TTL counts from now, so mail held up by an outage still works. */
export async function markTokenMailed(db: Knex, kind: TokenKind, tokenId: string): Promise<void> {
  await markTokenMailedNow(db, kind.table, tokenId, kind.ttlMinutes);
}
