import Dexie from 'dexie';
import type { PartnerWine } from '../../../../api/contract/partner';
import type { SyncAnswer, SyncResult } from '../../../../api/contract/partner-sync';
import { SYNC_BATCH_MAX } from '../../../../api/contract/sync-rules';
import { db, type Draft, type DraftValues, type OutboxRow } from '../../../lib/db';

// The partner outbox (README 'Offline drafts'): drafts and their queued changes in IndexedDB,
// written together in one transaction, sent in seq order with the mutation id as the idempotency key.

/** Thrown when the device's storage is full: the save did not happen, and the form must say so (README 'Offline drafts'). */
export class StorageFullError extends Error {
  constructor(cause?: unknown) {
    super('Enheten har inte plats för fler utkast. Frigör utrymme och försök igen – ändringen sparades inte.');
    this.name = 'StorageFullError';
    this.cause = cause;
  }
}

/** IndexedDB reports a full disk as QuotaExceededError, or as an AbortError whose inner error is one (Safari). */
function isQuotaError(err: unknown): boolean {
  const e = err as { name?: string; inner?: { name?: string }; cause?: { name?: string } } | null;
  const names = [e?.name, e?.inner?.name, e?.cause?.name];
  return names.includes('QuotaExceededError') || (e?.name === 'AbortError' && names.includes('QuotaExceededError'));
}

async function guardQuota<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isQuotaError(err) || err instanceof Dexie.QuotaExceededError) throw new StorageFullError(err);
    throw err;
  }
}

/** The device's outbox id (one per browser profile; shared by its tabs), created on first use. */
export async function getClientId(): Promise<string> {
  const row = await db.syncMeta.get('clientId');
  if (row) return String(row.value);
  const id = crypto.randomUUID();
  await db.syncMeta.put({ key: 'clientId', value: id });
  return id;
}

