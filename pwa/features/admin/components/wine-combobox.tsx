import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useId, useState, type Ref } from 'react';
import type { AdminWine } from '../../../../api/contract/admin-wines';
import { FieldError, FieldHint, labelClass, RequiredMark } from '../../../components/ui/field';
import { formatPrice } from '../../../lib/wine-format';
import { useWineSearch } from '../api/wine-search';
import { useDebouncedValue } from '../users/use-debounced-value';
import { inputClass } from '../../../components/ui/classes';

/** Milliseconds the search waits after the last keystroke before asking the server. */
const SEARCH_DEBOUNCE_MS = 250;

/** A picked wine: a search result, or the wine an edited record already has. */
export type PickedWine = Pick<AdminWine, 'id' | 'name' | 'vintage' | 'price' | 'approvalStatus'>;

/** A wine as the picker names it (spec 001 §2 'Slider admin' add form): 'name - price kr'. */
export function wineOptionText(wine: Pick<AdminWine, 'name' | 'price'>): string {
  return `${wine.name} - ${formatPrice(wine.price)}`;
}

/**
 * A form's wine, 'Vin': a searchable list (Headless UI Combobox) over GET /api/admin/wines?q=…, 20 at a time,
 * since there are over a thousand. Each option reads 'name - price kr', then `optionNote` in brackets and
 * `optionDetail` on a line of its own; `isDisabled` options are shown but cannot be picked. The list opens as the
 * admin types, or on focus with `openOnFocus`. The hint under the field ends with the number of matches.
 */
export function WineCombobox({
  value,
  onChange,
  inputRef,
  error,
  approvedOnly,
  required = false,
  openOnFocus = false,
  isDisabled,
  optionNote,
  optionDetail,
  emptyText,
  hint,
}: {
  value: PickedWine | null;
  onChange: (wine: PickedWine | null) => void;
  /** The search input's ref (e.g. a react-hook-form Controller's `field.ref`, so a refused save can focus it). */
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  /** Search only published wines. */
  approvedOnly: boolean;
  required?: boolean;
  openOnFocus?: boolean;
  isDisabled?: (wine: AdminWine) => boolean;
  optionNote?: (wine: AdminWine) => string | null;
  optionDetail: (wine: AdminWine) => string | null;
  /** When the search matches nothing. */
  emptyText: string;
  hint: string;
}) {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const hintId = useId();
  const errorId = useId();
  const wines = useWineSearch(search, { approvedOnly });
  const items = wines.data?.items ?? [];

  return (
    <Field>
      <Label className={labelClass}>Vin</Label>
      {required && <RequiredMark />}
      <Combobox value={value} onChange={onChange} by="id" onClose={() => setQuery('')} immediate={openOnFocus}>
        <div className="mt-1.5">
          <ComboboxInput
            ref={inputRef}
            className={inputClass}
            displayValue={(wine: PickedWine | null) => (wine ? wineOptionText(wine) : '')}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Sök på namn, region eller druva"
            autoComplete="off"
            required={required}
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
            <p className="px-3 py-2 text-ink-soft">{emptyText}</p>
          ) : (
            items.map((wine) => {
              const note = optionNote?.(wine);
              const detail = optionDetail(wine);
              return (
                <ComboboxOption
                  key={wine.id}
                  value={wine}
                  disabled={isDisabled?.(wine) ?? false}
                  className="cursor-pointer px-3 py-2 text-ink data-disabled:cursor-not-allowed data-disabled:text-muted data-focus:bg-wine data-focus:text-white data-selected:font-semibold"
                >
                  {wineOptionText(wine)}
                  {note && <span className="ml-1 text-xs"> ({note})</span>}
                  {detail && ' '}
                  {detail && <span className="block text-xs opacity-80">{detail}</span>}
                </ComboboxOption>
              );
            })
          )}
        </ComboboxOptions>
      </Combobox>
      {error ? (
        <FieldError id={errorId}>{error}</FieldError>
      ) : (
        <FieldHint id={hintId}>
          {hint}
          {wines.data && search ? ` ${wines.data.total} träffar.` : ''}
        </FieldHint>
      )}
    </Field>
  );
}
