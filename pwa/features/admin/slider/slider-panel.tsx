import { useEffect, useId, useRef, useState } from 'react';
import { SWEDISH_MONTH_NAMES, currentStockholmYearMonth, sliderYears, type AdminSliderEntry } from '../../../../api/contract/admin-slider';
import { LIMITS, WINE_CATEGORY_LABELS } from '../../../../api/contract/constants';
import { labelClass } from '../../../components/ui/field';
import { WineImage } from '../../../components/wine/wine-image';
import { formatPrice } from '../../../lib/wine-format';
import { SectionHeading } from '../../../components/ui/blocks';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { EmptyState, LoadError, LoadingBlock } from '../../../components/ui/states';
import { inputClass, smallButtonClass } from '../../../components/ui/classes';
import { useDeleteSliderEntry, useMoveSliderEntry, useSliderMonth } from './api';
import { monthText } from './format';
import { AddEntryDialog, EditEntryDialog } from './slider-entry-dialogs';
import { EditDeleteButtons } from '../components/edit-delete-buttons';

type Direction = 'up' | 'down';

/**
 * The slider admin 'MÅNADENS VIN-SLIDER' (spec 001 §2 'Slider admin', §5, §9): pick a month (Swedish names) and a
 * year (current year −2 … +2), opening on the current Swedish month; the month's wines in position order with
 * a position badge, up/down arrows (a swap with the neighbour), image, name, description, first category and
 * price; edit (position 1–10, label), delete with a confirmation, and the add form. Empty: 'Inga viner i
 * slidern för denna månad'.
 */