/** The values of a wine as the server has them, in the device's shape. */
export function valuesOf(wine: PartnerWine): DraftValues {
  return {
    name: wine.name,
    description: wine.description,
    price: wine.price,
    rating: wine.rating,
    vintage: wine.vintage,
    country: wine.country,
    region: wine.region,
    grapeVariety: wine.grapeVariety,
    alcoholContent: wine.alcoholContent,
    systembolagetUrl: wine.systembolagetUrl,
    imageUrl: wine.imageUrl,
    sweetness: wine.sweetness,
    acidity: wine.acidity,
    body: wine.body,
    tannins: wine.tannins,
    fruity: wine.fruity,
    foodPairings: wine.foodPairings,
    occasions: wine.occasions,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `next` that differ from `prev` (all of them when there is no `prev`). */
export function diffValues(prev: DraftValues | undefined, next: DraftValues): Partial<DraftValues> {
  const patch: Partial<DraftValues> = {};
  for (const key of Object.keys(next) as (keyof DraftValues)[]) {
    if (!prev || !same(prev[key], next[key])) (patch as Record<string, unknown>)[key] = next[key];
  }
  return patch;
}

/** `base` with `patch` applied. */
const applyPatch = (base: DraftValues, patch: Partial<DraftValues>): DraftValues => ({ ...base, ...patch });

/**
 * Saves a draft on the device: the draft row and its outbox row (the changed fields, on the server version the device
 * last saw) in ONE IndexedDB transaction, so neither exists without the other. `id` is the wine's UUID — a new one
 * (crypto.randomUUID()) for a new wine, so a replayed create is an upsert. Saving unchanged values queues nothing.
 * @returns the stored draft
 * @throws StorageFullError when the device is out of space (nothing saved); Error when the wine is not a draft
 */
export async function saveDraft(userId: string, id: string, values: DraftValues): Promise<Draft> {
  return guardQuota(() =>
    db.transaction('rw', db.drafts, db.outbox, async () => {
      const existing = await db.drafts.get(id);
      if (existing && existing.userId !== userId) throw new Error('Utkastet tillhör ett annat konto.');
      if (existing?.deleted) throw new Error(DELETED_DRAFT);
      if (existing && existing.approvalStatus !== 'draft') throw new Error('Vinet kan inte ändras medan det granskas eller efter granskningen.');
      const patch = diffValues(existing?.values, values);
      const draft: Draft = {
        ...(existing ?? { id, userId, serverVersion: 0, approvalStatus: 'draft' as const, serverValues: undefined }),
        values,
        syncState: Object.keys(patch).length || existing?.syncState !== 'synced' ? 'pending' : 'synced',
        updatedAt: Date.now(),
      };
      if (Object.keys(patch).length === 0) {
        if (existing) return existing;
      }
      await db.drafts.put(draft);
      await db.outbox.add({
        mutationId: crypto.randomUUID(),
        entityId: id,
        userId,
        type: 'upsertWine',
        baseVersion: existing?.serverVersion ?? 0,
        patch,
        status: 'queued',
        attempts: 0,
        schemaVersion: 1,
        createdAt: Date.now(),
      });
      return draft;
    }),
  );
}

/**
 * Queues the submission of draft `id` (spec 001 §4: draft → pending). Shown at once as 'Väntar'; a server refusal
 * (not ready, already submitted) turns it back with the reason.
 * @throws StorageFullError when the device is out of space; Error when there is no such draft of the user
 */
export async function submitDraft(userId: string, id: string): Promise<void> {
  await guardQuota(() =>
    db.transaction('rw', db.drafts, db.outbox, async () => {
      const draft = await db.drafts.get(id);
      if (!draft || draft.userId !== userId || draft.deleted) throw new Error('Utkastet finns inte på enheten.');
      await db.drafts.update(id, { approvalStatus: 'pending', syncState: 'pending', updatedAt: Date.now() });
      await db.outbox.add({
        mutationId: crypto.randomUUID(),
        entityId: id,
        userId,
        type: 'submitWine',
        baseVersion: draft.serverVersion,
        patch: {},
        status: 'queued',
        attempts: 0,
        schemaVersion: 1,
        createdAt: Date.now(),
      });
    }),
  );
}

/** Why a deleted draft can't be saved or sent in. */
const DELETED_DRAFT = 'Utkastet är borttaget.';

/**
 * Deletes draft `id` (README 'Partner portal' → 'Wines': only drafts can be deleted), offline too: the draft is hidden
 * at once and a deleteWine row is queued behind the draft's own queued changes, in ONE IndexedDB transaction. Those
 * earlier rows still go first (a wine created offline is created and then deleted), so discarding the deletion on the
 * Synkning page gives back the draft exactly as it was. The server answers the mutation id exactly once; when it refuses
 * (the wine was sent in from another device meanwhile) the wine comes back with the reason.
 * @throws StorageFullError when the device is out of space (nothing changed); Error when there is no such draft of the
 *   user on the device or it is no longer a draft
 */
export async function deleteDraft(userId: string, id: string): Promise<void> {
  await guardQuota(() =>
    db.transaction('rw', db.drafts, db.outbox, async () => {
      const draft = await db.drafts.get(id);
      if (!draft || draft.userId !== userId || draft.deleted) throw new Error('Utkastet finns inte på enheten.');
      if (draft.approvalStatus !== 'draft') throw new Error('Bara utkast kan tas bort. Vinet har skickats in för granskning eller granskats.');
      await db.drafts.update(id, { deleted: true, syncState: 'pending', updatedAt: Date.now() });
      await db.outbox.add({
        mutationId: crypto.randomUUID(),
        entityId: id,
        userId,
        type: 'deleteWine',
        baseVersion: draft.serverVersion,
        patch: {},
        status: 'queued',
        attempts: 0,
        schemaVersion: 1,
        createdAt: Date.now(),
      });
    }),
  );
}

/**
 * Copies the user's wine `id` (any status) as a new draft on the device under a new id: the form's values as the
 * device has them (the same name), none of the server's facts (status, review mark, medal, rejection reason). It is
 * saved and queued like any new draft (saveDraft), so it works offline and reaches the server exactly once.
 * @returns the new draft
 * @throws StorageFullError when the device is out of space; Error when there is no such wine of the user on the device
 */
export async function duplicateDraft(userId: string, id: string): Promise<Draft> {
  const source = await db.drafts.get(id);
  if (!source || source.userId !== userId || source.deleted) throw new Error('Vinet finns inte på enheten.');
  return saveDraft(userId, crypto.randomUUID(), { ...source.values });
}

/**
 * Mirrors the partner's wines as the server listed them (GET /api/partner/wines): wines without local changes take
 * the server's values; drafts with queued changes keep theirs (only the server facts are refreshed — not the version,
 * which stays the one whose values the device has, so another device's change to a field edited here is still a
 * conflict); synced wines the server no longer lists are removed. Never touches another user's rows.
 *
 * The list may be older than what the device knows: a push can land while the GET is on its way. So a listed wine
 * whose version is below the device's is skipped (no older values or status come back), and only wines the device
 * has seen in an earlier list can be removed — a wine created here and pushed after the GET left is not in it yet.
 */
export async function mirrorServerWines(userId: string, wines: PartnerWine[]): Promise<void> {
  await db.transaction('rw', db.drafts, db.outbox, async () => {
    const queued = new Set((await db.outbox.where('userId').equals(userId).toArray()).filter((r) => r.status !== 'rejected').map((r) => r.entityId));
    const seen = new Set<string>();
    let stale = false;
    for (const wine of wines) {
      seen.add(wine.id);
      const local = await db.drafts.get(wine.id);
      if (local && wine.version < local.serverVersion) {
        stale = true;
        continue;
      }
      // Deleted here (still queued, or applied and the list older than the deletion): it stays deleted.
      if (local?.deleted && (queued.has(wine.id) || local.syncState === 'synced')) {
        if (!queued.has(wine.id)) stale = true;
        continue;
      }
      const server = {
        isGranskadVinpressen: wine.isGranskadVinpressen,
        medal: wine.medal,
        rejectionReason: wine.rejectionReason,
        createdAt: wine.createdAt,
        submittedAt: wine.submittedAt,
      };
      // A draft with queued changes, a conflict to settle or a rejected change keeps its values and its state until
      // the partner acts (a rejected change stays shown with its reason; only the server's status is taken).
      if (local && (queued.has(wine.id) || local.syncState === 'conflict')) {
        await db.drafts.update(wine.id, { server });
        continue;
      }
      if (local && local.syncState === 'rejected') {
        await db.drafts.update(wine.id, { server, approvalStatus: wine.approvalStatus });
        continue;
      }
      await db.drafts.put({
        id: wine.id,
        userId,
        values: valuesOf(wine),
        serverValues: valuesOf(wine),
        serverVersion: wine.version,
        approvalStatus: wine.approvalStatus,
        server,
        syncState: 'synced',
        updatedAt: Date.parse(wine.updatedAt) || Date.now(),
      });
    }
    if (stale) return;
    const gone = await db.drafts
      .where('userId')
      .equals(userId)
      .filter(
        (d) =>
          !seen.has(d.id) &&
          d.syncState === 'synced' &&
          !queued.has(d.id) &&
          // A tombstone goes once a list no longer has the wine, whether or not the server ever had it.
          (d.deleted || (d.serverVersion > 0 && d.server !== undefined)),
      )
      .primaryKeys();
    await db.drafts.bulkDelete(gone);
  });
}

/** What a push round came to. 'auth' = 401 (sign in again), 'wait' = network, 5xx or 403 (retry with backoff). */
export type PushOutcome = { kind: 'done'; sent: number } | { kind: 'more'; sent: number } | { kind: 'auth' } | { kind: 'wait'; error: string };

/** How the outbox talks to POST /api/partner/sync: resolves with the HTTP status and body, rejects on a network error. */
export type SyncTransport = (body: { clientId: string; mutations: unknown[] }) => Promise<{ status: number; body: unknown }>;

/** The default transport: fetch with the site's conventions (credentials, no cache). */
export const fetchTransport: SyncTransport = async (body) => {
  const res = await fetch('/api/partner/sync', {
    method: 'POST',
    credentials: 'include',
    cache: 'no-store',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readSyncAnswer(res);
};

/** A sync answer as the outbox reads it: the status and the JSON body (the text when it isn't JSON, null when empty). */
export async function readSyncAnswer(res: Response): Promise<{ status: number; body: unknown }> {
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: res.status, body: parsed };
}

/**
 * Sends the next batch (≤ SYNC_BATCH_MAX) of `userId`'s queued rows in seq order and applies the results. Rows of
 * another user are set aside first and never sent under this account. Only network errors, 5xx, 401 and 403 leave rows
 * queued; every other answer is per mutation.
 */
export async function pushOnce(userId: string, transport: SyncTransport = fetchTransport): Promise<PushOutcome> {
  await setAsideOtherUsers(userId);
  const rows = await db.outbox
    .where('userId')
    .equals(userId)
    .filter((r) => r.status === 'queued')
    .sortBy('seq');
  const batch = rows.slice(0, SYNC_BATCH_MAX);
  if (!batch.length) return { kind: 'done', sent: 0 };
  const clientId = await getClientId();
  const mutations = batch.map((r) => ({
    mutationId: r.mutationId,
    seq: r.seq!,
    type: r.type,
    wineId: r.entityId,
    baseVersion: r.baseVersion,
    patch: r.patch,
  }));
  let answer: { status: number; body: unknown };
  try {
    answer = await transport({ clientId, mutations });
  } catch (err) {
    await db.outbox.bulkUpdate(batch.map((r) => ({ key: r.seq!, changes: { attempts: r.attempts + 1 } })));
    return { kind: 'wait', error: err instanceof Error ? err.message : String(err) };
  }
  if (answer.status === 401) {
    await db.outbox
      .where('userId')
      .equals(userId)
      .filter((r) => r.status === 'queued')
      .modify({ status: 'blocked_auth' });
    return { kind: 'auth' };
  }
  if (answer.status !== 200) {
    await db.outbox.bulkUpdate(batch.map((r) => ({ key: r.seq!, changes: { attempts: r.attempts + 1 } })));
    return { kind: 'wait', error: `HTTP ${answer.status}` };
  }
  await applyResults(userId, batch, (answer.body as SyncAnswer).results);
  await db.syncMeta.put({ key: 'lastSyncedAt', value: Date.now() });
  return rows.length > batch.length ? { kind: 'more', sent: batch.length } : { kind: 'done', sent: batch.length };
}

/** Applies the server's per-mutation results to the outbox and the drafts, in one transaction. */
async function applyResults(userId: string, batch: OutboxRow[], results: SyncResult[]): Promise<void> {
  const byId = new Map(results.map((r) => [r.mutationId, r]));
  await db.transaction('rw', db.drafts, db.outbox, async () => {
    for (const row of batch) {
      const result = byId.get(row.mutationId);
      if (!result) continue; // not answered: stays queued
      // Another push (a second tab without Web Locks, a retry racing its original) may have settled the row already:
      // its result is the same, and applying it again would lay an older patch over newer server values.
      const current = await db.outbox.get(row.seq!);
      if (!current || current.mutationId !== row.mutationId || current.status === 'rejected') continue;
      const draft = await db.drafts.get(row.entityId);
      // A submission queued after this row (the partner tapped Skicka while it was on its way) keeps the wine 'pending'
      // on the device; the server's status is only the device's once nothing of the wine is left to send.
      const later = await db.outbox
        .where('entityId')
        .equals(row.entityId)
        .filter((r) => r.seq! > row.seq! && (r.status === 'queued' || r.status === 'blocked_auth'))
        .toArray();
      const submitQueued = later.some((r) => r.type === 'submitWine');
      if (row.type === 'deleteWine') {
        await applyDeleteResult(row, result, draft);
        continue;
      }
      if (result.status === 'rejected') {
        await db.outbox.update(row.seq!, { status: 'rejected', error: result.error });
        if (draft) {
          const approvalStatus = submitQueued
            ? 'pending'
            : ((result.approvalStatus as Draft['approvalStatus'] | undefined) ?? (row.type === 'submitWine' ? 'draft' : undefined));
          await db.drafts.update(draft.id, {
            syncState: 'rejected',
            error: result.error,
            ...(approvalStatus ? { approvalStatus } : {}),
            ...(result.version ? { serverVersion: Math.max(draft.serverVersion, result.version) } : {}),
          });
        }
        continue;
      }
      await db.outbox.delete(row.seq!);
      if (!draft) continue;
      const conflicts = result.conflicts ?? [];
      const conflicted = new Set(conflicts.map((c) => c.field));
      const applied = Object.fromEntries(Object.entries(row.patch).filter(([k]) => !conflicted.has(k)));
      const serverValues = applyPatch(draft.serverValues ?? draft.values, {
        ...applied,
        ...Object.fromEntries(conflicts.map((c) => [c.field, c.serverValue])),
      } as Partial<DraftValues>);
      const left = await db.outbox
        .where('entityId')
        .equals(draft.id)
        .filter((r) => r.status === 'queued' || r.status === 'blocked_auth')
        .count();
      const allConflicts = [...(draft.conflicts ?? []).filter((c) => !conflicted.has(c.field)), ...conflicts];
      await db.drafts.update(draft.id, {
        serverValues,
        serverVersion: Math.max(draft.serverVersion, result.version ?? 0),
        approvalStatus: submitQueued ? 'pending' : ((result.approvalStatus as Draft['approvalStatus']) ?? draft.approvalStatus),
        conflicts: allConflicts.length ? allConflicts : undefined,
        syncState: allConflicts.length ? 'conflict' : left ? 'pending' : draft.syncState === 'rejected' ? 'rejected' : 'synced',
      });
    }
  });
  void userId;
}

/**
 * The server's answer to a deleteWine row (inside applyResults' transaction). Applied: the wine is gone — the draft
 * becomes a tombstone (kept until a list without the wine removes it, so an older list can't bring it back) and the
 * wine's other rows (refused changes) go with it. Rejected: the wine is shown again with the reason and its status
 * from the server, and the row stays on the Synkning page.
 */
async function applyDeleteResult(row: OutboxRow, result: SyncResult, draft: Draft | undefined): Promise<void> {
  if (result.status === 'rejected') {
    await db.outbox.update(row.seq!, { status: 'rejected', error: result.error });
    if (draft) {
      await db.drafts.update(draft.id, {
        deleted: undefined,
        syncState: 'rejected',
        error: result.error,
        ...(result.approvalStatus ? { approvalStatus: result.approvalStatus as Draft['approvalStatus'] } : {}),
        ...(result.version ? { serverVersion: Math.max(draft.serverVersion, result.version) } : {}),
      });
    }
    return;
  }
  const rest = await db.outbox.where('entityId').equals(row.entityId).primaryKeys();
  await db.outbox.bulkDelete(rest);
  if (draft) await db.drafts.update(draft.id, { deleted: true, syncState: 'synced', error: undefined, conflicts: undefined });
}

/** Rows queued under another account than `userId` are set aside; this user's blocked or set-aside rows queue again. */
export async function setAsideOtherUsers(userId: string): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    await db.outbox.filter((r) => r.userId !== userId && (r.status === 'queued' || r.status === 'blocked_auth')).modify({ status: 'set_aside' });
    await db.outbox
      .where('userId')
      .equals(userId)
      .filter((r) => r.status === 'blocked_auth' || r.status === 'set_aside')
      .modify({ status: 'queued' });
  });
}

