import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  MEDAL_CATEGORIES,
  MEDAL_CATEGORY_LABELS,
  MEDAL_ID_MAX,
  MEDAL_NAME_MAX,
  MedalDesignCreate,
  MedalDesignUpdate,
  medalIdFromName,
  type MedalCategory,
  type MedalDesign,
} from '../../../../api/contract/medal-designs';
import { labelClass, TextField } from '../../../components/ui/field';
import { setServerFieldErrors } from '../../../lib/forms';
import { inputClass } from '../../../components/ui/classes';
import { medalPreviewUrl, useCreateMedalDesign, useUpdateMedalDesign } from './api';
import { FormActions } from '../../../components/ui/form-actions';

/** The colours a custom colour starts from: the site's wine red and gold. */
const DEFAULT_PRIMARY = '#7b1e2b';
const DEFAULT_ACCENT = '#b8892b';

/** The form's fields: the id (create only; '' = made from the name), name, category, and the colours (null = the category's). */
interface MedalValues {
  id: string;
  name: string;
  category: MedalCategory;
  primaryColor: string | null;
  accentColor: string | null;
}

/** The fields that can carry a message, in the form's order. */
const FIELDS = ['name', 'id', 'category', 'primaryColor', 'accentColor'] as const;

/**
 * The form's check: the body it sends, checked with the server's own schema. On create (MedalDesignCreate) a blank
 * id and the category's colours are left out; on edit (MedalDesignUpdate) every field is sent, a colour as null
 * when it goes back to the category's palette.
 */
function medalFormSchema(editing: boolean) {
  const values = z.custom<MedalValues>();
  if (editing)
    return values
      .transform(
        (v): z.input<typeof MedalDesignUpdate> => ({ name: v.name, category: v.category, primaryColor: v.primaryColor, accentColor: v.accentColor }),
      )
      .pipe(MedalDesignUpdate);
  return values
    .transform(
      (v): z.input<typeof MedalDesignCreate> => ({
        ...(v.id.trim() ? { id: v.id } : {}),
        name: v.name,
        category: v.category,
        ...(v.primaryColor ? { primaryColor: v.primaryColor } : {}),
        ...(v.accentColor ? { accentColor: v.accentColor } : {}),
      }),
    )
    .pipe(MedalDesignCreate);
}

/**
 * The create/edit form of a medal design (spec 001 §2 'Medaljhantering': id, name, category; plus the
 * contract's optional colours, which override the category's palette). The id is chosen only on create
 * (empty: made from the name); checked in the browser with the server's own schema, and the server's
 * field messages (e.g. 'Det finns redan en medalj med det id:t.') show on their fields.
 */