export function SliderPanel() {
  const [{ year, month }, setPeriod] = useState(() => currentStockholmYearMonth());
  const years = sliderYears();
  const slider = useSliderMonth(year, month);
  const move = useMoveSliderEntry();
  const remove = useDeleteSliderEntry();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AdminSliderEntry | null>(null);
  const [deleting, setDeleting] = useState<AdminSliderEntry | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const monthId = useId();
  const yearId = useId();

  // Where keyboard focus goes once a move has redrawn the list: the same arrow of the moved wine, or its other
  // arrow when that one is now disabled (first or last).
  const arrows = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ id: string; direction: Direction } | null>(null);

  const entries = slider.data && slider.data.year === year && slider.data.month === month ? slider.data.items : null;
  const full = (entries?.length ?? 0) >= LIMITS.sliderPositionMax;

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !entries) return;
    focusAfterMove.current = null;
    const wanted = arrows.current.get(`${target.id}:${target.direction}`);
    const other = arrows.current.get(`${target.id}:${target.direction === 'up' ? 'down' : 'up'}`);
    (wanted && !wanted.disabled ? wanted : other)?.focus();
  }, [entries]);

  function handleMove(entry: AdminSliderEntry, direction: Direction) {
    // One move at a time. The arrows are not disabled meanwhile: a disabled button would drop keyboard focus.
    if (move.isPending) return;
    move.mutate(
      { id: entry.id, direction },
      {
        onSuccess: (result) => {
          const moved = result.items.find((e) => e.id === entry.id);
          focusAfterMove.current = { id: entry.id, direction };
          if (moved) setAnnouncement(`${entry.wine.name} står nu på position ${moved.position}.`);
        },
      },
    );
  }

  function handleConfirmDelete() {
    if (!deleting) return;
    remove.mutate({ id: deleting.id }, { onSettled: () => setDeleting(null) });
  }

  return (
    <section aria-labelledby="slider-admin-heading">
      <SectionHeading
        actions={
          <button type="button" className="btn-primary" onClick={() => setAdding(true)} disabled={!entries || full}>
            Lägg till vin
          </button>
        }
      >
        <span id="slider-admin-heading">MÅNADENS VIN-SLIDER</span>
      </SectionHeading>

      <div className="mb-5 flex flex-wrap items-end gap-4">
        <div className="w-44">
          <label htmlFor={monthId} className={labelClass}>
            Månad
          </label>
          <select id={monthId} className={`${inputClass} mt-1.5`} value={month} onChange={(e) => setPeriod({ year, month: Number(e.target.value) })}>
            {SWEDISH_MONTH_NAMES.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="w-28">
          <label htmlFor={yearId} className={labelClass}>
            År
          </label>
          <select id={yearId} className={`${inputClass} mt-1.5`} value={year} onChange={(e) => setPeriod({ year: Number(e.target.value), month })}>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        {entries && (
          <p className="pb-2 font-sans text-sm text-ink-soft">
            {entries.length} av {LIMITS.sliderPositionMax} platser använda{full ? ' – slidern är full' : ''}.
          </p>
        )}
      </div>

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>

      {slider.isError && !entries ? (
        <LoadError message="Slidern kunde inte laddas." onRetry={() => void slider.refetch()} />
      ) : !entries ? (
        <LoadingBlock label="Laddar slidern…" />
      ) : entries.length === 0 ? (
        <EmptyState>Inga viner i slidern för denna månad</EmptyState>
      ) : (
        <ol aria-label={`Slidern för ${monthText(year, month)}`} className="space-y-3">
          {entries.map((entry, index) => (
            <SliderEntryRow
              key={entry.id}
              entry={entry}
              first={index === 0}
              last={index === entries.length - 1}
              busy={move.isPending}
              arrowRef={(direction, el) => {
                const key = `${entry.id}:${direction}`;
                if (el) arrows.current.set(key, el);
                else arrows.current.delete(key);
              }}
              onMove={(direction) => handleMove(entry, direction)}
              onEdit={() => setEditing(entry)}
              onDelete={() => setDeleting(entry)}
            />
          ))}
        </ol>
      )}

      {adding && entries && <AddEntryDialog year={year} month={month} entries={entries} onClose={() => setAdding(false)} />}
      {editing && entries && <EditEntryDialog entry={editing} entries={entries} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Ta bort från slidern?"
        message={
          deleting && (
            <>
              Är du säker på att du vill ta bort "{deleting.wine.name}" från slidern för {monthText(deleting.year, deleting.month)}? Vinet finns kvar
              i vinlistan.
            </>
          )
        }
        confirmLabel="Ta bort"
        busy={remove.isPending}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

function ArrowIcon({ direction }: { direction: Direction }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === 'up' ? 'M10 17V3M4 9l6-6 6 6' : 'M10 3v14M4 11l6 6 6-6'} />
    </svg>
  );
}

/** One wine of the month: position, arrows, image, name, label, description (clipped), first category, price, actions. */
export function SliderEntryRow({
  entry,
  first,
  last,
  busy,
  arrowRef,
  onMove,
  onEdit,
  onDelete,
}: {
  entry: AdminSliderEntry;
  first: boolean;
  last: boolean;
  busy: boolean;
  arrowRef: (direction: Direction, el: HTMLButtonElement | null) => void;
  onMove: (direction: Direction) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { wine } = entry;
  const category = wine.categories[0];
  const arrowClass = `${smallButtonClass} size-9 px-0`;
  return (
    <li className="flex flex-col gap-3 border border-rule bg-white/60 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-4">
      <div className="flex min-w-0 flex-1 items-start gap-3 sm:items-center sm:gap-4">
        <div className="flex shrink-0 flex-col items-center gap-1.5">
          <span className="grid size-9 place-items-center bg-wine font-sans text-base font-black text-white" title={`Position ${entry.position}`}>
            <span className="sr-only">Position </span>
            {entry.position}
          </span>
          <button
            type="button"
            ref={(el) => arrowRef('up', el)}
            className={arrowClass}
            aria-label={`Flytta upp ${wine.name}`}
            disabled={first}
            aria-busy={busy || undefined}
            onClick={() => onMove('up')}
          >
            <ArrowIcon direction="up" />
          </button>
          <button
            type="button"
            ref={(el) => arrowRef('down', el)}
            className={arrowClass}
            aria-label={`Flytta ner ${wine.name}`}
            disabled={last}
            aria-busy={busy || undefined}
            onClick={() => onMove('down')}
          >
            <ArrowIcon direction="down" />
          </button>
        </div>
        <WineImage wine={wine} alt="" className="h-28 w-20 shrink-0 bg-paper sm:h-32 sm:w-24" />
        <div className="min-w-0 flex-1">
          {entry.label && <p className="font-sans text-xs font-bold tracking-[0.12em] text-wine uppercase">{entry.label}</p>}
          <h3 className="font-display text-lg leading-snug font-bold text-ink">{wine.name}</h3>
          <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{wine.description}</p>
          <p className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 font-sans text-sm">
            {category && <span className="border border-ink/50 px-1.5 py-0.5 text-xs font-semibold text-ink">{WINE_CATEGORY_LABELS[category]}</span>}
            <span className="font-bold text-ink">{formatPrice(wine.price)}</span>
            {wine.approvalStatus !== 'approved' && <span className="text-xs font-semibold text-wine">Ej publicerat – visas inte på startsidan</span>}
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 self-end sm:self-center">
        <EditDeleteButtons name={wine.name} onEdit={onEdit} onDelete={onDelete} />
      </div>
    </li>
  );
}
