import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { FOOD_PAIRING_LABELS, LIMITS, OCCASION_LABELS, TASTE_SCALES } from '../../../api/contract/constants';
import type { PartnerCurrent } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M, showsTanninsSlider, TASTE_SLIDER_DEFAULT } from '../../../api/contract/partner-rules';
import { db, type Draft, type DraftValues } from '../../lib/db';
import { diffValues, saveDraft, StorageFullError } from './outbox/outbox';
import { requestOutboxPush } from './outbox/runtime';
import { LoadingBlock } from '../../components/ui/states';
import { CheckboxGroup, FieldError, labelClass, SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { useDeviceDraft } from './device-wines';
import { WineLoadFailed } from './wine-load-failed';
import { WinePhotoPicker } from './wine-photo';
import { BackToPortal, Notice, PartnerPage, RequirePartner } from './partner-ui';
import { emptyWineForm, missesRequired, wineFormFrom, WineFormSchema, type CopiedState, type WineFormValues } from './wine-form';

const PAIRING_OPTIONS = Object.entries(FOOD_PAIRING_LABELS).map(([value, label]) => ({ value, label }));
const OCCASION_OPTIONS = Object.entries(OCCASION_LABELS).map(([value, label]) => ({ value, label }));
const RATING_OPTIONS = [5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n} av 5` }));

/** The id of a field's input (stable, for the labels and the error ids). */
const fieldId = (field: string) => `wine-${field}`;

/**
 * /partner/wines/new and /partner/wines/edit/{id} (spec 001 §2 'Wine form', §5, §8): edit mode when the path has
 * '/edit/'. Sections Grundinformation and Smakprofil; name, description and price required ('Obligatoriska fält
 * saknas' / 'Fyll i vinnamn, beskrivning och pris.'); the server's field messages shown on the fields; a failed
 * save 'Fel' with its message. Avbryt goes back to /partner, a successful save there too, with the list refreshed.
 * A wine that left draft is not editable; one that cannot be read shows 'Kunde inte ladda vin'. A rejected wine opened
 * again (a draft with its rejection reason) shows the reason above the form until it is sent in again; a copy just
 * made says it is one.
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
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting: saving },
  } = useForm<WineFormValues, unknown, z.output<typeof WineFormSchema>>({ resolver: zodResolver(WineFormSchema), defaultValues: initial });
  // A new wine gets its id on the device, so saving it twice (or a replayed upload) is one wine (README 'Offline drafts').
  const [id] = useState(() => draft?.id ?? crypto.randomUUID());
  const [startValues] = useState(() => draft?.values);
  const editing = Boolean(draft);
  const copiedFrom = (useLocation().state as CopiedState | null)?.copiedFrom;
  const tannins = showsTanninsSlider(watch('grapeVariety'));

  const onSubmit = handleSubmit(
    async (typed: DraftValues) => {
      try {
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
      }
    },
    (problems) => {
      if (missesRequired(problems)) toast.error(M.requiredMissingTitle, { id: 'wine-required', description: M.requiredMissing });
      else toast.error(M.saveFailedTitle, { id: 'wine-save-failed', description: 'Rätta de markerade fälten och spara igen.' });
    },
  );

  type TextName = Exclude<keyof WineFormValues, 'taste' | 'foodPairings' | 'occasions'>;
  const field = (name: TextName) => ({ id: fieldId(name), ...register(name), error: errors[name]?.message });

  return (
    <PartnerPage current={current}>
      <BackToPortal />
      <h1 className="mt-3 text-3xl font-black break-words sm:text-4xl">{editing ? 'Redigera vin' : 'Lägg till vin'}</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        Vinet sparas som utkast. Du kan ändra det tills du skickar in det för granskning. Fält markerade med <span className="text-wine">*</span>{' '}
        krävs.
      </p>
      {copiedFrom && (
        <div className="mt-6 max-w-2xl">
          <Notice tone="info" role="status">
            Det här är en kopia av ”{copiedFrom}”, sparad som ett nytt utkast. Ändra det som skiljer, till exempel årgången, och spara.
          </Notice>
        </div>
      )}
      {draft?.server?.rejectionReason && (
        <div className="mt-6 max-w-2xl">
          <Notice tone="bad">
            <p className="font-semibold">Vinpressen avvisade vinet. Anledning:</p>
            <p className="mt-1 whitespace-pre-wrap">{draft.server.rejectionReason}</p>
            <p className="mt-2">Ändra vinet, spara och skicka sedan in det igen.</p>
          </Notice>
        </div>
      )}

      <form className="mt-8 grid gap-10" onSubmit={(e) => (saving ? e.preventDefault() : void onSubmit(e))} noValidate>
        <Section title="Grundinformation">
          <div className="grid gap-5 md:grid-cols-2">
            <div className="md:col-span-2">
              <TextField variant="admin" label="Vinnamn" required autoComplete="off" {...field('name')} />
            </div>
            <div className="md:col-span-2">
              <TextAreaField variant="admin" label="Beskrivning" required rows={5} {...field('description')} />
            </div>
            <TextField variant="admin" label="Pris (kr)" required type="number" inputMode="decimal" min={0} step={0.01} {...field('price')} />
            {/* defaultValue marks the starting option, so react-hook-form never takes the select for edited before it is
                ready (happy-dom, where the component tests run, knows no option.defaultSelected otherwise). */}
            <SelectField variant="admin" label="Betyg" options={RATING_OPTIONS} defaultValue={initial.rating} {...field('rating')} />
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
              <div className="mt-2">
                <WinePhotoPicker
                  value={watch('imageUrl')}
                  onUploaded={(url) => setValue('imageUrl', url, { shouldDirty: true, shouldValidate: true })}
                />
              </div>
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
              <Controller
                key={scale.key}
                control={control}
                name={`taste.${scale.key}`}
                render={({ field: f, fieldState }) => (
                  <TasteSlider
                    id={fieldId(scale.key)}
                    label={scale.label}
                    value={f.value}
                    onChange={f.onChange}
                    error={fieldState.error?.message}
                    inputRef={f.ref}
                  />
                )}
              />
            ))}
          </div>
          <div className="mt-8 grid gap-6">
            <Controller
              control={control}
              name="foodPairings"
              render={({ field: f, fieldState }) => (
                <CheckboxGroup
                  ref={f.ref}
                  id={fieldId('foodPairings')}
                  legend="Passar till"
                  options={PAIRING_OPTIONS}
                  selected={f.value}
                  onSelectedChange={f.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="occasions"
              render={({ field: f, fieldState }) => (
                <CheckboxGroup
                  ref={f.ref}
                  id={fieldId('occasions')}
                  legend="Tillfällen"
                  options={OCCASION_OPTIONS}
                  selected={f.value}
                  onSelectedChange={f.onChange}
                  error={fieldState.error?.message}
                  columns="sm:grid-cols-4"
                />
              )}
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
  inputRef,
}: {
  id: string;
  label: string;
  value: number | null;
  onChange: (v: number | null) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
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
        ref={inputRef}
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
