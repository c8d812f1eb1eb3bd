import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { currentSwedishYear, type AdminWine } from '../../../../api/contract/admin-wines';
import {
  APPROVAL_STATUS_LABELS,
  FOOD_PAIRINGS,
  OCCASIONS,
  TASTE_SCALES,
  WINE_CATEGORIES,
  WINE_CATEGORY_LABELS,
  foodPairingLabel,
  occasionLabel,
  type WineCategory,
} from '../../../../api/contract/constants';
import type { ApprovalStatus } from '../../../../api/contract/enums';
import { setServerFieldErrors } from '../../../lib/forms';
import { focusFirstError } from '../components/form-focus';
import { WineImage } from '../../../components/wine/wine-image';
import { Dialog } from '../../../components/ui/dialog';
import { ImageUploadField } from '../components/image-upload-field';
import { useCreateWine, useUpdateWine } from './api';
import { Checkbox, CheckboxGroup, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { emptyWineForm, wineBodyFrom, wineFormFrom, wineFormSchema, type WineFormValues } from './wine-form';
import { NOT_GIVEN } from './wine-labels';

/** The fields in the order the form shows them: the first one with a message gets the focus. */
const FIELD_ORDER: (keyof WineFormValues)[] = [
  'name',
  'description',
  'price',
  'rating',
  'vintage',
  'alcoholContent',
  'country',
  'region',
  'grapeVariety',
  'systembolagetUrl',
  'categories',
  'imageUrl',
  ...TASTE_SCALES.map((s) => s.key),
  'foodPairings',
  'occasions',
  'approvalStatus',
  'isGranskadVinpressen',
];

const SCALE_OPTIONS = [{ value: '', label: NOT_GIVEN }, ...['1', '2', '3', '4', '5'].map((v) => ({ value: v, label: v }))];
const FORM_STATUSES: ApprovalStatus[] = ['pending', 'approved', 'rejected'];

/** Known values first (with their Swedish labels), then values only this wine has (imported ones), shown raw. */
function optionsWithExtras(known: readonly string[], label: (v: string) => string, initial: readonly string[]) {
  const extras = initial.filter((v) => !known.includes(v));
  return [...known, ...extras].map((value) => ({ value, label: label(value) }));
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-rule pt-4">
      <h3 className="mb-3 font-sans text-xs font-bold tracking-[0.18em] text-ink-soft uppercase">{title}</h3>
      {children}
    </section>
  );
}

/**
 * The admin wine form in a wide dialog (spec 001 §2 'Wines tab', §3, §5 'Admin wine form'): 'Lägg till vin'
 * for a new wine (`wine` null: rating 4, vintage this year, approved) or 'Redigera vin'. Fields: name,
 * description and price (free text such as '299 kr') required; rating 1–5; categories (marked required, not
 * enforced); vintage 1900–this year; region, country, grape; alcohol (empty → null); Systembolaget link;
 * image upload (stored as /api/images/{id}); five taste scales 1–5 or 'Ej angivet'; food pairings and
 * occasions; status Väntar/Godkänd/Avvisad; 'Granskad av Vinpressen'. Checked with the server's schema first,
 * then the server's 400 details go on the fields too. Saved: toast 'Vin tillagt' / 'Vin uppdaterat' and
 * the dialog closes; failed: 'Fel' / 'Något gick fel. Försök igen.' (spec 001 §8). Mount it while open.
 */
