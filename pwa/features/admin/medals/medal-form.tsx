import { useId, useState, type FormEvent } from 'react';
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
import { fieldErrors } from '../api/admin-query';
import { inputClass } from '../../../components/ui/classes';
import { medalPreviewUrl, useCreateMedalDesign, useUpdateMedalDesign } from './api';

/** The colours a custom colour starts from: the site's wine red and gold. */
const DEFAULT_PRIMARY = '#7b1e2b';
const DEFAULT_ACCENT = '#b8892b';

type Field = 'id' | 'name' | 'category' | 'primaryColor' | 'accentColor';

/** The first message per field of a failed zod parse (path 'name' → message). */
function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as Field;
    out[field] ??= issue.message;
  }
  return out;
}

/**
 * The create/edit form of a medal design (spec 001 §2 'Medaljhantering': id, name, category; plus the
 * contract's optional colours, which override the category's palette). The id is chosen only on create
 * (empty: made from the name); checked in the browser with the server's own schema, and the server's
 * field messages (e.g. 'Det finns redan en medalj med det id:t.') show on their fields.
 */
export function MedalForm({ design, onDone, onCancel }: { design: MedalDesign | null; onDone: () => void; onCancel: () => void }) {
  const [id, setId] = useState('');
  const [name, setName] = useState(design?.name ?? '');
  const [category, setCategory] = useState<MedalCategory>(design?.category ?? 'FYND');
  const [primary, setPrimary] = useState<string | null>(design?.primaryColor ?? null);
  const [accent, setAccent] = useState<string | null>(design?.accentColor ?? null);
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useCreateMedalDesign(onDone);
  const update = useUpdateMedalDesign(onDone);
  const mutation = design ? update : create;
  const serverErrors = fieldErrors(mutation.error) as Partial<Record<Field, string>>;
  const errors = { ...serverErrors, ...clientErrors };
  const categoryId = useId();
  const suggestedId = medalIdFromName(name);

  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    mutation.reset();
    if (design) {
      const parsed = MedalDesignUpdate.safeParse({ name, category, primaryColor: primary, accentColor: accent });
      if (!parsed.success) return setClientErrors(issuesByField(parsed.error.issues));
      setClientErrors({});
      update.mutate({ id: design.id, body: parsed.data });
    } else {
      const parsed = MedalDesignCreate.safeParse({
        ...(id.trim() ? { id } : {}),
        name,
        category,
        ...(primary ? { primaryColor: primary } : {}),
        ...(accent ? { accentColor: accent } : {}),
      });
      if (!parsed.success) return setClientErrors(issuesByField(parsed.error.issues));
      setClientErrors({});
      create.mutate(parsed.data);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5">
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
        value={name}
        onValueChange={setName}
        error={errors.name}
        hint={`Texten på medaljen, högst ${MEDAL_NAME_MAX} tecken.`}
        maxLength={MEDAL_NAME_MAX + 10}
        required
        autoComplete="off"
      />

      {!design && (
        <TextField
          label="Id"
          value={id}
          onValueChange={setId}
          error={errors.id}
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
          value={category}
          onChange={(e) => setCategory(e.target.value as MedalCategory)}
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
            {errors.category}
          </p>
        ) : (
          <p id={`${categoryId}-hint`} className="mt-1.5 font-sans text-sm text-muted">
            Vad medaljen står för; ger den också kategorins färger.
          </p>
        )}
      </div>

      <fieldset className="space-y-4">
        <legend className={labelClass}>Färger</legend>
        <ColorChoice
          label="Egen medaljfärg"
          colorLabel="Medaljfärg"
          value={primary}
          fallback={DEFAULT_PRIMARY}
          onChange={setPrimary}
          error={errors.primaryColor}
        />
        <ColorChoice
          label="Egen accentfärg (ringar och band)"
          colorLabel="Accentfärg"
          value={accent}
          fallback={DEFAULT_ACCENT}
          onChange={setAccent}
          error={errors.accentColor}
        />
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3 border-t border-rule pt-5">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Avbryt
        </button>
        <button type="submit" className="btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sparar…' : design ? 'Spara ändringar' : 'Skapa medalj'}
        </button>
      </div>
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