/** Queues a rejected row again under a new mutation id (the old id's answer is stored on the server). */
export async function retryRow(seq: number): Promise<void> {
  await db.transaction('rw', db.drafts, db.outbox, async () => {
    const row = await db.outbox.get(seq);
    if (!row) return;
    await db.outbox.delete(seq);
    const draft = await db.drafts.get(row.entityId);
    await db.outbox.add({
      ...row,
      seq: undefined,
      mutationId: crypto.randomUUID(),
      status: 'queued',
      error: undefined,
      attempts: 0,
      baseVersion: draft?.serverVersion ?? row.baseVersion,
    });
    if (draft) await db.drafts.update(draft.id, { syncState: 'pending', error: undefined });
  });
}

/**
 * Discards a queued or rejected change (the user confirmed): the draft goes back to the server's values with the
 * remaining queued changes on top. A wine that never reached the server loses its last change; with none left, the
 * draft itself is removed.
 */
export async function discardRow(seq: number): Promise<void> {
  await db.transaction('rw', db.drafts, db.outbox, async () => {
    const row = await db.outbox.get(seq);
    if (!row) return;
    await db.outbox.delete(seq);
    const draft = await db.drafts.get(row.entityId);
    if (!draft) return;
    const rest = await db.outbox.where('entityId').equals(draft.id).sortBy('seq');
    if (draft.serverVersion === 0 && !rest.some((r) => r.type === 'upsertWine')) {
      await db.outbox.bulkDelete(rest.map((r) => r.seq!));
      await db.drafts.delete(draft.id);
      return;
    }
    const base = draft.serverValues ?? draft.values;
    const values = rest.filter((r) => r.type === 'upsertWine').reduce((v, r) => applyPatch(v, r.patch), base);
    const submitted = rest.some((r) => r.type === 'submitWine');
    await db.drafts.update(draft.id, {
      // Discarding the deletion gives the draft back; discarding another change leaves a queued deletion queued.
      deleted: rest.some((r) => r.type === 'deleteWine') ? true : undefined,
      values,
      approvalStatus:
        row.type === 'submitWine' && !submitted && draft.approvalStatus === 'pending' && draft.serverVersion ? 'draft' : draft.approvalStatus,
      syncState: rest.some((r) => r.status === 'rejected') ? 'rejected' : rest.length ? 'pending' : draft.conflicts?.length ? 'conflict' : 'synced',
      error: rest.some((r) => r.status === 'rejected') ? draft.error : undefined,
    });
  });
}