export function MedalForm({ design, onDone, onCancel }: { design: MedalDesign | null; onDone: () => void; onCancel: () => void }) {
  const initial: MedalValues = {
    id: '',
    name: design?.name ?? '',
    category: design?.category ?? 'FYND',
    primaryColor: design?.primaryColor ?? null,
    accentColor: design?.accentColor ?? null,
  };
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<MedalValues, unknown, MedalDesignCreate | MedalDesignUpdate>({
    resolver: zodResolver(medalFormSchema(design !== null)),
    defaultValues: initial,
  });
  const create = useCreateMedalDesign(onDone);
  const update = useUpdateMedalDesign(onDone);
  const mutation = design ? update : create;
  const categoryId = useId();
  const suggestedId = medalIdFromName(watch('name'));

  const onSubmit = handleSubmit((body) => {
    const onError = (err: unknown) => setServerFieldErrors(err, setError, FIELDS);
    if (design) update.mutate({ id: design.id, body }, { onError });
    else create.mutate(body as MedalDesignCreate, { onError });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      {design && (
        <div className="flex items-center gap-4 border border-rule bg-white/60 p-3">
          <img src={medalPreviewUrl(design)} alt={`Nuvarande utseende: ${design.name}`} width={72} height={72} className="size-18 shrink-0" />
          <p className="font-sans text-sm text-ink-soft">
            Id <code className="font-mono text-ink">{design.id}</code> kan inte ändras: viner och nedladdningar hänvisar till det.
          </p>
        </div>
      )}

      <TextField
        label="Namn"
        {...register('name')}
        error={errors.name?.message}
        hint={`Texten på medaljen, högst ${MEDAL_NAME_MAX} tecken.`}
        maxLength={MEDAL_NAME_MAX + 10}
        required
        autoComplete="off"
      />

      {!design && (
        <TextField
          label="Id"
          {...register('id')}
          error={errors.id?.message}
          optional
          hint={
            suggestedId
              ? `Lämnas det tomt blir id:t "${suggestedId}". Små bokstäver a–z, siffror och bindestreck.`
              : 'Lämnas det tomt skapas id:t av namnet. Små bokstäver a–z, siffror och bindestreck.'
          }
          maxLength={MEDAL_ID_MAX + 10}
          autoComplete="off"
          spellCheck={false}
        />
      )}

      <div>
        <label htmlFor={categoryId} className={labelClass}>
          Kategori
        </label>
        <select
          id={categoryId}
          // defaultValue marks the starting option, so react-hook-form never takes the select for edited before it is
          // ready (happy-dom, where the component tests run, knows no option.defaultSelected otherwise).
          defaultValue={initial.category}
          {...register('category')}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? `${categoryId}-error` : `${categoryId}-hint`}
          className={`${inputClass} mt-1.5`}
        >
          {MEDAL_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {MEDAL_CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
        {errors.category ? (
          <p id={`${categoryId}-error`} className="mt-1.5 font-sans text-sm font-semibold text-wine">
            {errors.category.message}
          </p>
        ) : (
          <p id={`${categoryId}-hint`} className="mt-1.5 font-sans text-sm text-muted">
            Vad medaljen står för; ger den också kategorins färger.
          </p>
        )}
      </div>

      <fieldset className="space-y-4">
        <legend className={labelClass}>Färger</legend>
        <Controller
          control={control}
          name="primaryColor"
          render={({ field }) => (
            <ColorChoice
              label="Egen medaljfärg"
              colorLabel="Medaljfärg"
              value={field.value}
              fallback={DEFAULT_PRIMARY}
              onChange={field.onChange}
              error={errors.primaryColor?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="accentColor"
          render={({ field }) => (
            <ColorChoice
              label="Egen accentfärg (ringar och band)"
              colorLabel="Accentfärg"
              value={field.value}
              fallback={DEFAULT_ACCENT}
              onChange={field.onChange}
              error={errors.accentColor?.message}
            />
          )}
        />
      </fieldset>

      <FormActions onCancel={onCancel} submitLabel={design ? 'Spara ändringar' : 'Skapa medalj'} pending={mutation.isPending} />
    </form>
  );
}

/** A checkbox that turns a custom colour on (a colour picker, #rrggbb) or off (null: the category's palette). */
function ColorChoice({
  label,
  colorLabel,
  value,
  fallback,
  onChange,
  error,
}: {
  label: string;
  colorLabel: string;
  value: string | null;
  fallback: string;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const checkId = useId();
  const colorId = useId();
  return (
    <div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <label htmlFor={checkId} className="inline-flex min-h-9 items-center gap-2 font-sans text-sm text-ink">
          <input
            id={checkId}
            type="checkbox"
            checked={value !== null}
            onChange={(e) => onChange(e.target.checked ? fallback : null)}
            className="size-4 accent-wine"
          />
          {label}
        </label>
        {value !== null && (
          <span className="inline-flex items-center gap-2">
            <label htmlFor={colorId} className="sr-only">
              {colorLabel}
            </label>
            <input
              id={colorId}
              type="color"
              value={value}
              onChange={(e) => onChange(e.target.value.toLowerCase())}
              aria-invalid={error ? true : undefined}
              className="h-9 w-14 cursor-pointer border border-ink/70 bg-paper p-0.5"
            />
            <code className="font-mono text-sm text-ink-soft">{value}</code>
          </span>
        )}
      </div>
      {value === null && <p className="mt-1 font-sans text-xs text-muted">Kategorins färger används.</p>}
      {error && <p className="mt-1.5 font-sans text-sm font-semibold text-wine">{error}</p>}
    </div>
  );
}
