import type { Knex } from 'knex';
import type { SyncResult } from '../contract/partner-sync';

type Db = Knex | Knex.Transaction;

/** A row of `applied_mutations` (db/migrations/20261123000300_create_applied_mutations.ts): one handled outbox mutation. */
export interface DbAppliedMutationRow {
  mutation_id: string;
  user_id: string;
  client_id: string;
  seq: number;
  wine_id: string | null;
  type: string;
  status: string;
  result: SyncResult;
  created_at: Date;
}

/**
 * Holds a transaction-scoped advisory lock on `mutationId` until `trx` ends: two requests carrying the same mutation (a
 * retry racing its original) queue here, and the second then reads the first one's stored result.
 */
export async function lockMutationId(trx: Knex.Transaction, mutationId: string): Promise<void> {
  await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [mutationId]);
}

/** The stored row of mutation `mutationId`, or undefined when it was never handled (or was pruned). */
export async function findAppliedMutation(db: Db, mutationId: string): Promise<DbAppliedMutationRow | undefined> {
  return (await db('applied_mutations').where({ mutation_id: mutationId }).first()) as DbAppliedMutationRow | undefined;
}

/**
 * Stores a handled mutation and its result (`on conflict (mutation_id) do nothing`).
 * @returns false when a row for the id was already there
 */
export async function insertAppliedMutation(
  db: Db,
  row: Pick<DbAppliedMutationRow, 'mutation_id' | 'user_id' | 'client_id' | 'seq' | 'wine_id' | 'type' | 'status' | 'result'>,
): Promise<boolean> {
  const stored = await db('applied_mutations').insert(row).onConflict('mutation_id').ignore().returning('mutation_id');
  return stored.length > 0;
}

/**
 * Deletes applied_mutations rows older than `days` days.
 * @returns the number of rows removed
 */
export async function deleteAppliedMutationsOlderThan(db: Db, days: number): Promise<number> {
  return db('applied_mutations')
    .where('created_at', '<', db.raw(`now() - make_interval(days => ?)`, [days]))
    .delete();
}
