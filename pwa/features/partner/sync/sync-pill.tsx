import { useId } from 'react';
import { Link } from 'react-router-dom';
import { useSyncEngineState } from '../outbox/runtime';
import { pillStatus, useOutboxCounts, type PillKind } from './sync-status';

/** The dot's colour per kind (decorative: the text says it all). */
const DOT: Readonly<Record<PillKind, string>> = {
  offline: 'bg-muted',
  saved: 'bg-gold',
  syncing: 'bg-gold motion-safe:animate-pulse',
  synced: 'bg-green',
  signIn: 'bg-wine',
  conflicts: 'bg-wine',
};

/** Text and border per kind; every text colour passes WCAG AA on paper (ink 17:1, wine 10.4:1). */
const TONE: Readonly<Record<PillKind, string>> = {
  offline: 'border-ink/60 text-ink',
  saved: 'border-gold text-ink',
  syncing: 'border-gold text-ink',
  synced: 'border-green text-ink',
  signIn: 'border-wine text-wine',
  conflicts: 'border-wine text-wine',
};

/**
 * The sync status pill (README 'Offline drafts'): 'Offline', 'Sparat på enheten (n)', 'Synkar…', 'Allt synkat
 * hh:mm', 'Logga in för att synka (n)' or 'Konflikter (n)' (see pillStatus), as a link to /partner/sync named
 * 'Synkstatus: <text>' and described by the longer explanation. A polite status region repeats the text so changes are
 * announced. Nothing shows until the outbox has been read once (no flash of a wrong text).
 * @param userId the signed-in partner's user id (whose outbox is counted)
 */
export function SyncPill({ userId }: { userId: string }) {
  const state = useSyncEngineState();
  const counts = useOutboxCounts(userId);
  const descriptionId = useId();
  const status = counts ? pillStatus({ state, counts, lastSyncedAt: counts.lastSyncedAt, now: Date.now() }) : undefined;

  return (
    <>
      <span role="status" aria-live="polite" className="sr-only">
        {status?.text ?? ''}
      </span>
      {status && (
        <>
          <Link
            to="/partner/sync"
            data-testid="sync-pill"
            data-kind={status.kind}
            title={status.description}
            aria-describedby={descriptionId}
            className={`inline-flex min-h-9 max-w-full items-center gap-2 border bg-paper px-2.5 py-1 font-sans text-xs font-bold tracking-[0.12em] whitespace-nowrap uppercase hover:bg-paper-dark ${TONE[status.kind]}`}
          >
            <span aria-hidden="true" className={`size-2 shrink-0 rounded-full ${DOT[status.kind]}`} />
            <span className="sr-only">Synkstatus: </span>
            <span className="truncate">{status.text}</span>
          </Link>
          <span id={descriptionId} hidden>
            {status.description}
          </span>
        </>
      )}
    </>
  );
}