export function WineFormDialog({ wine, onClose }: { wine: AdminWine | null; onClose: () => void }) {
  const mode = wine ? 'edit' : 'create';
  const formId = useId();
  const [initial] = useState<WineFormValues>(() => (wine ? wineFormFrom(wine) : emptyWineForm()));
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<WineFormValues, unknown, WineFormValues>({
    // raw: the body goes out as typed ('299 kr'); the server parses it with the same schema.
    resolver: zodResolver(wineFormSchema(mode), undefined, { raw: true }),
    defaultValues: initial,
    // The first field with a message, in the order the form shows them (checkbox groups included), gets the focus.
    shouldFocusError: false,
  });
  const [uploading, setUploading] = useState(false);
  const create = useCreateWine();
  const update = useUpdateWine();
  const saving = create.isPending || update.isPending;
  const fieldId = (field: string) => `${formId}-${field}`;
  const year = currentSwedishYear();
  const message = (field: keyof WineFormValues) => errors[field]?.message;

  const onSubmit = handleSubmit(
    (values) => {
      if (saving || uploading) return;
      const body = wineBodyFrom(values);
      const callbacks = {
        onSuccess: onClose,
        onError: (err: unknown) => {
          const [first] = setServerFieldErrors(err, setError, FIELD_ORDER);
          if (first) document.getElementById(fieldId(first))?.focus();
        },
      };
      if (wine) update.mutate({ id: wine.id, body }, callbacks);
      else create.mutate(body, callbacks);
    },
    (problems: FieldErrors<WineFormValues>) => focusFirstError(problems, FIELD_ORDER, fieldId),
  );

  const watchedName = watch('name');
  const statusOptions = (initial.approvalStatus === 'draft' ? [...FORM_STATUSES, 'draft' as const] : FORM_STATUSES).map((s) => ({
    value: s,
    label: APPROVAL_STATUS_LABELS[s],
  }));

  return (
    <Dialog open onClose={onClose} title={wine ? 'Redigera vin' : 'Lägg till vin'} wide>
      <form noValidate onSubmit={onSubmit} aria-label={wine ? `Redigera ${wine.name}` : 'Nytt vin'} className="space-y-6">
        <p className="font-sans text-sm text-ink-soft">
          Fält markerade med <span className="text-wine">*</span> är obligatoriska.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <TextField
              variant="admin"
              id={fieldId('name')}
              label="Namn"
              required
              {...register('name')}
              error={message('name')}
              maxLength={200}
              autoComplete="off"
              data-autofocus
            />
          </div>
          <div className="sm:col-span-2">
            <TextAreaField
              variant="admin"
              id={fieldId('description')}
              label="Beskrivning"
              required
              rows={4}
              {...register('description')}
              error={message('description')}
            />
          </div>
          <TextField
            variant="admin"
            id={fieldId('price')}
            label="Pris"
            required
            inputMode="decimal"
            {...register('price')}
            error={message('price')}
            hint="I kronor, t.ex. 299 kr eller 129,50 kr."
            autoComplete="off"
          />
          <TextField
            variant="admin"
            id={fieldId('rating')}
            label="Betyg"
            inputMode="decimal"
            {...register('rating')}
            error={message('rating')}
            hint="Vinets eget betyg, 1–5 glas (tomt = inget). Visas inte publikt: Folkets betyg kommer bara från medlemmarnas recensioner."
            autoComplete="off"
          />
          <TextField
            variant="admin"
            id={fieldId('vintage')}
            label="Årgång"
            inputMode="numeric"
            {...register('vintage')}
            error={message('vintage')}
            hint={`1900–${year}. Tomt = utan årgång.`}
            autoComplete="off"
          />
          <TextField
            variant="admin"
            id={fieldId('alcoholContent')}
            label="Alkoholhalt (%)"
            inputMode="decimal"
            {...register('alcoholContent')}
            error={message('alcoholContent')}
            hint="T.ex. 13,5. Valfritt."
            autoComplete="off"
          />
          <TextField variant="admin" id={fieldId('country')} label="Land" {...register('country')} error={message('country')} autoComplete="off" />
          <TextField variant="admin" id={fieldId('region')} label="Region" {...register('region')} error={message('region')} autoComplete="off" />
          <TextField
            variant="admin"
            id={fieldId('grapeVariety')}
            label="Druva"
            {...register('grapeVariety')}
            error={message('grapeVariety')}
            autoComplete="off"
          />
          <TextField
            variant="admin"
            id={fieldId('systembolagetUrl')}
            label="Länk till Systembolaget"
            type="url"
            inputMode="url"
            placeholder="https://www.systembolaget.se/…"
            {...register('systembolagetUrl')}
            error={message('systembolagetUrl')}
            autoComplete="off"
          />
        </div>

        <FormSection title="Kategorier och bild">
          <div className="space-y-5">
            <Controller
              control={control}
              name="categories"
              render={({ field }) => (
                <CheckboxGroup
                  id={fieldId('categories')}
                  legend="Kategorier"
                  required
                  options={WINE_CATEGORIES.map((c) => ({ value: c, label: WINE_CATEGORY_LABELS[c] }))}
                  selected={field.value}
                  onSelectedChange={(v) => field.onChange(v as WineCategory[])}
                  error={message('categories')}
                />
              )}
            />
            <Controller
              control={control}
              name="imageUrl"
              render={({ field }) => (
                <ImageUploadField
                  id={fieldId('imageUrl')}
                  value={field.value}
                  onChange={field.onChange}
                  className="grid grid-cols-[6rem_1fr] items-start gap-4 sm:grid-cols-[7.5rem_1fr]"
                  preview={
                    // The stored image, or the illustration the site falls back to (picked by the wine's id).
                    <div className="border border-rule bg-white/60 p-2">
                      <WineImage
                        wine={{ id: wine?.id ?? formId, name: watchedName || 'Nytt vin', imageUrl: field.value }}
                        alt={field.value ? 'Förhandsvisning av bilden' : 'Ingen bild: sidan visar en illustration'}
                        className="h-auto w-full"
                        loading="eager"
                      />
                    </div>
                  }
                  error={message('imageUrl')}
                  onBusyChange={setUploading}
                />
              )}
            />
          </div>
        </FormSection>

        {/* The selects' defaultValue marks their starting option, so react-hook-form never takes one for edited before
            it is ready (happy-dom, where the component tests run, knows no option.defaultSelected otherwise). */}
        <FormSection title="Smakprofil">
          <div className="grid grid-cols-2 gap-4 sm:grid-cols-5">
            {TASTE_SCALES.map((s) => (
              <SelectField
                variant="admin"
                key={s.key}
                id={fieldId(s.key)}
                label={s.label}
                defaultValue={initial[s.key]}
                {...register(s.key)}
                options={SCALE_OPTIONS}
                error={message(s.key)}
              />
            ))}
          </div>
        </FormSection>

        <FormSection title="Passar till">
          <div className="space-y-5">
            <Controller
              control={control}
              name="foodPairings"
              render={({ field }) => (
                <CheckboxGroup
                  id={fieldId('foodPairings')}
                  legend="Mat"
                  options={optionsWithExtras(FOOD_PAIRINGS, foodPairingLabel, initial.foodPairings)}
                  selected={field.value}
                  onSelectedChange={field.onChange}
                  error={message('foodPairings')}
                />
              )}
            />
            <Controller
              control={control}
              name="occasions"
              render={({ field }) => (
                <CheckboxGroup
                  id={fieldId('occasions')}
                  legend="Tillfällen"
                  options={optionsWithExtras(OCCASIONS, occasionLabel, initial.occasions)}
                  selected={field.value}
                  onSelectedChange={field.onChange}
                  error={message('occasions')}
                />
              )}
            />
          </div>
        </FormSection>

        <FormSection title="Publicering">
          <div className="grid items-end gap-4 sm:grid-cols-2">
            <SelectField
              variant="admin"
              id={fieldId('approvalStatus')}
              label="Status"
              defaultValue={initial.approvalStatus}
              {...register('approvalStatus')}
              options={statusOptions}
              error={message('approvalStatus')}
              hint="Bara godkända viner syns på sajten."
            />
            <div className="pb-1">
              <Checkbox id={fieldId('isGranskadVinpressen')} label="Granskad av Vinpressen" {...register('isGranskadVinpressen')} />
            </div>
          </div>
        </FormSection>

        <div className="flex flex-col-reverse gap-3 border-t border-ink pt-4 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={onClose}>
            Avbryt
          </button>
          <button type="submit" className="btn-primary" disabled={saving || uploading}>
            {saving ? 'Sparar…' : wine ? 'Spara ändringar' : 'Lägg till vin'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
