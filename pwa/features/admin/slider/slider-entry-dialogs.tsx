import { useId, useState, type FormEvent } from 'react';
import { SLIDER_LABEL_MAX, type AdminSliderEntry } from '../../../../api/contract/admin-slider';
import { LIMITS } from '../../../../api/contract/constants';
import { labelClass, TextField } from '../../../components/ui/field';
import { errorText, fieldErrors } from '../api/admin-query';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/classes';
import { WineCombobox, type PickedWine } from '../components/wine-combobox';
import { useAddSliderEntry, useUpdateSliderEntry } from './api';
import { monthText } from './format';

const POSITIONS = Array.from({ length: LIMITS.sliderPositionMax - LIMITS.sliderPositionMin + 1 }, (_, i) => LIMITS.sliderPositionMin + i);

/** The lowest position 1–10 that no entry holds, or 1 when all are taken. */
export function firstFreePosition(entries: readonly Pick<AdminSliderEntry, 'position'>[]): number {
  const taken = new Set(entries.map((e) => e.position));
  return POSITIONS.find((p) => !taken.has(p)) ?? LIMITS.sliderPositionMin;
}

/** Position 1–10 as a select; positions other wines hold are shown but cannot be chosen (spec 001 §5). */
function PositionSelect({
  value,
  onChange,
  takenBy,
  error,
}: {
  value: number;
  onChange: (position: number) => void;
  takenBy: ReadonlyMap<number, string>;
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Position
      </label>
      <select
        id={id}
        className={`${inputClass} mt-1.5`}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      >
        {POSITIONS.map((p) => (
          <option key={p} value={p} disabled={takenBy.has(p)}>
            {takenBy.has(p) ? `${p} – upptagen av ${takenBy.get(p)}` : String(p)}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 font-sans text-sm font-semibold text-wine">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="mt-1.5 font-sans text-sm text-muted">
          1 visas först på startsidan. Upptagna positioner kan inte väljas.
        </p>
      )}
    </div>
  );
}

/** A message that concerns the whole form (e.g. 'Vinet finns redan i slidern för …'), read out when it appears. */
function FormError({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="border border-wine bg-wine-light/40 p-3 font-sans text-sm text-ink">
      {message}
    </p>
  );
}

const LABEL_HINT = `Visas ovanför vinets namn i slidern, t.ex. ”Månadens fynd”. Högst ${SLIDER_LABEL_MAX} tecken.`;

/** The server's field messages, and the rest of its message as a form message when no field carries it. */
function splitErrors(err: unknown, fallback: string): { fields: Record<string, string>; form?: string } {
  const fields = fieldErrors(err);
  return Object.keys(fields).length ? { fields } : { fields, form: errorText(err, fallback) };
}

/**
 * The add form (spec 001 §2 'Slider admin'): a wine picked by search ('name - price kr'), a free position 1–10
 * and a label. The server's Swedish messages (position taken, wine already there) show on the form.
 */
export function AddEntryDialog({
  year,
  month,
  entries,
  onClose,
}: {
  year: number;
  month: number;
  entries: readonly AdminSliderEntry[];
  onClose: () => void;
}) {
  const add = useAddSliderEntry();
  const [wine, setWine] = useState<PickedWine | null>(null);
  const [position, setPosition] = useState(() => firstFreePosition(entries));
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const takenBy = new Map(entries.map((e) => [e.position, e.wine.name]));
  const takenWineIds = new Set(entries.map((e) => e.wineId));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!wine) {
      setErrors({ fields: { wineId: 'Välj ett vin' } });
      return;
    }
    setErrors({ fields: {} });
    add.mutate(
      { year, month, wineId: wine.id, position, label: label.trim() },
      { onSuccess: onClose, onError: (err) => setErrors(splitErrors(err, 'Vinet kunde inte läggas till. Försök igen.')) },
    );
  }

  return (
    <Dialog open onClose={onClose} title={`Lägg till vin i slidern för ${monthText(year, month)}`}>
      <form onSubmit={handleSubmit} className="space-y-4" noValidate>
        <FormError message={errors.form} />
        <WineCombobox
          value={wine}
          onChange={setWine}
          error={errors.fields.wineId}
          approvedOnly
          openOnFocus
          isDisabled={(w) => takenWineIds.has(w.id)}
          optionNote={(w) => (takenWineIds.has(w.id) ? 'redan i slidern' : null)}
          optionDetail={(w) => [w.vintage, w.region].filter(Boolean).join(' · ') || null}
          emptyText="Inga publicerade viner matchar sökningen."
          hint="Bara publicerade viner kan visas i slidern."
        />
        <PositionSelect value={position} onChange={setPosition} takenBy={takenBy} error={errors.fields.position} />
        <TextField
          label="Etikett"
          value={label}
          onValueChange={setLabel}
          maxLength={SLIDER_LABEL_MAX}
          error={errors.fields.label}
          hint={LABEL_HINT}
          optional
        />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <button type="button" className="btn-outline" onClick={onClose}>
            Avbryt
          </button>
          <button type="submit" className="btn-primary" disabled={add.isPending}>
            {add.isPending ? 'Lägger till…' : 'Lägg till'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The edit form (spec 001 §2): position 1–10 and label of one entry. */
export function EditEntryDialog({ entry, entries, onClose }: { entry: AdminSliderEntry; entries: readonly AdminSliderEntry[]; onClose: () => void }) {
  const update = useUpdateSliderEntry();
  const [position, setPosition] = useState(entry.position);
  const [label, setLabel] = useState(entry.label);
  const [errors, setErrors] = useState<{ fields: Record<string, string>; form?: string }>({ fields: {} });
  const takenBy = new Map(entries.filter((e) => e.id !== entry.id).map((e) => [e.position, e.wine.name]));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setErrors({ fields: {} });
    update.mutate(
      { id: entry.id, position, label: label.trim() },
      { onSuccess: onClose, onError: (err) => setErrors(splitErrors(err, 'Sliderposten kunde inte sparas. Försök igen.')) },
    );
  }

  return (
    <Dialog open onClose={onClose} title={`Redigera ${entry.wine.name}`}>
      <form onSubmit={handleSubmit} className="space-y-4" noValidate>
        <FormError message={errors.form} />
        <PositionSelect value={position} onChange={setPosition} takenBy={takenBy} error={errors.fields.position} />
        <TextField
          label="Etikett"
          value={label}
          onValueChange={setLabel}
          maxLength={SLIDER_LABEL_MAX}
          error={errors.fields.label}
          hint={LABEL_HINT}
          optional
        />
        <div className="flex flex-wrap justify-end gap-3 pt-2">
          <button type="button" className="btn-outline" onClick={onClose}>
            Avbryt
          </button>
          <button type="submit" className="btn-primary" disabled={update.isPending}>
            {update.isPending ? 'Sparar…' : 'Spara'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