/**
 * Settles the conflicts of draft `id` field by field: 'server' takes the server's value on the device; 'mine' queues
 * the device's value again on the current server version (a new mutation; README 'Offline drafts').
 * @throws StorageFullError when the device is out of space
 */
export async function resolveConflicts(userId: string, id: string, choices: Record<string, 'mine' | 'server'>): Promise<void> {
  await guardQuota(() =>
    db.transaction('rw', db.drafts, db.outbox, async () => {
      const draft = await db.drafts.get(id);
      if (!draft || draft.userId !== userId || !draft.conflicts) return;
      const mine: Partial<DraftValues> = {};
      const values = { ...draft.values } as Record<string, unknown>;
      const remaining = [];
      for (const conflict of draft.conflicts) {
        const choice = choices[conflict.field];
        if (!choice) remaining.push(conflict);
        else if (choice === 'server') values[conflict.field] = conflict.serverValue;
        else (mine as Record<string, unknown>)[conflict.field] = conflict.clientValue;
      }
      if (Object.keys(mine).length) {
        await db.outbox.add({
          mutationId: crypto.randomUUID(),
          entityId: id,
          userId,
          type: 'upsertWine',
          baseVersion: draft.serverVersion,
          patch: mine,
          status: 'queued',
          attempts: 0,
          schemaVersion: 1,
          createdAt: Date.now(),
        });
      }
      await db.drafts.update(id, {
        values: values as unknown as DraftValues,
        conflicts: remaining.length ? remaining : undefined,
        syncState: remaining.length ? 'conflict' : Object.keys(mine).length ? 'pending' : 'synced',
        updatedAt: Date.now(),
      });
    }),
  );
}

/** The set-aside rows (queued under another account) as a JSON file, so nothing is lost (README 'Offline drafts'). */
export async function exportSetAside(): Promise<Blob> {
  const rows = await db.outbox.where('status').equals('set_aside').sortBy('seq');
  const drafts = await db.drafts.bulkGet([...new Set(rows.map((r) => r.entityId))]);
  return new Blob([JSON.stringify({ exportedAt: new Date().toISOString(), rows, drafts: drafts.filter(Boolean) }, null, 2)], {
    type: 'application/json',
  });
}
