import { useId, useState, type KeyboardEvent } from 'react';
import type { Facet, FacetValue, WineSearchInput, WineSearchPage } from '../../../api/contract/wine-search';
import { labelClass } from '../../components/ui/field';
import { FACET_ORDER, FACET_TITLES, listValues, MONEY_RANGES, paramValue, setParam, TASTE_RANGES, toggleListValue, TOGGLES } from './search-state';

/** A change of the address: the page applies it to the current parameters. */
export type ParamsUpdate = (params: URLSearchParams) => URLSearchParams;

/** How many choices of a filter show before 'Visa fler'. */
const VISIBLE_CHOICES = 6;

const legendClass = `${labelClass} mb-2`;
const fieldsetClass = 'border-t border-rule pt-4';
const smallInputClass =
  'block w-full min-w-0 border border-ink/70 bg-paper px-2.5 py-2 font-sans text-base text-ink placeholder:text-muted focus:border-wine focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-wine';

/**
 * The filters of /viner (the desktop sidebar and the phone's dialog): for each list filter its choices with the
 * number of wines each would leave (the answer's `facets`), the price and kr/l ranges, the four taste ranges
 * (1–5) and the toggles. Each change goes straight to the address through `onChange`.
 */
export function FilterPanel({
  search,
  page,
  labelOf,
  onChange,
}: {
  search: WineSearchInput;
  page: WineSearchPage | undefined;
  labelOf: (facet: Facet, value: string) => string;
  onChange: (update: ParamsUpdate) => void;
}) {
  const facet = (name: Facet) => (
    <FacetGroup
      key={name}
      facet={name}
      values={page?.facets?.[name] ?? []}
      chosen={listValues(search, name)}
      labelOf={labelOf}
      onToggle={(value) => onChange((p) => toggleListValue(p, name, value))}
    />
  );
  return (
    <div className="grid gap-5 font-sans">
      {facet('type')}
      {MONEY_RANGES.map((range) => (
        <MoneyRange
          key={range.key}
          label={range.label}
          unit={range.unit}
          min={paramValue(search, range.min)}
          max={paramValue(search, range.max)}
          bounds={page?.ranges?.[range.key]}
          onCommit={(end, value) => onChange((p) => setParam(p, end === 'min' ? range.min : range.max, value))}
        />
      ))}
      {FACET_ORDER.filter((name) => name !== 'type' && name !== 'food' && name !== 'occasion').map((name) => facet(name))}
      {facet('food')}
      {facet('occasion')}
      <TasteRanges search={search} onChange={onChange} />
      <fieldset className={fieldsetClass}>
        <legend className={legendClass}>Visa</legend>
        <ul className="grid gap-1">
          {TOGGLES.map((toggle) => {
            const value = paramValue(search, toggle.param);
            // 'Visa utgångna viner' is also on for discontinued=only (a link may carry it).
            const on = toggle.param === 'discontinued' ? value !== '' : value === toggle.value;
            return (
              <li key={toggle.param}>
                <CheckRow
                  checked={on}
                  label={toggle.label}
                  onChange={() => onChange((p) => setParam(p, toggle.param, on ? undefined : toggle.value))}
                />
              </li>
            );
          })}
        </ul>
      </fieldset>
    </div>
  );
}

/** One checkbox row: the box, the label, and a count at the right (read as '(N viner)'). */
function CheckRow({ checked, label, count, onChange }: { checked: boolean; label: string; count?: number; onChange: () => void }) {
  return (
    <label className="flex min-h-10 cursor-pointer items-center gap-3 py-1 text-sm text-ink hover:text-wine">
      <input type="checkbox" checked={checked} onChange={onChange} className="size-4.5 shrink-0 accent-wine" />
      <span className="min-w-0 flex-1 break-words">{label}</span>
      {count !== undefined && (
        <>
          <span aria-hidden="true" className="shrink-0 text-xs text-muted tabular-nums">
            {count.toLocaleString('sv-SE')}
          </span>
          <span className="sr-only">{`(${count.toLocaleString('sv-SE')} ${count === 1 ? 'vin' : 'viner'})`}</span>
        </>
      )}
    </label>
  );
}

/**
 * A list filter as checkboxes with counts. Choices that would leave no wine are left out unless chosen; chosen
 * ones always show, the rest after the first six behind 'Visa fler'.
 */
