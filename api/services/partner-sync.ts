import type { Knex } from 'knex';
import { PartnerWineInput } from '../contract/partner';
import { PartnerWinePatch, type SyncConflict, type SyncMutation, type SyncResult } from '../contract/partner-sync';
import { APPLIED_MUTATIONS_RETENTION_DAYS } from '../contract/sync-rules';
import {
  presentApplied,
  presentDeleted,
  presentInvalidPatch,
  presentMerged,
  presentOtherAccount,
  presentRefusal,
  presentSyncResult,
  presentValueRefused,
  type SyncOutcome,
} from '../presenters/partner-sync';
import { deleteAppliedMutationsOlderThan, findAppliedMutation, insertAppliedMutation, lockMutationId } from '../queries/partner-sync';
import { lockOwnWine, setSyncClient } from '../queries/partner-wines';
import {
  createDraft,
  deleteDraft,
  PARTNER_WINE_COLUMNS,
  PartnerWineRefused,
  requireClientWineId,
  requireDraft,
  submitDraft,
  updateDraft,
} from './partner-wine-rules';

type Field = keyof typeof PARTNER_WINE_COLUMNS;

/** Stable comparison of a stored column value and a parsed field value (numbers, text, arrays, null). */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    v === undefined ? null : typeof v === 'string' && v !== '' && !Number.isNaN(Number(v)) && typeof b === 'number' ? Number(v) : v;
  return JSON.stringify(norm(a)) === JSON.stringify(b ?? null);
}

/**
 * An upsertWine mutation: the partner's own wine `m.wineId` is locked (lockOwnWine); when there is none, the patch is
 * the whole form of a wine created on the device (createDraft: a random v4 id, the image rule). A replay of the create
 * is the same mutation id (answered from applied_mutations); a second create with another mutation id finds the wine
 * and merges. Field-level merge on the partner's own draft: a field the server changed after `baseVersion` by anyone
 * but this client, to a different value, is a conflict — the server keeps its value and the result lists both; the
 * other fields apply (updateDraft).
 * @throws PartnerWineRefused (the caller answers it as a rejected result)
 */
async function upsertWine(trx: Knex.Transaction, userId: string, clientId: string, m: SyncMutation): Promise<SyncOutcome> {
  let row = await lockOwnWine(trx, userId, m.wineId);
  if (!row) {
    // Only a random id may name a new wine: an importer's id (UUID v5) would later collide with the import.
    requireClientWineId(m.wineId);
    const parsed = PartnerWineInput.safeParse(m.patch);
    if (!parsed.success) return presentInvalidPatch(parsed.error);
    const { wine, created } = await createDraft(trx, userId, parsed.data, m.wineId);
    if (created) return presentApplied(wine);
    row = wine;
  }
  const draft = requireDraft(row, 'edit');

  const parsed = PartnerWinePatch.safeParse(m.patch);
  if (!parsed.success) return presentInvalidPatch(parsed.error, draft);

  const conflicts: SyncConflict[] = [];
  const apply: Partial<PartnerWineInput> = {};
  for (const [field, value] of Object.entries(parsed.data) as [Field, unknown][]) {
    if (value === undefined) continue;
    const column = PARTNER_WINE_COLUMNS[field];
    const stored = (draft as unknown as Record<string, unknown>)[column];
    if (sameValue(stored, value)) continue;
    const changed = draft.field_versions?.[column];
    const theirs = changed && changed.v > m.baseVersion && changed.c !== clientId;
    if (theirs) conflicts.push({ field, serverValue: stored ?? null, clientValue: value });
    else (apply as Record<string, unknown>)[field] = value;
  }
  const { version } = await updateDraft(trx, draft, apply);
  return presentMerged(version, conflicts);
}

/**
 * A deleteWine mutation: the partner's own draft `m.wineId` is deleted (deleteDraft; a wine that left draft is refused
 * with the reason). When the partner has no wine by that id — deleted before, never created on the server (its create
 * was refused), or another account's, which is left alone — there is nothing to delete: applied, as the partner's
 * wish (no such wine of theirs) holds. Replays of the same mutation id are answered from applied_mutations, so a wine
 * created again under the id later is never deleted by an old mutation.
 * @throws PartnerWineRefused 'not_deletable' (the caller answers it as a rejected result)
 */
async function deleteWine(trx: Knex.Transaction, userId: string, m: SyncMutation): Promise<SyncOutcome> {
  if (!(await lockOwnWine(trx, userId, m.wineId))) return presentDeleted();
  await deleteDraft(trx, userId, m.wineId);
  return presentDeleted();
}

