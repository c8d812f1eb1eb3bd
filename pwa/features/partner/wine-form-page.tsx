import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { FOOD_PAIRING_LABELS, LIMITS, OCCASION_LABELS, TASTE_SCALES, type TasteKey } from '../../../api/contract/constants';
import { PartnerWineInput, type PartnerCurrent } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M, showsTanninsSlider, TASTE_SLIDER_DEFAULT } from '../../../api/contract/partner-rules';
import { db, type Draft, type DraftValues } from '../../lib/db';
import { diffValues, saveDraft, StorageFullError } from './outbox/outbox';
import { requestOutboxPush } from './outbox/runtime';
import { LoadingBlock } from '../../components/ui/states';
import { CheckboxGroup, FieldError, labelClass, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { useDeviceDraft } from './device-wines';
import { WineLoadFailed } from './wine-load-failed';
import { BackToPortal, Notice, PartnerPage, RequirePartner } from './partner-ui';
import {
  emptyWineForm,
  firstErrorField,
  inputWineErrors,
  missingRequired,
  wineBody,
  wineFormFrom,
  type WineFormErrors,
  type WineFormField,
  type WineFormValues,
} from './wine-form';

const PAIRING_OPTIONS = Object.entries(FOOD_PAIRING_LABELS).map(([value, label]) => ({ value, label }));
const OCCASION_OPTIONS = Object.entries(OCCASION_LABELS).map(([value, label]) => ({ value, label }));
const RATING_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} av 5` }));

/** The id of a field's input, so that the first field with a problem can be focused. */
const fieldId = (field: WineFormField) => `wine-${field}`;

/**
 * /partner/wines/new and /partner/wines/edit/{id} (spec 001 §2 'Wine form', §5, §8): edit mode when the path has
 * '/edit/'. Sections Grundinformation and Smakprofil; name, description and price required ('Obligatoriska fält
 * saknas' / 'Fyll i vinnamn, beskrivning och pris.'); the server's field messages shown on the fields; a failed
 * save 'Fel' with its message. Avbryt goes back to /partner, a successful save there too, with the list refreshed.
 * A wine that left draft is not editable; one that cannot be read shows 'Kunde inte ladda vin'.
 */
export function WineFormPage() {
  const { pathname } = useLocation();
  const { id } = useParams();
  const editId = pathname.includes('/edit/') ? id : undefined;

  useEffect(() => {
    document.title = `${editId ? 'Redigera vin' : 'Nytt vin'} – Partnerportal – Vinpressen`;
  }, [editId]);

  return (
    <RequirePartner>
      {(current) => (editId ? <EditWine current={current} id={editId} /> : <WineForm current={current} initial={emptyWineForm()} />)}
    </RequirePartner>
  );
}

function EditWine({ current, id }: { current: PartnerCurrent; id: string }) {
  const { draft, refresh } = useDeviceDraft(current.user.id, id);
  if (draft === undefined) {
    return (
      <PartnerPage current={current}>
        <LoadingBlock label="Hämtar vinet…" />
      </PartnerPage>
    );
  }
  if (draft === null) {
    return (
      <PartnerPage current={current}>
        <WineLoadFailed error={refresh.error} missing={refresh.isSuccess} onRetry={() => void refresh.refetch()} />
      </PartnerPage>
    );
  }
  if (draft.approvalStatus !== 'draft') {
    return (
      <PartnerPage current={current}>
        <BackToPortal />
        <h1 className="mt-3 text-3xl font-black break-words sm:text-4xl">{draft.values.name}</h1>
        <div className="mt-6 max-w-2xl">
          <Notice tone="info" role="status">
            {M.notEditable}
          </Notice>
        </div>
      </PartnerPage>
    );
  }
  return <WineForm current={current} draft={draft} initial={wineFormFrom(draft.values)} />;
}

/** What the device-full toast says: nothing was saved, and nothing typed is lost (README 'Offline drafts'). */
const STORAGE_FULL = {
  title: 'Enheten är full',
  description: 'Vinet kunde inte sparas på enheten. Frigör utrymme och tryck på Spara igen – det du skrivit finns kvar i formuläret.',
};

/**
 * The form. Saving checks the fields with the server's own schema, then stores the draft and its queued change on
 * the device in one transaction and asks the outbox to send it: online it reaches Vinpressen at once,
 * offline when the connection is back. Only the fields changed in this form are written over the device's copy, so a
 * change that arrived from the server while the form was open is kept.
 */
function WineForm({ current, draft, initial }: { current: PartnerCurrent; draft?: Draft; initial: WineFormValues }) {
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<WineFormErrors>({});
  const [saving, setSaving] = useState(false);
  // A new wine gets its id on the device, so saving it twice (or a replayed upload) is one wine (README 'Offline drafts').
  const [id] = useState(() => draft?.id ?? crypto.randomUUID());
  const [startValues] = useState(() => draft?.values);
  const editing = Boolean(draft);
  const tannins = showsTanninsSlider(values.grapeVariety);

  function set<K extends keyof WineFormValues>(key: K, value: WineFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key as WineFormField]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function setTaste(key: TasteKey, value: number | null) {
    setValues((v) => ({ ...v, taste: { ...v.taste, [key]: value } }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function focusFirst(problems: WineFormErrors) {
    const first = firstErrorField(problems);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (saving) return;
    const missing = missingRequired(values);
    if (Object.keys(missing).length > 0) {
      setErrors(missing);
      focusFirst(missing);
      toast.error(M.requiredMissingTitle, { id: 'wine-required', description: M.requiredMissing });
      return;
    }
    const parsed = PartnerWineInput.safeParse(wineBody(values));
    if (!parsed.success) {
      const problems = inputWineErrors(parsed.error);
      setErrors(problems);
      focusFirst(problems);
      toast.error(M.saveFailedTitle, { id: 'wine-save-failed', description: 'Rätta de markerade fälten och spara igen.' });
      return;
    }
    setSaving(true);
    try {
      const typed: DraftValues = parsed.data;
      const latest = editing ? await db.drafts.get(id) : undefined;
      const next = latest ? { ...latest.values, ...diffValues(startValues, typed) } : typed;
      await saveDraft(current.user.id, id, next);
      requestOutboxPush();
      if (navigator.onLine) toast.success(editing ? 'Vin uppdaterat' : 'Vin tillagt', { id: 'wine-saved' });
      else toast.success('Sparat på enheten', { id: 'wine-saved', description: 'Vinet skickas till Vinpressen när du är online igen.' });
      navigate('/partner?tab=mina-viner');
    } catch (err) {
      if (err instanceof StorageFullError)
        toast.error(STORAGE_FULL.title, { id: 'wine-save-failed', description: STORAGE_FULL.description, duration: Infinity });
      else toast.error(M.saveFailedTitle, { id: 'wine-save-failed', description: err instanceof Error ? err.message : M.saveFailed });
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Exclude<WineFormField, TasteKey | 'foodPairings' | 'occasions'>) => ({
    id: fieldId(name),
    value: values[name],
    onValueChange: (v: string) => set(name, v),
    error: errors[name],
  });

  return (
    <PartnerPage current={current}>
      <BackToPortal />
      <h1 className="mt-3 text-3xl font-black break-words sm:text-4xl">{editing ? 'Redigera vin' : 'Lägg till vin'}</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Vinet sparas som utkast. Du kan ändra det tills du skickar in det för granskning. Fält markerade med <span className="text-wine">*</span>{' '}
        krävs.
      </p>

      <form className="mt-8 grid gap-10" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <Section title="Grundinformation">
          <div className="grid gap-5 md:grid-cols-2">
            <div className="md:col-span-2">
              <TextField variant="admin" label="Vinnamn" required autoComplete="off" {...field('name')} />
            </div>
            <div className="md:col-span-2">
              <TextAreaField variant="admin" label="Beskrivning" required rows={5} {...field('description')} />
            </div>
            <TextField variant="admin" label="Pris (kr)" required type="number" inputMode="decimal" min={0} step={0.01} {...field('price')} />
            <SelectField variant="admin" label="Betyg" options={RATING_OPTIONS} {...field('rating')} />
            <TextField
              variant="admin"
              label="Årgång"
              type="number"
              inputMode="numeric"
              min={LIMITS.vintageMin}
              max={new Date().getFullYear()}
              step={1}
              {...field('vintage')}
            />
            <TextField
              variant="admin"
              label="Alkoholhalt (%)"
              type="number"
              inputMode="decimal"
              min={0}
              max={100}
              step={0.1}
              {...field('alcoholContent')}
            />
            <TextField variant="admin" label="Land" {...field('country')} />
            <TextField variant="admin" label="Region" {...field('region')} />
            <TextField variant="admin" label="Druvsort" hint="Till exempel Cabernet Sauvignon eller Chardonnay." {...field('grapeVariety')} />
            <TextField
              variant="admin"
              label="Länk till Systembolaget"
              type="url"
              inputMode="url"
              placeholder="https://www.systembolaget.se/…"
              {...field('systembolagetUrl')}
            />
            <div className="md:col-span-2">
              <TextField variant="admin" label="Bildadress (URL)" type="url" inputMode="url" placeholder="https://…" {...field('imageUrl')} />
            </div>
          </div>
        </Section>

        <Section title="Smakprofil">
          <p className="-mt-2 mb-5 font-sans text-sm text-ink-soft">
            Skalorna går från 1 till 5. En skala du inte rör sparas som ”Ej angivet”.
            {!tannins && ' Strävhet visas för röda druvor (red, cabernet eller merlot i druvsorten).'}
          </p>
          <div className="grid gap-x-8 gap-y-6 md:grid-cols-2">
            {TASTE_SCALES.filter((s) => s.key !== 'tannins' || tannins).map((scale) => (
              <TasteSlider
                key={scale.key}
                id={fieldId(scale.key)}
                label={scale.label}
                value={values.taste[scale.key]}
                onChange={(v) => setTaste(scale.key, v)}
                error={errors[scale.key]}
              />
            ))}
          </div>
          <div className="mt-8 grid gap-6">
            <CheckboxGroup
              id={fieldId('foodPairings')}
              legend="Passar till"
              options={PAIRING_OPTIONS}
              selected={values.foodPairings}
              onSelectedChange={(v) => set('foodPairings', v)}
              error={errors.foodPairings}
            />
            <CheckboxGroup
              id={fieldId('occasions')}
              legend="Tillfällen"
              options={OCCASION_OPTIONS}
              selected={values.occasions}
              onSelectedChange={(v) => set('occasions', v)}
              error={errors.occasions}
              columns="sm:grid-cols-4"
            />
          </div>
        </Section>

        <div className="flex flex-wrap justify-end gap-3 border-t border-ink pt-5">
          <Link to="/partner" className="btn-outline py-3">
            Avbryt
          </Link>
          <button type="submit" className="btn-primary py-3" disabled={saving}>
            {saving ? 'Sparar…' : editing ? 'Uppdatera vin' : 'Spara som utkast'}
          </button>
        </div>
      </form>
    </PartnerPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-rule mb-5 py-2 font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A 1–5 taste scale as a range input (step 1). Null ('Ej angivet') shows the thumb at 3 (spec 001 §9) until the
 * partner presses or moves it, or presses 'Ange' (which keeps 3: a value that is already shown cannot be chosen by
 * moving to it); 'Rensa' makes it null again.
 */
function TasteSlider({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  error?: string;
}) {
  const shown = value ?? TASTE_SLIDER_DEFAULT;
  const valueText = value === null ? 'Ej angivet' : `${value} av 5`;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className={labelClass}>
          {label}
        </label>
        <span className={`font-sans text-sm ${value === null ? 'text-muted italic' : 'font-semibold text-ink'}`} aria-hidden="true">
          {valueText}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={1}
        max={5}
        step={1}
        value={shown}
        aria-valuetext={valueText}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // Pressing the thumb where it stands counts as choosing that value.
        onPointerDown={() => value === null && onChange(shown)}
        onChange={(e) => onChange(Number(e.target.value))}
        className={`mt-2 block w-full accent-wine ${value === null ? 'opacity-60' : ''}`}
      />
      <div aria-hidden="true" className="mt-1 flex justify-between px-0.5 font-sans text-xs text-muted">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n}>{n}</span>
        ))}
      </div>
      <div className="mt-1 min-h-9">
        {/* Pressing 'Ange' chooses the value the slider shows (3) without moving it; 'Rensa' makes it unstated again. */}
        <button
          type="button"
          onClick={() => onChange(value === null ? shown : null)}
          className="min-h-9 font-sans text-xs font-semibold text-wine underline underline-offset-2"
          aria-label={`${value === null ? 'Ange' : 'Rensa'} ${label.toLowerCase()}`}
        >
          {value === null ? 'Ange' : 'Rensa'}
        </button>
      </div>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
