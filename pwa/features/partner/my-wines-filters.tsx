import { useEffect, useId, useState } from 'react';
import { APPROVAL_STATUS_LABELS, APPROVAL_STATUSES } from '../../../api/contract/constants';
import { labelClass } from '../../components/ui/field';
import { useUpdateSearchParams } from '../../lib/use-update-search-params';
import { MY_WINES_SORTS, writeMyWinesView, type MyWinesSort, type MyWinesView } from './my-wines-view';

const controlClass =
  'mt-1.5 block h-11 w-full border border-ink/60 bg-paper px-3 font-sans text-base text-ink focus:border-wine focus:outline-2 focus:outline-offset-0 focus:outline-wine';

/**
 * Mina viner's search, status and order (my-wines-view.ts), written to the address as they change (replacing the
 * history entry, so Back leaves the tab rather than undoing each letter), and how many wines they show.
 */
export function MyWinesFilters({ view, shown, total }: { view: MyWinesView; shown: number; total: number }) {
  const id = useId();
  const updateParams = useUpdateSearchParams();
  const [text, setText] = useState(view.q);
  // A change of the address from elsewhere (Back, 'Rensa') shows in the field.
  useEffect(() => setText(view.q), [view.q]);
  const change = (patch: Partial<MyWinesView>) => updateParams((current) => writeMyWinesView(current, patch), { replace: true });
  const filtered = view.q !== '' || view.status !== '';

  return (
    <div className="mb-4">
      <div role="search" aria-label="Sök och filtrera dina viner" className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_11rem]">
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${id}-q`} className={labelClass}>
            Sök
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            placeholder="Namn, region eller druva"
            autoComplete="off"
            enterKeyHint="search"
            onChange={(e) => {
              setText(e.target.value);
              change({ q: e.target.value });
            }}
            className={controlClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-status`} className={labelClass}>
            Status
          </label>
          <select
            id={`${id}-status`}
            value={view.status}
            onChange={(e) => change({ status: e.target.value as MyWinesView['status'] })}
            className={controlClass}
          >
            <option value="">Alla</option>
            {APPROVAL_STATUSES.map((s) => (
              <option key={s} value={s}>
                {APPROVAL_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-sort`} className={labelClass}>
            Sortera
          </label>
          <select id={`${id}-sort`} value={view.sort} onChange={(e) => change({ sort: e.target.value as MyWinesSort })} className={controlClass}>
            {MY_WINES_SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {filtered && (
        <p className="mt-2 flex flex-wrap items-center gap-x-3 font-sans text-sm text-ink-soft" aria-live="polite">
          Visar {shown} av {total} viner
          <button
            type="button"
            className="min-h-11 font-semibold text-wine underline underline-offset-2"
            onClick={() => change({ q: '', status: '' })}
          >
            Rensa sökningen
          </button>
        </p>
      )}
    </div>
  );
}

/** A draft card's checkbox for 'Skicka in markerade', named by the wine ('Markera Lind Riesling'). */
export function SelectWineCheckbox({ name, checked, onChange }: { name: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="-mt-1 mb-1 inline-flex min-h-11 cursor-pointer items-center gap-2.5 self-start font-sans text-sm text-ink-soft">
      <input
        type="checkbox"
        checked={checked}
        aria-label={`Markera ${name}`}
        onChange={(e) => onChange(e.target.checked)}
        className="size-5 shrink-0 accent-wine focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine"
      />
      <span aria-hidden="true">Markera</span>
    </label>
  );
}
