import { useEffect, useRef } from 'react';
import type { AdminSubscriber } from '../../../../api/contract/admin-newsletter';
import { dangerButtonClass } from '../../../components/ui/classes';
import { useMediaQuery } from './use-media-query';
import { formatDate } from '../../../lib/dates';

/** 'yyyy-MM-dd' in Swedish time (spec 001 §9: newsletter dates), the same day the CSV export writes. */
export function subscribedDate(iso: string): string {
  return formatDate(iso, { dateStyle: 'short' });
}

/** From this width the subscribers are a table; below it (phones) one stacked card per subscriber. */
export const TABLE_MEDIA_QUERY = '(min-width: 48rem)';

interface SubscriberListProps {
  items: readonly AdminSubscriber[];
  selected: ReadonlySet<string>;
  dimmed: boolean;
  onToggle: (id: string, checked: boolean) => void;
  onToggleAll: (checked: boolean) => void;
  onDelete: (subscriber: AdminSubscriber) => void;
}

const th = 'px-3 py-2.5 text-left font-sans text-xs font-bold tracking-[0.12em] text-ink uppercase';
const td = 'px-3 py-3 align-middle font-sans text-sm text-ink';
const checkboxClass = 'size-5 shrink-0 align-middle accent-wine';

/**
 * The subscribers (spec 001 §2 'Newsletter tab'): a select-all checkbox (mixed when only some are marked) and
 * one per subscriber, then E-post, Telefon, GDPR (Ja/Nej), Prenumererade (yyyy-MM-dd) and 'Ta bort'. A table
 * on wider screens; on a phone the same fields stacked per subscriber, so nothing needs sideways scrolling.
 */
export function SubscriberTable(props: SubscriberListProps) {
  const wide = useMediaQuery(TABLE_MEDIA_QUERY);
  return wide ? <WideTable {...props} /> : <StackedList {...props} />;
}

function SelectAll({
  items,
  selected,
  onToggleAll,
  visibleLabel,
}: Pick<SubscriberListProps, 'items' | 'selected' | 'onToggleAll'> & { visibleLabel?: string }) {
  const marked = items.filter((s) => selected.has(s.id)).length;
  const all = marked > 0 && marked === items.length;
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = marked > 0 && !all;
  }, [marked, all]);
  const box = (
    <input
      ref={ref}
      type="checkbox"
      checked={all}
      onChange={(e) => onToggleAll(e.target.checked)}
      aria-label="Markera alla prenumeranter"
      className={checkboxClass}
    />
  );
  if (!visibleLabel) return box;
  return (
    <label className="flex min-h-11 items-center gap-3 font-sans text-sm font-semibold text-ink">
      {box}
      <span aria-hidden="true">{visibleLabel}</span>
    </label>
  );
}

function RowCheckbox({
  subscriber,
  selected,
  onToggle,
}: {
  subscriber: AdminSubscriber;
  selected: boolean;
  onToggle: SubscriberListProps['onToggle'];
}) {
  return (
    <input
      type="checkbox"
      checked={selected}
      onChange={(e) => onToggle(subscriber.id, e.target.checked)}
      aria-label={`Markera ${subscriber.email}`}
      className={checkboxClass}
    />
  );
}

function Phone({ phone }: { phone: string | null }) {
  if (phone) return <>{phone}</>;
  return (
    <span className="text-muted">
      <span aria-hidden="true">–</span>
      <span className="sr-only">Inget telefonnummer</span>
    </span>
  );
}

function Gdpr({ consent }: { consent: boolean }) {
  return consent ? <>Ja</> : <span className="font-semibold text-wine">Nej</span>;
}

function DeleteButton({ subscriber, onDelete }: { subscriber: AdminSubscriber; onDelete: SubscriberListProps['onDelete'] }) {
  return (
    <button type="button" className={dangerButtonClass} onClick={() => onDelete(subscriber)} aria-label={`Ta bort ${subscriber.email}`}>
      Ta bort
    </button>
  );
}

function WideTable({ items, selected, dimmed, onToggle, onToggleAll, onDelete }: SubscriberListProps) {
  return (
    <div className="border-t-2 border-ink">
      <table className={`w-full table-fixed border-collapse ${dimmed ? 'opacity-60' : ''}`}>
        <caption className="sr-only">Prenumeranter på nyhetsbrevet</caption>
        <colgroup>
          <col className="w-12" />
          <col />
          <col className="w-36" />
          <col className="w-16" />
          <col className="w-32" />
          <col className="w-28" />
        </colgroup>
        <thead className="border-b border-ink">
          <tr>
            <th scope="col" className={th}>
              <SelectAll items={items} selected={selected} onToggleAll={onToggleAll} />
            </th>
            <th scope="col" className={th}>
              E-post
            </th>
            <th scope="col" className={th}>
              Telefon
            </th>
            <th scope="col" className={th}>
              GDPR
            </th>
            <th scope="col" className={th}>
              Prenumererade
            </th>
            <th scope="col" className={th}>
              <span className="sr-only">Åtgärder</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((s) => (
            <tr key={s.id} className={`border-b border-rule ${selected.has(s.id) ? 'bg-wine-light/50' : ''}`}>
              <td className={td}>
                <RowCheckbox subscriber={s} selected={selected.has(s.id)} onToggle={onToggle} />
              </td>
              <td className={`${td} font-semibold [overflow-wrap:anywhere]`}>{s.email}</td>
              <td className={`${td} tabular-nums`}>
                <Phone phone={s.phone} />
              </td>
              <td className={td}>
                <Gdpr consent={s.gdprConsent} />
              </td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>
                <time dateTime={s.createdAt}>{subscribedDate(s.createdAt)}</time>
              </td>
              <td className={`${td} text-right`}>
                <DeleteButton subscriber={s} onDelete={onDelete} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StackedList({ items, selected, dimmed, onToggle, onToggleAll, onDelete }: SubscriberListProps) {
  const dt = 'font-sans text-xs font-bold tracking-[0.1em] text-ink-soft uppercase';
  return (
    <div className={`border-t-2 border-ink ${dimmed ? 'opacity-60' : ''}`}>
      <div className="border-b border-ink px-1">
        <SelectAll items={items} selected={selected} onToggleAll={onToggleAll} visibleLabel="Markera alla" />
      </div>
      <ul aria-label="Prenumeranter">
        {items.map((s) => (
          <li key={s.id} className={`flex items-start gap-3 border-b border-rule px-1 py-3 ${selected.has(s.id) ? 'bg-wine-light/50' : ''}`}>
            <div className="pt-0.5">
              <RowCheckbox subscriber={s} selected={selected.has(s.id)} onToggle={onToggle} />
            </div>
            <div className="min-w-0 flex-1">
              <p className="font-sans text-sm font-semibold text-ink [overflow-wrap:anywhere]">{s.email}</p>
              <dl className="mt-1.5 grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-1 font-sans text-sm text-ink">
                <dt className={dt}>Telefon</dt>
                <dd className="tabular-nums">
                  <Phone phone={s.phone} />
                </dd>
                <dt className={dt}>GDPR</dt>
                <dd>
                  <Gdpr consent={s.gdprConsent} />
                </dd>
                <dt className={dt}>Prenumererade</dt>
                <dd className="whitespace-nowrap tabular-nums">
                  <time dateTime={s.createdAt}>{subscribedDate(s.createdAt)}</time>
                </dd>
              </dl>
              <div className="mt-2.5">
                <DeleteButton subscriber={s} onDelete={onDelete} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