/**
 * Applies one mutation of the partner `userId`'s outbox (README.md 'Partner portal' → 'Offline drafts') inside `trx`,
 * which also carries its applied_mutations row, through the same rulebook as the REST routes
 * (api/services/partner-wine-rules.ts). Never throws for bad input: a patch that fails PartnerWineInput's rules, a
 * wine of another partner (the same answer as a missing one), a wine no longer in draft (to change, submit or delete),
 * a draft not ready to submit or a missing uploaded image is a 'rejected' result with the Swedish reason.
 */
async function applyMutation(trx: Knex.Transaction, userId: string, clientId: string, m: SyncMutation): Promise<SyncOutcome> {
  try {
    if (m.type === 'submitWine') {
      return presentApplied(await submitDraft(trx, userId, m.wineId));
    }
    if (m.type === 'deleteWine') return await deleteWine(trx, userId, m);
    return await upsertWine(trx, userId, clientId, m);
  } catch (err) {
    if (err instanceof PartnerWineRefused) return presentRefusal(err.refusal);
    throw err;
  }
}

/**
 * True for a Postgres error caused by the values of the statement: SQLSTATE class 22 (data exception, e.g. 22P05 text
 * with U+0000, 22003 a number out of range) or class 23 (integrity constraint violation, e.g. 23514 a CHECK). Retrying
 * such a mutation can never succeed. Other errors (connection, serialisation, deadlock: 08, 40, 57…) can, and are not.
 * (SQLSTATE classes as the Postgres manual lists them, appendix "PostgreSQL Error Codes".)
 */
function isInputError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

/**
 * One mutation's work in a savepoint of `trx`: when Postgres refuses its values (isInputError), only the savepoint is
 * rolled back and the mutation is 'rejected' with SYNC_MESSAGES.valueRefused, so that result is stored and replayed
 * like any other. Any other error is thrown.
 */
async function applyMutationGuarded(trx: Knex.Transaction, userId: string, clientId: string, m: SyncMutation): Promise<SyncOutcome> {
  try {
    return await trx.transaction((savepoint) => applyMutation(savepoint, userId, clientId, m));
  } catch (err) {
    if (!isInputError(err)) throw err;
    return presentValueRefused();
  }
}

/**
 * POST /api/partner/sync's work (README.md 'Partner portal' → 'Offline drafts'): the mutations of `clientId`, in `seq` order, each in its own transaction
 * together with its applied_mutations row (mutation id primary key). A mutation id seen before answers its stored
 * result and changes nothing; one stored for another user is refused without being run. A rejected or conflicting
 * mutation never stops the ones after it — nor does one whose values Postgres refuses (SQLSTATE class 22 or 23): it is
 * rejected and stored like any other result, so the device is not stuck resending it.
 * @returns one result per mutation, in the order of `seq`
 * @throws only for other database failures (the client keeps its queue and retries; what committed stays committed)
 */
export async function applySyncBatch(db: Knex, userId: string, clientId: string, mutations: SyncMutation[]): Promise<SyncResult[]> {
  const ordered = [...mutations].sort((a, b) => a.seq - b.seq);
  const results: SyncResult[] = [];
  for (const m of ordered) {
    results.push(
      await db.transaction(async (trx) => {
        // Two requests carrying the same mutation (a retry racing its original) queue here; the second then reads the
        // first one's stored result.
        await lockMutationId(trx, m.mutationId);
        const seen = await findAppliedMutation(trx, m.mutationId);
        if (seen) {
          if (seen.user_id !== userId) return presentOtherAccount(m.mutationId);
          return seen.result;
        }
        await setSyncClient(trx, clientId);
        const outcome = await applyMutationGuarded(trx, userId, clientId, m);
        const result = presentSyncResult(m.mutationId, outcome);
        // The advisory lock makes this insert the only one for the id; the check stays as a guard.
        const stored = await insertAppliedMutation(trx, {
          mutation_id: m.mutationId,
          user_id: userId,
          client_id: clientId,
          seq: m.seq,
          wine_id: m.wineId,
          type: m.type,
          status: result.status,
          result,
        });
        if (!stored) throw new Error(`mutation ${m.mutationId} was applied concurrently`);
        return result;
      }),
    );
  }
  return results;
}

/**
 * Deletes applied_mutations rows older than APPLIED_MUTATIONS_RETENTION_DAYS (30). A device offline for longer than
 * that replays a mutation as new — harmless for upserts of the same values and for a submit already done.
 * @returns the number of rows removed
 */
export async function pruneAppliedMutations(db: Knex): Promise<number> {
  return deleteAppliedMutationsOlderThan(db, APPLIED_MUTATIONS_RETENTION_DAYS);
}
