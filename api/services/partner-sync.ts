import type { Knex } from 'knex';
import type { z } from 'zod';
import { APPROVAL_STATUS_LABELS } from '../contract/constants';
import { CLIENT_WINE_ID_MESSAGE, isClientWineId } from '../contract/wine-id';
import { PartnerWineInput } from '../contract/partner';
import { PARTNER_MESSAGES, SUBMIT_REQUIRED_FIELDS } from '../contract/partner-rules';
import { PartnerWinePatch, type SyncConflict, type SyncMutation, type SyncResult } from '../contract/partner-sync';
import { APPLIED_MUTATIONS_RETENTION_DAYS, SYNC_MESSAGES } from '../contract/sync-rules';
import { printable } from '../contract/text-rules';
import type { DbWineRow } from '../presenters/wine';
import { PARTNER_WINE_COLUMNS, partnerWineColumns } from './partner-wines';

type Field = keyof typeof PARTNER_WINE_COLUMNS;

type FieldVersions = Record<string, { v: number; c: string | null }>;
type SyncWineRow = DbWineRow & { field_versions: FieldVersions };

/** 'Pris: Priset går inte att läsa…' for each issue, joined: the reason a rejected mutation shows on its draft. */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const field = issue.path[0];
      // A key is quoted back as printable text: the reason is stored in jsonb, which refuses U+0000.
      if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => SYNC_MESSAGES.unknownField(printable(k))).join(' ');
      return field === undefined ? issue.message : `${String(field)}: ${issue.message}`;
    })
    .join(' ');
}

/** Stable comparison of a stored column value and a parsed field value (numbers, text, arrays, null). */
function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined ? null : typeof v === 'string' && v !== '' && !Number.isNaN(Number(v)) && typeof b === 'number' ? Number(v) : v);
  return JSON.stringify(norm(a)) === JSON.stringify(b ?? null);
}

const notDraft = (row: DbWineRow) => `${PARTNER_MESSAGES.notEditable} (Status: ${APPROVAL_STATUS_LABELS[row.approval_status]})`;

/**
 * Applies one mutation of the partner `userId`'s outbox (README 'Offline drafts') inside `trx`, which also
 * carries its applied_mutations row. Never throws for bad input: a patch that fails PartnerWineInput's rules, a wine
 * of another partner (same answer as a missing one), or a wine no longer in draft is a 'rejected' result with the
 * Swedish reason. Field-level merge: a field the server changed after `baseVersion` by anyone but this client, to a
 * different value, is a conflict — the server keeps its value and the result lists both; the other fields apply.
 */
