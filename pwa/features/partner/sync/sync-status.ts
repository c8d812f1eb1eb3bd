import { useLiveQuery } from 'dexie-react-hooks';
import { SYNC_MESSAGES } from '../../../../api/contract/sync-rules';
import { formatDate } from '../../../lib/dates';
import { db } from '../../../lib/db';
import type { SyncEngineState } from '../outbox/sync-engine';

// What the sync status pill and the Synkning page say (README 'Offline drafts'): one pure rule from the engine's
// state and the outbox's counts to a kind and a Swedish text, and the live counts it reads from IndexedDB.

/** How many of a partner's changes are where (all counts are rows of the outbox, except `conflicts`). */
export interface OutboxCounts {
  /** The user's rows waiting to be sent (status queued; the user's own set-aside rows queue again on the next push). */
  queued: number;
  /** The user's rows stopped by a 401: they go once the same user signs in again. */
  blockedAuth: number;
  /** Rows queued under ANOTHER account on this device: never sent from this one, can be exported. */
  setAside: number;
  /** The user's rows the server refused (reason shown on the Synkning page). */
  rejected: number;
  /** The user's wines with fields changed here and on Vinpressen (drafts in syncState 'conflict'). */
  conflicts: number;
}

/** The pill's kinds, in the order they win (see pillStatus). */
export type PillKind = 'signIn' | 'conflicts' | 'offline' | 'syncing' | 'saved' | 'synced';

export interface PillStatus {
  kind: PillKind;
  /** The pill's text, exactly one of SYNC_MESSAGES' pill texts. */
  text: string;
  /** A longer Swedish explanation (title, status line), e.g. when the next try is due. */
  description: string;
}

/** Whether two moments (ms since 1970) fall on the same day in Stockholm (pwa/lib/dates.ts). */
export function isSameDay(a: number, b: number): boolean {
  return formatDate(a, { dateStyle: 'short' }) === formatDate(b, { dateStyle: 'short' });
}

const changes = (n: number) => (n === 1 ? '1 ändring' : `${n} ändringar`);

/**
 * The status pill's kind and text (README 'Offline drafts'). Precedence, first that holds wins:
 * 1. signIn — a 401 stopped the queue (`state.needsSignIn`) and changes wait: 'Logga in för att synka (n)', n = queued +
 *    blocked rows;
 * 2. conflicts — any of the user's wines has a conflict: 'Konflikter (n)', n = wines;
 * 3. offline — the browser is offline: 'Offline' (the description counts the changes kept on the device);
 * 4. syncing — a push is running: 'Synkar…';
 * 5. saved — changes wait on the device (queued, blocked or rejected rows; also while a retry after a failure is
 *    scheduled, then the description names the time of the next try): 'Sparat på enheten (n)';
 * 6. synced — 'Allt synkat hh:mm' (24 h, Stockholm time (pwa/lib/dates.ts), of `lastSyncedAt`; just 'Allt synkat' before the first sync); the
 *    description adds the day when it was not today.
 * Set-aside rows (another account's) never count: they are never sent from here.
 * @param lastSyncedAt ms since epoch of the last answered push (syncMeta 'lastSyncedAt'), or undefined
 * @param now ms since epoch (the day comparison and the retry countdown)
 */
export function pillStatus({
  state,
  counts,
  lastSyncedAt,
  now,
}: {
  state: SyncEngineState;
  counts: OutboxCounts;
  lastSyncedAt?: number;
  now: number;
}): PillStatus {
  const unsent = counts.queued + counts.blockedAuth;
  const waiting = unsent + counts.rejected;
  if (state.needsSignIn && unsent > 0) {
    return {
      kind: 'signIn',
      text: SYNC_MESSAGES.pillSignIn(unsent),
      description: `Inloggningen har gått ut. ${changes(unsent)} väntar på enheten och skickas när du loggar in igen.`,
    };
  }
  if (counts.conflicts > 0) {
    const wines = counts.conflicts === 1 ? 'Ett vin har' : `${counts.conflicts} viner har`;
    return {
      kind: 'conflicts',
      text: SYNC_MESSAGES.pillConflicts(counts.conflicts),
      description: `${wines} ändrats både här och på Vinpressen. Välj vilka värden som ska gälla.`,
    };
  }
  if (!state.online) {
    return {
      kind: 'offline',
      text: SYNC_MESSAGES.pillOffline,
      description: waiting
        ? `Enheten är offline. ${changes(waiting)} sparade på enheten skickas när du är online igen.`
        : 'Enheten är offline. Ändringar du gör sparas på enheten.',
    };
  }
  if (state.pushing) return { kind: 'syncing', text: SYNC_MESSAGES.pillSyncing, description: 'Ändringarna skickas till Vinpressen.' };
  if (waiting > 0) {
    const parts = [`${changes(waiting)} sparade på enheten.`];
    if (counts.rejected)
      parts.push(counts.rejected === 1 ? '1 ändring avvisades – se Synkning.' : `${counts.rejected} ändringar avvisades – se Synkning.`);
    if (state.retryAt && state.retryAt > now)
      parts.push(`Kunde inte skicka just nu; nästa försök kl. ${formatDate(state.retryAt, { timeStyle: 'medium' })}.`);
    else if (counts.blockedAuth) parts.push('Väntar på inloggning.');
    else if (counts.queued) parts.push('Skickas strax.');
    return { kind: 'saved', text: SYNC_MESSAGES.pillSaved(waiting), description: parts.join(' ') };
  }
  if (lastSyncedAt === undefined)
    return { kind: 'synced', text: SYNC_MESSAGES.pillSynced('').trim(), description: 'Inga ändringar väntar på enheten.' };
  const time = formatDate(lastSyncedAt, { timeStyle: 'short' });
  const when = isSameDay(lastSyncedAt, now) ? `i dag kl. ${time}` : `${formatDate(lastSyncedAt, { day: 'numeric', month: 'long' })} kl. ${time}`;
  return { kind: 'synced', text: SYNC_MESSAGES.pillSynced(time), description: `Allt är synkat med Vinpressen (senast ${when}).` };
}

/** The counts of useOutboxCounts plus when the device last synced. */
export interface OutboxSnapshot extends OutboxCounts {
  /** ms since epoch of the last answered push; undefined before the first. */
  lastSyncedAt?: number;
}

/**
 * Live counts of `userId`'s outbox and conflicts (and the device's other-account rows) from IndexedDB; re-renders on
 * every change of the tables. Undefined until the first read has answered, so callers can avoid showing a wrong text.
 */
export function useOutboxCounts(userId: string): OutboxSnapshot | undefined {
  return useLiveQuery(async () => {
    const [own, setAside, conflicts, meta] = await Promise.all([
      db.outbox.where('userId').equals(userId).toArray(),
      db.outbox
        .where('status')
        .equals('set_aside')
        .filter((r) => r.userId !== userId)
        .count(),
      db.drafts
        .where('userId')
        .equals(userId)
        // A deleted draft's conflicts are moot while its deletion waits (they come back if it is discarded).
        .filter((d) => Boolean(d.conflicts?.length) && !d.deleted)
        .count(),
      db.syncMeta.get('lastSyncedAt'),
    ]);
    const count = (...statuses: string[]) => own.filter((r) => statuses.includes(r.status)).length;
    const lastSyncedAt = typeof meta?.value === 'number' ? meta.value : meta ? Number(meta.value) || undefined : undefined;
    return {
      queued: count('queued', 'set_aside'),
      blockedAuth: count('blocked_auth'),
      rejected: count('rejected'),
      setAside,
      conflicts,
      lastSyncedAt,
    };
  }, [userId]);
}
