import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useEffect, useId, useState } from 'react';
import type { AdminWine } from '../../../../api/contract/admin-wines';
import { labelClass } from '../../auth/form-fields';
import { formatPrice } from '../../wines/format';
import { adminInputClass } from '../components/admin-ui';
import { useWineSearch } from './api';

/** Milliseconds the search waits after the last keystroke before asking the server. */
const SEARCH_DEBOUNCE_MS = 250;

/** A wine as the picker names it (spec 001 §2 'Slider admin' add form): 'name - price kr'. */
export function wineOptionText(wine: Pick<AdminWine, 'name' | 'price'>): string {
  return `${wine.name} - ${formatPrice(wine.price)}`;
}

/**
 * The add form's wine picker: a searchable list (Headless UI Combobox) of published wines, 20 at a time from
 * GET /api/admin/wines?q=…&approvalStatus=approved, since there are over a thousand. Wines already in the
 * month are shown but cannot be picked.
 */
export function WinePicker({
  value,
  onChange,
  takenWineIds,
  error,
}: {
  value: AdminWine | null;
  onChange: (wine: AdminWine | null) => void;
  takenWineIds: ReadonlySet<string>;
  error?: string;
}) {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const hintId = useId();
  const errorId = useId();

  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(query), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [query]);

  // The picker lives in the add dialog only, so asking at once (the newest 20) costs one small request.
  const wines = useWineSearch(search);
  const items = wines.data?.items ?? [];

  return (
    <Field>
      <Label className={labelClass}>Vin</Label>
      <Combobox value={value} onChange={onChange} by="id" onClose={() => setQuery('')} immediate>
        <>
          <div className="mt-1.5">
            <ComboboxInput
              className={adminInputClass}
              displayValue={(wine: AdminWine | null) => (wine ? wineOptionText(wine) : '')}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Sök på namn, region eller druva"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : hintId}
            />
          </div>
          <ComboboxOptions
            anchor="bottom start"
            className="z-[60] w-(--input-width) [--anchor-max-height:18rem] overflow-y-auto border border-ink bg-paper py-1 font-sans text-sm shadow-lg [--anchor-gap:4px] empty:invisible"
          >
            {wines.isPending ? (
              <p className="px-3 py-2 text-ink-soft">Söker…</p>
            ) : wines.isError ? (
              <p className="px-3 py-2 text-wine">Sökningen misslyckades. Försök igen.</p>
            ) : items.length === 0 ? (
              <p className="px-3 py-2 text-ink-soft">Inga publicerade viner matchar sökningen.</p>
            ) : (
              items.map((wine) => {
                const taken = takenWineIds.has(wine.id);
                return (
                  <ComboboxOption
                    key={wine.id}
                    value={wine}
                    disabled={taken}
                    className="cursor-pointer px-3 py-2 text-ink data-disabled:cursor-not-allowed data-disabled:text-muted data-focus:bg-wine data-focus:text-white data-selected:font-semibold"
                  >
                    {wineOptionText(wine)}
                    {taken && <span className="ml-1 text-xs"> (redan i slidern)</span>}
                    {(wine.vintage || wine.region) && ' '}
                    {(wine.vintage || wine.region) && (
                      <span className="block text-xs opacity-80">{[wine.vintage, wine.region].filter(Boolean).join(' · ')}</span>
                    )}
                  </ComboboxOption>
                );
              })
            )}
          </ComboboxOptions>
        </>
      </Combobox>
      {error ? (
        <p id={errorId} className="mt-1.5 font-sans text-sm font-semibold text-wine">
          {error}
        </p>
      ) : (
        <p id={hintId} className="mt-1.5 font-sans text-sm text-muted">
          Bara publicerade viner kan visas i slidern. {wines.data && search ? `${wines.data.total} träffar.` : ''}
        </p>
      )}
    </Field>
  );
}
