import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useId, useState } from 'react';
import type { AdminExpertReview } from '../../../../api/contract/experts';
import { labelClass } from '../../auth/form-fields';
import { STATUS_LABELS } from '../dashboard/labels';
import { adminInputClass } from '../components/admin-ui';
import { wineOptionText } from '../slider/wine-picker';
import { useDebouncedValue } from '../users/use-debounced-value';
import { FieldError, FieldHint, RequiredMark } from '../wines/form-controls';
import { useWineSearch } from './api';

/** The wine a review is about, as the picker shows it. */
export type PickedWine = { id: string } & AdminExpertReview['wine'];

/**
 * The review form's wine: a searchable list (Headless UI Combobox, the slider admin's pattern) over
 * GET /api/admin/wines?q=…, 20 at a time, since there are over a thousand. The list opens when the admin types (not
 * on focus, so that moving the focus here after a failed submit leaves the form's messages in view). Any wine may be
 * picked; one that is not published is marked, and the hint says its reviews show once it is.
 */
export function WineCombobox({ value, onChange, error }: { value: PickedWine | null; onChange: (wine: PickedWine | null) => void; error?: string }) {
  const [query, setQuery] = useState('');
  const search = useDebouncedValue(query, 250);
  const hintId = useId();
  const errorId = useId();
  const wines = useWineSearch(search);
  const items: PickedWine[] = (wines.data?.items ?? []).map((w) => ({
    id: w.id,
    name: w.name,
    vintage: w.vintage,
    price: w.price,
    approvalStatus: w.approvalStatus,
  }));
  const unpublished = value && value.approvalStatus !== 'approved';

  return (
    <Field>
      <Label className={labelClass}>Vin</Label>
      <RequiredMark />
      <Combobox value={value} onChange={onChange} by="id" onClose={() => setQuery('')}>
        <div className="mt-1.5">
          <ComboboxInput
            className={adminInputClass}
            displayValue={(wine: PickedWine | null) => (wine ? wineOptionText(wine) : '')}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Sök på namn, region eller druva"
            autoComplete="off"
            required
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
            <p className="px-3 py-2 text-ink-soft">Inga viner matchar sökningen.</p>
          ) : (
            items.map((wine) => (
              <ComboboxOption
                key={wine.id}
                value={wine}
                className="cursor-pointer px-3 py-2 text-ink data-focus:bg-wine data-focus:text-white data-selected:font-semibold"
              >
                {wineOptionText(wine)}
                {wine.approvalStatus !== 'approved' && <span className="ml-1 text-xs"> ({STATUS_LABELS[wine.approvalStatus].toLowerCase()})</span>}
                {wine.vintage && <span className="block text-xs opacity-80">Årgång {wine.vintage}</span>}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
      {error ? (
        <FieldError id={errorId}>{error}</FieldError>
      ) : (
        <FieldHint id={hintId}>
          {unpublished
            ? 'Vinet är inte publicerat: recensionen visas på vinsidan när vinet har godkänts.'
            : `Skriv för att söka bland alla viner.${wines.data && search ? ` ${wines.data.total} träffar.` : ''}`}
        </FieldHint>
      )}
    </Field>
  );
}
