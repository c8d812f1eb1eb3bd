import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from '../../../lib/toast';
import type { Draft, OutboxRow } from '../../../lib/db';
import { formatDate } from '../../../lib/dates';
import { discardRow, resolveConflicts, retryRow } from '../outbox/outbox';
import { requestOutboxPush, useSyncEngineState } from '../outbox/runtime';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { dangerButtonClass, smallButtonClass } from '../../../components/ui/classes';
import { EmptyState, LoadingBlock } from '../../../components/ui/states';
import { fieldLabel, formatFieldValue, sortFields } from './field-format';
import { downloadSetAside, usePartnerSyncData, type PartnerSyncData } from './sync-data';
import { isSameDay, pillStatus, type OutboxCounts } from './sync-status';

// The Synkning page (README 'Offline drafts'): where the partner sees what waits on the device, settles
// conflicts field by field, retries or discards changes and exports another account's changes. The lead's portal frame
// wraps it; this file renders everything from the h1 down.

type Choice = 'mine' | 'server';

const sectionHeadingClass =
  'section-rule mb-4 py-2 font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase focus:outline-none focus-visible:outline-2';

/** The name a row or conflict shows for its wine. */
const wineName = (draft: Draft | undefined) => draft?.values.name.trim() || (draft ? 'Namnlöst vin' : 'Okänt vin');

/**
 * The content of /partner/sync, headed 'Synkning' (h1): the sync status with 'Synka nu'; 'Konflikter' — per wine a
 * side-by-side table (Fält | På den här enheten | På Vinpressen) with 'Behåll min' / 'Använd Vinpressens' per field
 * and 'Spara val'; 'Väntar på att skickas' — the user's outbox rows in send order with their status, 'Försök igen'
 * for rejected rows and a confirmed 'Ta bort'; 'Ändringar från ett annat konto' with 'Exportera (n)' when another
 * account's rows are set aside; 'Allt är synkat.' when nothing waits. A #wine-<id> in the URL scrolls to and focuses
 * that wine's conflict table.
 * @param userId the signed-in partner's user id
 */
export function PartnerSyncPage({ userId }: { userId: string }) {
  const data = usePartnerSyncData(userId);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const outboxHeadingRef = useRef<HTMLHeadingElement>(null);
  useScrollToHash(Boolean(data));

  return (
    <div className="max-w-4xl">
      <h1 ref={titleRef} tabIndex={-1} className="text-3xl font-black focus:outline-none sm:text-4xl">
        Synkning
      </h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Ändringar du gör i dina viner sparas först på enheten och skickas till Vinpressen så snart du är online – i den ordning du gjorde dem.
      </p>
      {!data ? (
        <div className="mt-8">
          <LoadingBlock label="Läser ändringarna på enheten…" />
        </div>
      ) : (
        <>
          <StatusLine data={data} />
          {data.conflictDrafts.length > 0 && (
            <section aria-labelledby="sync-conflicts" className="mt-10">
              <h2 id="sync-conflicts" className={sectionHeadingClass}>
                Konflikter ({data.conflictDrafts.length})
              </h2>
              <p className="mb-6 max-w-2xl text-ink-soft">
                De här fälten har ändrats både på den här enheten och på Vinpressen. Vinpressen har behållit sitt värde tills du väljer. Välj för
                varje fält vilket värde som ska gälla och spara.
              </p>
              <div className="space-y-10">
                {data.conflictDrafts.map((draft) => (
                  <ConflictWine key={draft.id} userId={userId} draft={draft} afterSave={() => titleRef.current?.focus()} />
                ))}
              </div>
            </section>
          )}
          <OutboxSection data={data} headingRef={outboxHeadingRef} />
          {data.setAside > 0 && <SetAsideSection count={data.setAside} />}
        </>
      )}
    </div>
  );
}

/** Scrolls to and focuses the element named by the URL's hash once the content is there (the badge's #wine-<id>). */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const el = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!el) return;
    el.scrollIntoView?.({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [ready, hash]);
}