function FacetGroup({
  facet,
  values,
  chosen,
  labelOf,
  onToggle,
}: {
  facet: Facet;
  values: readonly FacetValue[];
  chosen: readonly string[];
  labelOf: (facet: Facet, value: string) => string;
  onToggle: (value: string) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const known = new Set(values.map((v) => v.value));
  const choices = [
    ...values.filter((v) => v.count > 0 || chosen.includes(v.value)),
    // A chosen value the answer doesn't list (e.g. from an edited link) still shows, so it can be unticked.
    ...chosen.filter((value) => !known.has(value)).map((value) => ({ value, label: labelOf(facet, value), count: 0 })),
  ];
  if (choices.length === 0) return null;
  const hidden = choices.length - VISIBLE_CHOICES;
  const visible = expanded ? choices : choices.filter((v, i) => i < VISIBLE_CHOICES || chosen.includes(v.value));

  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>{FACET_TITLES[facet]}</legend>
      <ul id={listId} className="grid gap-0.5">
        {visible.map((v) => (
          <li key={v.value}>
            <CheckRow
              checked={chosen.includes(v.value)}
              label={v.label || labelOf(facet, v.value)}
              count={v.count}
              onChange={() => onToggle(v.value)}
            />
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className="mt-1 min-h-10 text-sm font-semibold text-wine underline underline-offset-4 hover:text-wine-dark"
        >
          {expanded ? 'Visa färre' : `Visa fler (${hidden})`}
          <span className="sr-only">{` – ${FACET_TITLES[facet].toLowerCase()}`}</span>
        </button>
      )}
    </fieldset>
  );
}

/** A number the API takes as SEK or kr/l, else '' (the field is cleared). */
function moneyValue(raw: string): string {
  const text = raw.trim().replace(',', '.').replace(/\s/g, '');
  const n = Number(text);
  return text !== '' && Number.isFinite(n) && n >= 0 && n <= 1_000_000 ? String(n) : '';
}

/**
 * 'Från'/'Till' number fields of a money range. Applied when the field is left or Enter is pressed, not at each
 * keystroke (each change is a step in the browser's history); the placeholders give the matches' lowest and highest.
 */
function MoneyRange({
  label,
  unit,
  min,
  max,
  bounds,
  onCommit,
}: {
  label: string;
  unit: string;
  min: string;
  max: string;
  bounds: { min: number | null; max: number | null } | undefined;
  onCommit: (end: 'min' | 'max', value: string | undefined) => void;
}) {
  const id = useId();
  const field = (end: 'min' | 'max', current: string, edge: number | null | undefined) => {
    const commit = (raw: string) => {
      const value = moneyValue(raw);
      if (value !== current) onCommit(end, value || undefined);
    };
    return (
      <div className="min-w-0">
        <label htmlFor={`${id}-${end}`} className="mb-1 block text-xs text-ink-soft">
          {end === 'min' ? 'Från' : 'Till'}
          <span className="sr-only">{` – ${label.toLowerCase()} i ${unit}`}</span>
        </label>
        <input
          // A new value in the address (a chip removed, back/forward) resets the field.
          key={current}
          id={`${id}-${end}`}
          type="number"
          inputMode="decimal"
          min={0}
          defaultValue={current}
          placeholder={edge === null || edge === undefined ? '' : String(end === 'min' ? Math.floor(edge) : Math.ceil(edge))}
          onBlur={(e) => commit(e.currentTarget.value)}
          onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit(e.currentTarget.value);
            }
          }}
          className={smallInputClass}
        />
      </div>
    );
  };
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>
        {label} ({unit})
      </legend>
      <div className="grid grid-cols-2 gap-3">
        {field('min', min, bounds?.min)}
        {field('max', max, bounds?.max)}
      </div>
    </fieldset>
  );
}

/** The four taste scales, each a 'Från'/'Till' pair of selects over 1–5 (empty: no limit). */
function TasteRanges({ search, onChange }: { search: WineSearchInput; onChange: (update: ParamsUpdate) => void }) {
  const id = useId();
  return (
    <fieldset className={fieldsetClass}>
      <legend className={legendClass}>Smak (1–5)</legend>
      <div className="grid gap-3">
        {TASTE_RANGES.map((range) => (
          <div key={range.key} role="group" aria-labelledby={`${id}-${range.key}`} className="grid grid-cols-[5.5rem_1fr_1fr] items-center gap-2">
            <span id={`${id}-${range.key}`} className="text-sm text-ink">
              {range.label}
            </span>
            {(['min', 'max'] as const).map((end) => {
              const param = range[end];
              const value = paramValue(search, param);
              return (
                <select
                  key={end}
                  aria-label={`${range.label} ${end === 'min' ? 'från' : 'till'}`}
                  value={value}
                  onChange={(e) => onChange((p) => setParam(p, param, e.currentTarget.value || undefined))}
                  className={smallInputClass}
                >
                  <option value="">{end === 'min' ? 'Från' : 'Till'}</option>
                  {[1, 2, 3, 4, 5].map((n) => (
                    <option key={n} value={String(n)}>
                      {n}
                    </option>
                  ))}
                </select>
              );
            })}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