async function applyMutation(trx: Knex.Transaction, userId: string, clientId: string, m: SyncMutation): Promise<Omit<SyncResult, 'mutationId'>> {
  let row = (await trx('wines').where({ id: m.wineId }).forUpdate().first()) as SyncWineRow | undefined;

  if (m.type === 'submitWine') {
    if (!row || row.owner_user_id !== userId) return { status: 'rejected', error: SYNC_MESSAGES.wineNotFound };
    if (row.approval_status !== 'draft') {
      return { status: 'rejected', version: row.version, approvalStatus: row.approval_status, error: `${PARTNER_MESSAGES.alreadySubmitted} (Status: ${APPROVAL_STATUS_LABELS[row.approval_status]})` };
    }
    const missing = SUBMIT_REQUIRED_FIELDS.filter((f) => row![PARTNER_WINE_COLUMNS[f]] === null || row![PARTNER_WINE_COLUMNS[f]] === '');
    if (missing.length) return { status: 'rejected', version: row.version, approvalStatus: 'draft', error: PARTNER_MESSAGES.submitNotReady };
    const [updated] = await trx('wines').where({ id: row.id }).update({ approval_status: 'pending', submitted_at: trx.fn.now() }).returning(['version', 'approval_status']);
    return { status: 'applied', version: updated.version, approvalStatus: updated.approval_status };
  }

  if (!row) {
    // Only a random id may name a new wine: an importer's id (UUID v5) would later collide with the import.
    if (!isClientWineId(m.wineId)) return { status: 'rejected', error: CLIENT_WINE_ID_MESSAGE };
    // A wine created on the device: the patch is the whole form. A replay of the create is the same mutation id
    // (answered from applied_mutations); a second create with another id finds the row and merges.
    const parsed = PartnerWineInput.safeParse(m.patch);
    if (!parsed.success) return { status: 'rejected', error: describeIssues(parsed.error) };
    const inserted = await trx('wines')
      .insert({ id: m.wineId, ...partnerWineColumns(parsed.data), source: 'partner', approval_status: 'draft', owner_user_id: userId })
      .onConflict('id')
      .ignore()
      .returning(['version', 'approval_status']);
    if (inserted[0]) return { status: 'applied', version: inserted[0].version, approvalStatus: inserted[0].approval_status };
    row = (await trx('wines').where({ id: m.wineId }).forUpdate().first()) as SyncWineRow;
  }

  if (row.owner_user_id !== userId) return { status: 'rejected', error: SYNC_MESSAGES.wineNotFound };
  if (row.approval_status !== 'draft') return { status: 'rejected', version: row.version, approvalStatus: row.approval_status, error: notDraft(row) };

  const parsed = PartnerWinePatch.safeParse(m.patch);
  if (!parsed.success) return { status: 'rejected', version: row.version, approvalStatus: row.approval_status, error: describeIssues(parsed.error) };

  const conflicts: SyncConflict[] = [];
  const apply: Partial<PartnerWineInput> = {};
  for (const [field, value] of Object.entries(parsed.data) as [Field, unknown][]) {
    if (value === undefined) continue;
    const column = PARTNER_WINE_COLUMNS[field];
    const stored = (row as unknown as Record<string, unknown>)[column];
    if (sameValue(stored, value)) continue;
    const changed = row.field_versions?.[column];
    const theirs = changed && changed.v > m.baseVersion && changed.c !== clientId;
    if (theirs) conflicts.push({ field, serverValue: stored ?? null, clientValue: value });
    else (apply as Record<string, unknown>)[field] = value;
  }
  let version = row.version;
  if (Object.keys(apply).length) {
    const [updated] = await trx('wines').where({ id: row.id }).update(partnerWineColumns(apply)).returning(['version']);
    version = updated.version;
  }
  return conflicts.length
    ? { status: 'conflict', version, approvalStatus: 'draft', conflicts }
    : { status: 'applied', version, approvalStatus: 'draft' };
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
async function applyMutationGuarded(trx: Knex.Transaction, userId: string, clientId: string, m: SyncMutation): Promise<Omit<SyncResult, 'mutationId'>> {
  try {
    return await trx.transaction((savepoint) => applyMutation(savepoint, userId, clientId, m));
  } catch (err) {
    if (!isInputError(err)) throw err;
    return { status: 'rejected', error: SYNC_MESSAGES.valueRefused };
  }
}

/**
 * POST /api/partner/sync's work: the mutations of `clientId`, in `seq` order, each in its own transaction
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
        await trx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [m.mutationId]);
        const seen = await trx('applied_mutations').where({ mutation_id: m.mutationId }).first();
        if (seen) {
          if (seen.user_id !== userId) return { mutationId: m.mutationId, status: 'rejected', error: SYNC_MESSAGES.otherAccount } as SyncResult;
          return seen.result as SyncResult;
        }
        await trx.raw(`select set_config('vinpressen.sync_client_id', ?, true)`, [clientId]);
        const outcome = await applyMutationGuarded(trx, userId, clientId, m);
        const result: SyncResult = { mutationId: m.mutationId, ...outcome };
        // The advisory lock makes this insert the only one for the id; the check stays as a guard.
        const stored = await trx('applied_mutations')
          .insert({ mutation_id: m.mutationId, user_id: userId, client_id: clientId, seq: m.seq, wine_id: m.wineId, type: m.type, status: result.status, result })
          .onConflict('mutation_id')
          .ignore()
          .returning('mutation_id');
        if (!stored.length) throw new Error(`mutation ${m.mutationId} was applied concurrently`);
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
  return db('applied_mutations')
    .where('created_at', '<', db.raw(`now() - make_interval(days => ?)`, [APPLIED_MUTATIONS_RETENTION_DAYS]))
    .delete();
}