/** The counts pillStatus needs, from the page's rows (set-aside rows of this user queue again on the next push). */
function countsOf(data: PartnerSyncData): OutboxCounts {
  const count = (...statuses: OutboxRow['status'][]) => data.rows.filter((r) => statuses.includes(r.status)).length;
  return {
    queued: count('queued', 'set_aside'),
    blockedAuth: count('blocked_auth'),
    rejected: count('rejected'),
    setAside: data.setAside,
    conflicts: data.conflictDrafts.length,
  };
}

/** The status in words (the pill's text and its explanation) and 'Synka nu' (disabled offline). */
function StatusLine({ data }: { data: PartnerSyncData }) {
  const state = useSyncEngineState();
  const status = pillStatus({ state, counts: countsOf(data), lastSyncedAt: data.lastSyncedAt, now: Date.now() });
  return (
    <div className="mt-6 flex flex-col gap-4 border border-rule bg-white/60 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="font-sans text-sm text-ink">
        <span className="font-bold">{status.text}</span>
        <span className="mt-0.5 block text-ink-soft">{status.description}</span>
      </p>
      <div className="shrink-0">
        <button type="button" className="btn-primary w-full sm:w-auto" disabled={!state.online || state.pushing} onClick={() => requestOutboxPush()}>
          Synka nu
        </button>
        {!state.online && <p className="mt-1 font-sans text-xs text-ink-soft">Går när enheten är online.</p>}
      </div>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Conflicts

/**
 * One wine's conflicts side by side: per field the device's and Vinpressen's value, each with a radio button; 'Spara
 * val' (enabled once every field has a choice) turns the choices into a new queued mutation (resolveConflicts), asks
 * for a push and says so in a toast.
 */
function ConflictWine({ userId, draft, afterSave }: { userId: string; draft: Draft; afterSave: () => void }) {
  const headingId = useId();
  const hintId = useId();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const [saving, setSaving] = useState(false);
  const conflicts = draft.conflicts ?? [];
  const fields = sortFields(conflicts.map((c) => c.field));
  const byField = new Map(conflicts.map((c) => [c.field, c]));
  const chosen = fields.filter((f) => choices[f]).length;
  const complete = chosen === fields.length;
  const name = wineName(draft);

  async function handleSave() {
    const picked = Object.fromEntries(fields.map((f) => [f, choices[f]!]));
    setSaving(true);
    try {
      await resolveConflicts(userId, draft.id, picked);
      requestOutboxPush();
      const mine = fields.some((f) => picked[f] === 'mine');
      toast.success(`Dina val för ${name} är sparade`, {
        description: mine ? 'Dina värden skickas till Vinpressen.' : 'Vinpressens värden gäller nu även på den här enheten.',
      });
      afterSave();
    } catch (err) {
      toast.error('Valen kunde inte sparas', { description: err instanceof Error ? err.message : String(err) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section
      id={`wine-${draft.id}`}
      tabIndex={-1}
      aria-labelledby={headingId}
      className="scroll-mt-4 border border-ink bg-white/60 p-4 focus:outline-none focus-visible:outline-3 sm:p-5"
    >
      <h3 id={headingId} className="text-xl font-bold break-words">
        {name}
      </h3>
      {/* Below 640 px the rows stack (field, then the two choices full width); the explicit roles keep the table's
          semantics where display:block would drop them. */}
      <table role="table" className="mt-4 block w-full border-collapse font-sans text-sm sm:table sm:table-fixed">
        <caption className="sr-only">Fält som ändrats både här och på Vinpressen för {name}</caption>
        <colgroup>
          <col className="w-[22%]" />
          <col />
          <col />
        </colgroup>
        <thead role="rowgroup" className="max-sm:sr-only">
          <tr role="row" className="border-b border-ink text-left align-bottom">
            <th role="columnheader" scope="col" className="py-2 pr-2 text-xs font-semibold tracking-[0.08em] text-ink-soft uppercase">
              Fält
            </th>
            <th role="columnheader" scope="col" className="px-2 py-2 text-xs font-semibold tracking-[0.08em] text-ink-soft uppercase">
              På den här enheten
            </th>
            <th role="columnheader" scope="col" className="py-2 pl-2 text-xs font-semibold tracking-[0.08em] text-ink-soft uppercase">
              På Vinpressen
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block border-t border-ink sm:table-row-group sm:border-t-0">
          {fields.map((field) => {
            const conflict = byField.get(field)!;
            const label = fieldLabel(field);
            const group = `conflict-${draft.id}-${field}`;
            const set = (choice: Choice) => setChoices((c) => ({ ...c, [field]: choice }));
            return (
              <tr key={field} role="row" className="block border-b border-rule py-2 align-top sm:table-row sm:py-0">
                <th
                  role="rowheader"
                  scope="row"
                  className="block pt-1 pb-1 text-left font-semibold break-words text-ink sm:table-cell sm:py-3 sm:pr-2"
                >
                  {label}
                </th>
                <ChoiceCell
                  name={group}
                  value={formatFieldValue(field, conflict.clientValue)}
                  label="Behåll min"
                  fieldLabel={label}
                  column="På den här enheten"
                  checked={choices[field] === 'mine'}
                  onChoose={() => set('mine')}
                  className="sm:px-2"
                />
                <ChoiceCell
                  name={group}
                  value={formatFieldValue(field, conflict.serverValue)}
                  label="Använd Vinpressens"
                  fieldLabel={label}
                  column="På Vinpressen"
                  checked={choices[field] === 'server'}
                  onChoose={() => set('server')}
                  className="sm:pl-2"
                />
              </tr>
            );
          })}
        </tbody>
      </table>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p id={hintId} className="font-sans text-sm text-ink-soft">
          {complete ? 'Alla fält har ett val.' : `Välj ett värde för varje fält (${chosen} av ${fields.length} valda).`}
        </p>
        <button type="button" className="btn-primary" disabled={!complete || saving} aria-describedby={hintId} onClick={() => void handleSave()}>
          {saving ? 'Sparar…' : 'Spara val'}
        </button>
      </div>
    </section>
  );
}

/** A value cell with its radio button (named e.g. 'Behåll min för Pris (kr): 139 kr'); the chosen cell is marked by a border and a tint, not by colour alone. */
function ChoiceCell({
  name,
  value,
  label,
  fieldLabel: forField,
  column,
  checked,
  onChoose,
  className,
}: {
  name: string;
  value: string;
  label: string;
  fieldLabel: string;
  /** The column's heading, repeated above the choice where the rows stack (narrow screens). */
  column: string;
  checked: boolean;
  onChoose: () => void;
  className: string;
}) {
  return (
    <td role="cell" className={`block py-1 sm:table-cell sm:py-2 ${className}`}>
      <label
        className={`flex h-full cursor-pointer flex-col gap-1.5 border-2 p-2.5 has-focus-visible:outline-3 has-focus-visible:outline-offset-1 has-focus-visible:outline-wine ${checked ? 'border-wine bg-wine-light/50' : 'border-rule hover:border-ink/60'}`}
      >
        <span aria-hidden="true" className="text-xs font-semibold tracking-[0.08em] text-ink-soft uppercase sm:hidden">
          {column}
        </span>
        <span className="flex items-center gap-2 font-semibold text-ink">
          <input type="radio" name={name} checked={checked} onChange={onChoose} className="size-4 shrink-0 accent-wine focus:outline-none" />
          <span>
            {label}
            <span className="sr-only"> för {forField}:</span>
          </span>
        </span>
        <span className="break-words whitespace-pre-wrap text-ink">{value}</span>
      </label>
    </td>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The outbox

const STATUS_TEXT: Readonly<Record<OutboxRow['status'], string>> = {
  queued: 'I kö',
  set_aside: 'I kö',
  blocked_auth: 'Väntar på inloggning',
  rejected: 'Avvisad',
};

const STATUS_STYLE: Readonly<Record<OutboxRow['status'], string>> = {
  queued: 'border-gold bg-paper text-ink',
  set_aside: 'border-gold bg-paper text-ink',
  blocked_auth: 'border-ink/60 bg-paper text-ink',
  rejected: 'border-wine bg-wine text-white',
};

/** What a row does, in words: 'Nytt vin', 'Ändring: Pris (kr), Betyg', 'Inskickning för granskning' or 'Borttagning av utkastet'. */
function describeRow(row: OutboxRow, isCreate: boolean): { kind: string; detail?: string } {
  if (row.type === 'submitWine') return { kind: 'Inskickning för granskning' };
  if (row.type === 'deleteWine') return { kind: 'Borttagning av utkastet' };
  if (isCreate) return { kind: 'Nytt vin' };
  const fields = sortFields(Object.keys(row.patch));
  return { kind: 'Ändring', detail: fields.length ? fields.map(fieldLabel).join(', ') : undefined };
}

/** A row's change as a noun ('ändringen av …'). */
const ROW_NOUN: Readonly<Record<OutboxRow['type'], string>> = {
  upsertWine: 'ändringen',
  submitWine: 'inskickningen',
  deleteWine: 'borttagningen',
};
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'Väntar på att skickas': the rows in send order, each with its status, 'Försök igen' (rejected) and 'Ta bort'. */
function OutboxSection({ data, headingRef }: { data: PartnerSyncData; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const [discarding, setDiscarding] = useState<OutboxRow | null>(null);
  const [busy, setBusy] = useState(false);
  // The first upsert of a wine not yet on the server creates it; later ones before the first sync are edits of it.
  const creates = new Set<number>();
  const seen = new Set<string>();
  for (const row of data.rows) {
    if (row.type === 'upsertWine' && !seen.has(row.entityId) && row.baseVersion === 0) creates.add(row.seq!);
    seen.add(row.entityId);
  }

  async function handleRetry(row: OutboxRow) {
    try {
      await retryRow(row.seq!);
      requestOutboxPush();
      toast('Ändringen ligger i kö igen', { description: 'Den skickas när enheten är online.' });
    } catch (err) {
      toast.error('Kunde inte försöka igen', { description: err instanceof Error ? err.message : String(err) });
    }
  }

  async function handleDiscard() {
    if (!discarding) return;
    setBusy(true);
    try {
      await discardRow(discarding.seq!);
      toast('Ändringen är borttagen');
      setDiscarding(null);
      // The row and the button that had focus are gone: continue from the list's heading.
      requestAnimationFrame(() => headingRef.current?.focus());
    } catch (err) {
      toast.error('Ändringen kunde inte tas bort', { description: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  const nothing = data.rows.length === 0;
  return (
    <section aria-labelledby="sync-outbox" className="mt-10">
      <h2 id="sync-outbox" ref={headingRef} tabIndex={-1} className={sectionHeadingClass}>
        Väntar på att skickas{nothing ? '' : ` (${data.rows.length})`}
      </h2>
      {nothing ? (
        <EmptyState>{data.conflictDrafts.length ? 'Inga ändringar väntar på att skickas.' : 'Allt är synkat.'}</EmptyState>
      ) : (
        <>
          <p className="mb-4 max-w-2xl text-ink-soft">Ändringarna skickas i den här ordningen. En avvisad ändring hindrar inte de andra.</p>
          <ol className="divide-y divide-rule border-y border-rule">
            {data.rows.map((row) => {
              const draft = data.drafts.get(row.entityId);
              const name = wineName(draft);
              const { kind, detail } = describeRow(row, creates.has(row.seq!));
              const what = ROW_NOUN[row.type];
              return (
                <li key={row.seq} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-start sm:justify-between" data-testid="outbox-row">
                  <div className="min-w-0">
                    <p className="font-display text-lg leading-snug font-bold break-words">{name}</p>
                    <p className="mt-0.5 font-sans text-sm text-ink">
                      {kind}
                      {detail && <>: {detail}</>}
                    </p>
                    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 font-sans text-xs text-ink-soft">
                      <StatusTag status={row.status} />
                      <span>Sparad {formatSaved(row.createdAt)}</span>
                    </p>
                    {row.status === 'rejected' && (
                      <p className="mt-2 border-l-4 border-wine bg-wine-light/50 px-3 py-1.5 font-sans text-sm break-words text-ink">
                        {row.error || 'Vinpressen tog inte emot ändringen.'}
                      </p>
                    )}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    {row.status === 'rejected' && (
                      <button type="button" className={smallButtonClass} onClick={() => void handleRetry(row)}>
                        Försök igen
                        <span className="sr-only">
                          {' '}
                          med {what} av {name}
                        </span>
                      </button>
                    )}
                    <button type="button" className={dangerButtonClass} onClick={() => setDiscarding(row)}>
                      Ta bort
                      <span className="sr-only">
                        {' '}
                        {what} av {name}
                      </span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <ConfirmDialog
        open={discarding !== null}
        title="Ta bort ändringen?"
        message={
          discarding && (
            <DiscardMessage>
              {capitalise(ROW_NOUN[discarding.type])} av ”{wineName(data.drafts.get(discarding.entityId))}” tas bort från den här enheten och skickas
              aldrig till Vinpressen. Det går inte att ångra.
              {discarding.type === 'deleteWine' && ' Utkastet blir kvar.'}
            </DiscardMessage>
          )
        }
        confirmLabel="Ta bort ändringen"
        busy={busy}
        onConfirm={() => void handleDiscard()}
        onClose={() => setDiscarding(null)}
      />
    </section>
  );
}

function DiscardMessage({ children }: { children: ReactNode }) {
  return <p className="font-sans text-sm">{children}</p>;
}

function StatusTag({ status }: { status: OutboxRow['status'] }) {
  return (
    <span className={`inline-block border px-1.5 py-0.5 text-[0.7rem] font-bold tracking-widest uppercase ${STATUS_STYLE[status]}`}>
      <span className="sr-only">Status: </span>
      {STATUS_TEXT[status]}
    </span>
  );
}

/** 'kl. 14:05' today, else '22 november kl. 14:05'. */
function formatSaved(ms: number): string {
  const clock = formatDate(ms, { timeStyle: 'short' });
  return isSameDay(ms, Date.now()) ? `kl. ${clock}` : `${formatDate(ms, { day: 'numeric', month: 'long' })} kl. ${clock}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Another account's changes

/** 'Ändringar från ett annat konto': why they are never sent from here, and 'Exportera (n)' to keep them as a file. */
function SetAsideSection({ count }: { count: number }) {
  const [busy, setBusy] = useState(false);

  async function handleExport() {
    setBusy(true);
    try {
      const fileName = await downloadSetAside();
      toast.success('Filen är nedladdad', { description: fileName });
    } catch (err) {
      toast.error('Exporten misslyckades', { description: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="sync-set-aside" className="mt-10">
      <h2 id="sync-set-aside" className={sectionHeadingClass}>
        Ändringar från ett annat konto
      </h2>
      <div className="border-l-4 border-gold bg-paper-dark px-4 py-3 font-sans text-sm text-ink">
        <p>
          {count === 1 ? 'En ändring' : `${count} ändringar`} på den här enheten gjordes när ett annat partnerkonto var inloggat. De skickas aldrig
          från ditt konto. Exportera dem till en fil om de ska sparas – de skickas när det kontot loggar in här igen.
        </p>
        <button type="button" className="btn-outline mt-3" disabled={busy} onClick={() => void handleExport()}>
          Exportera ({count})
        </button>
      </div>
    </section>
  );
}
