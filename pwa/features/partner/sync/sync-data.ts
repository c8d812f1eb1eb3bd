import { useLiveQuery } from 'dexie-react-hooks';
import { db, type Draft, type OutboxRow } from '../../../lib/db';
import { formatDate } from '../../../lib/dates';
import { exportSetAside } from '../outbox/outbox';

// The Synkning page's reads from IndexedDB: components read the outbox only through these hooks.

/** What the Synkning page shows of one partner's device state. */
export interface PartnerSyncData {
  /** The user's outbox rows (every status), in seq order: the order they are sent in. */
  rows: OutboxRow[];
  /** The user's drafts that rows or conflicts refer to, by wine id (names, values). */
  drafts: ReadonlyMap<string, Draft>;
  /** The user's wines with conflicts, oldest change first. */
  conflictDrafts: Draft[];
  /** Rows of ANOTHER account on this device (set aside: never sent from this one). */
  setAside: number;
  /** ms since epoch of the last answered push (syncMeta 'lastSyncedAt'); undefined before the first. */
  lastSyncedAt?: number;
}

/**
 * Live read of `userId`'s outbox rows, their drafts, the wines in conflict and the count of other accounts' set-aside
 * rows. Undefined until the first read has answered.
 */
export function usePartnerSyncData(userId: string): PartnerSyncData | undefined {
  return useLiveQuery(async () => {
    const [rows, userDrafts, setAside, meta] = await Promise.all([
      db.outbox.where('userId').equals(userId).sortBy('seq'),
      db.drafts.where('userId').equals(userId).toArray(),
      db.outbox
        .where('status')
        .equals('set_aside')
        .filter((r) => r.userId !== userId)
        .count(),
      db.syncMeta.get('lastSyncedAt'),
    ]);
    const drafts = new Map(userDrafts.map((d) => [d.id, d]));
    // A deleted draft's conflicts are moot while its deletion waits (they come back if it is discarded).
    const conflictDrafts = userDrafts.filter((d) => d.conflicts?.length && !d.deleted).sort((a, b) => a.updatedAt - b.updatedAt);
    return { rows, drafts, conflictDrafts, setAside, lastSyncedAt: meta ? Number(meta.value) || undefined : undefined };
  }, [userId]);
}

/** Today's date as YYYY-MM-DD in Stockholm. */
function today(): string {
  return formatDate(Date.now(), { dateStyle: 'short' });
}

/**
 * Downloads the set-aside rows (another account's changes; README 'Offline drafts') as `vinpressen-utkorg-<YYYY-MM-DD>.json`
 * (JSON of exportSetAside: exportedAt, rows, drafts) through a temporary object URL.
 * @returns the file name
 */
export async function downloadSetAside(): Promise<string> {
  const blob = await exportSetAside();
  const fileName = `vinpressen-utkorg-${today()}.json`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked on the next turn: Chromium starts the download from the click, Safari needs the URL a moment longer.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return fileName;
}
