import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { Controller, useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { SLIDER_LABEL_MAX, SliderEntryCreate, type AdminSliderEntry } from '../../../../api/contract/admin-slider';
import { LIMITS } from '../../../../api/contract/constants';
import { labelClass, TextField } from '../../../components/ui/field';
import { setServerFieldErrors } from '../../../lib/forms';
import { errorText } from '../api/admin-query';
import { Dialog } from '../../../components/ui/dialog';
import { inputClass } from '../../../components/ui/classes';
import { WineCombobox, type PickedWine } from '../components/wine-combobox';
import { useAddSliderEntry, useUpdateSliderEntry } from './api';
import { monthText } from './format';
import { FormActions } from '../../../components/ui/form-actions';

const POSITIONS = Array.from({ length: LIMITS.sliderPositionMax - LIMITS.sliderPositionMin + 1 }, (_, i) => LIMITS.sliderPositionMin + i);

/** The lowest position 1–10 that no entry holds, or 1 when all are taken. */
export function firstFreePosition(entries: readonly Pick<AdminSliderEntry, 'position'>[]): number {
  const taken = new Set(entries.map((e) => e.position));
  return POSITIONS.find((p) => !taken.has(p)) ?? LIMITS.sliderPositionMin;
}

/**
 * Position 1–10 as a select; positions other wines hold are shown but cannot be chosen (spec 001 §5). Takes
 * `register('position', { valueAsNumber: true })` props, and `defaultValue` for the starting position.
 */
function PositionSelect({
  takenBy,
  error,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
  ref?: Ref<HTMLSelectElement>;
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
        {...select}
        id={id}
        className={`${inputClass} mt-1.5`}
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

/**
 * Puts a refused save on the form: the server's field messages on their `fields` (the first focused), else its
 * message (or `fallback`) as the form's message, `root.server`, which the next submit clears.
 */
function showServerErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], fallback: string) {
  if (setServerFieldErrors(err, setError, fields).length === 0) setError('root.server', { message: errorText(err, fallback) });
}

/** The add form's fields: the picked wine (its id is sent), the position 1–10 and the label as typed. */
interface AddValues {
  wineId: PickedWine | null;
  position: number;
  label: string;
}

/** The edit form's fields. */
interface EditValues {
  position: number;
  label: string;
}

/**
 * The add form's check: the body (the month, the picked wine's id, position, label) checked with the server's
 * schema, SliderEntryCreate ('Välj ett vin' without a wine; the label trimmed).
 */
const addFormSchema = (year: number, month: number) =>
  z
    .custom<AddValues>()
    .transform((v): z.input<typeof SliderEntryCreate> => ({ year, month, wineId: v.wineId?.id ?? '', position: v.position, label: v.label }))
    .pipe(SliderEntryCreate);

/**
 * The edit form's check: position and label with the server's rules (SliderEntryCreate's, which
 * SliderEntryUpdate shares; the form always sends both), the label trimmed.
 */
const EditEntrySchema = SliderEntryCreate.pick({ position: true, label: true });
const EditFormSchema = z
  .custom<EditValues>()
  .transform((v): z.input<typeof EditEntrySchema> => v)
  .pipe(EditEntrySchema);

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
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<AddValues, unknown, z.output<typeof SliderEntryCreate>>({
    resolver: zodResolver(addFormSchema(year, month)),
    defaultValues: { wineId: null, position: firstFreePosition(entries), label: '' },
    // react-hook-form would focus in the order the fields registered (the wine's Controller last).
    shouldFocusError: false,
  });
  const takenBy = new Map(entries.map((e) => [e.position, e.wine.name]));
  const takenWineIds = new Set(entries.map((e) => e.wineId));

  const onSubmit = handleSubmit(
    (body) =>
      add.mutate(body, {
        onSuccess: onClose,
        onError: (err) => showServerErrors(err, setError, ['wineId', 'position', 'label'], 'Vinet kunde inte läggas till. Försök igen.'),
      }),
    (problems) => {
      const first = (['wineId', 'position', 'label'] as const).find((field) => problems[field]);
      if (first) setFocus(first);
    },
  );

  return (
    <Dialog open onClose={onClose} title={`Lägg till vin i slidern för ${monthText(year, month)}`}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormError message={errors.root?.server?.message} />
        <Controller
          control={control}
          name="wineId"
          render={({ field }) => (
            <WineCombobox
              value={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              error={errors.wineId?.message}
              approvedOnly
              openOnFocus
              isDisabled={(w) => takenWineIds.has(w.id)}
              optionNote={(w) => (takenWineIds.has(w.id) ? 'redan i slidern' : null)}
              optionDetail={(w) => [w.vintage, w.region].filter(Boolean).join(' · ') || null}
              emptyText="Inga publicerade viner matchar sökningen."
              hint="Bara publicerade viner kan visas i slidern."
            />
          )}
        />
        {/* defaultValue marks the starting option, so react-hook-form never takes the select for edited before it is
            ready (happy-dom, where the component tests run, knows no option.defaultSelected otherwise). */}
        <PositionSelect
          defaultValue={firstFreePosition(entries)}
          {...register('position', { valueAsNumber: true })}
          takenBy={takenBy}
          error={errors.position?.message}
        />
        <TextField label="Etikett" {...register('label')} maxLength={SLIDER_LABEL_MAX} error={errors.label?.message} hint={LABEL_HINT} optional />
        <FormActions onCancel={onClose} submitLabel="Lägg till" pending={add.isPending} pendingLabel="Lägger till…" className="pt-2" />
      </form>
    </Dialog>
  );
}

/** The edit form (spec 001 §2): position 1–10 and label of one entry. */
export function EditEntryDialog({ entry, entries, onClose }: { entry: AdminSliderEntry; entries: readonly AdminSliderEntry[]; onClose: () => void }) {
  const update = useUpdateSliderEntry();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditValues, unknown, z.output<typeof EditEntrySchema>>({
    resolver: zodResolver(EditFormSchema),
    defaultValues: { position: entry.position, label: entry.label },
  });
  const takenBy = new Map(entries.filter((e) => e.id !== entry.id).map((e) => [e.position, e.wine.name]));

  const onSubmit = handleSubmit((body) =>
    update.mutate(
      { id: entry.id, ...body },
      {
        onSuccess: onClose,
        onError: (err) => showServerErrors(err, setError, ['position', 'label'], 'Sliderposten kunde inte sparas. Försök igen.'),
      },
    ),
  );

  return (
    <Dialog open onClose={onClose} title={`Redigera ${entry.wine.name}`}>
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <FormError message={errors.root?.server?.message} />
        <PositionSelect
          defaultValue={entry.position}
          {...register('position', { valueAsNumber: true })}
          takenBy={takenBy}
          error={errors.position?.message}
        />
        <TextField label="Etikett" {...register('label')} maxLength={SLIDER_LABEL_MAX} error={errors.label?.message} hint={LABEL_HINT} optional />
        <FormActions onCancel={onClose} submitLabel="Spara" pending={update.isPending} className="pt-2" />
      </form>
    </Dialog>
  );
}
