import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SiteSettingPut, isLogoSettingKey, type SiteSetting } from '../../../../api/contract/admin-content';
import { SITE_SETTINGS, settingHint, siteSettingDefinition } from '../../../../api/contract/site-settings';
import { setServerFieldErrors } from '../../../lib/forms';
import { fieldErrors } from '../api/admin-query';
import { Dialog, ConfirmDialog } from '../../../components/ui/dialog';
import { SectionHeading } from '../../../components/ui/blocks';
import { QueryState } from '../../../components/ui/states';
import { dangerButtonClass, smallButtonClass } from '../../../components/ui/classes';
import { useCreateSetting, useDeleteSetting, useSaveSetting, useSiteSettings } from './api';
import { isLongValue } from './format';
import { SettingField } from './setting-field';
import { useSettingForm } from './use-setting-form';
import { FormActions } from '../../../components/ui/form-actions';
import { SelectField } from '../../../components/ui/field';

/**
 * The settings sub-tab (spec 001 §2 'Content tab' settings): every site setting whose key does not contain
 * 'logo', one card each with key, description, a value field (with what it takes) and Spara; plus adding one of the
 * settings the site uses that is not stored yet (api/contract/site-settings.ts: e.g. the Folkets val thresholds) and
 * deleting one (with a confirmation; the site then uses its default).
 */
export function SettingsPanel() {
  const settings = useSiteSettings();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<SiteSetting | null>(null);
  const remove = useDeleteSetting();

  const list = (settings.data ?? []).filter((s) => !isLogoSettingKey(s.key));
  const stored = new Set((settings.data ?? []).map((s) => s.key));
  // Logos too: a deleted one comes back here, and shows under Logotyper.
  const addable = SITE_SETTINGS.filter((s) => !stored.has(s.key)).map((s) => s.key);

  function handleConfirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.key, { onSettled: () => setDeleting(null) });
  }

  return (
    <div>
      <SectionHeading
        actions={
          <button type="button" className="btn-primary" onClick={() => setAdding(true)} disabled={!settings.data || addable.length === 0}>
            Ny inställning
          </button>
        }
      >
        Inställningar
      </SectionHeading>
      <QueryState
        query={settings}
        loadingLabel="Laddar inställningar…"
        errorMessage="Inställningarna kunde inte laddas."
        isEmpty={() => list.length === 0}
        empty="Inga inställningar ännu."
      >
        {() => (
          <div className="grid items-start gap-4 lg:grid-cols-2">
            {list.map((setting) => (
              <SettingCard key={setting.key} setting={setting} onDelete={() => setDeleting(setting)} />
            ))}
          </div>
        )}
      </QueryState>

      {adding && addable.length > 0 && <NewSettingDialog keys={addable} onClose={() => setAdding(false)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Ta bort inställningen?"
        message={
          <>
            Är du säker på att du vill ta bort inställningen <strong className="font-mono text-ink">{deleting?.key}</strong>? Det som använder den
            använder då sitt standardvärde.
          </>
        }
        confirmLabel="Ta bort"
        busy={remove.isPending}
        onConfirm={handleConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

/** One setting: its key, description, value field and Spara (the server's message shows on the field). */
export function SettingCard({ setting, onDelete }: { setting: SiteSetting; onDelete: () => void }) {
  const headingId = useId();
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty: dirty },
  } = useSettingForm(setting.value);
  const save = useSaveSetting();
  // Decided once from the stored value, so the field does not change shape while the admin types.
  const [multiline] = useState(() => isLongValue(setting.value));
  const definition = siteSettingDefinition(setting.key);

  const onSubmit = handleSubmit(({ value }) =>
    save.mutate(
      { key: setting.key, value },
      {
        onSuccess: (saved) => reset({ value: saved.value }),
        onError: (err) => {
          const found = fieldErrors(err);
          const message = found.value ?? found.key;
          if (message) setError('value', { type: 'server', message }, { shouldFocus: true });
        },
      },
    ),
  );

  return (
    <article aria-labelledby={headingId} className="flex flex-col border border-rule bg-white/60 p-4">
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 font-mono text-sm font-bold break-all text-ink">
          {setting.key}
        </h3>
        <button type="button" className={dangerButtonClass} onClick={onDelete} aria-label={`Ta bort ${setting.key}`}>
          Ta bort
        </button>
      </div>
      <p id={descriptionId} className="mt-1 mb-3 font-sans text-sm text-ink-soft">
        {setting.description || 'Ingen beskrivning.'}
      </p>
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <SettingField
          label="Värde"
          context={`för ${setting.key}`}
          {...register('value')}
          multiline={multiline}
          describedBy={descriptionId}
          error={errors.value?.message}
          hint={definition && settingHint(definition)}
        />
        <div className="flex items-center justify-end gap-3">
          {dirty && <span className="font-sans text-xs text-muted">Ej sparad ändring</span>}
          <button type="submit" className={smallButtonClass} disabled={save.isPending || !dirty}>
            {save.isPending ? 'Sparar…' : 'Spara'}
          </button>
        </div>
      </form>
    </article>
  );
}

/** The new setting form's check: a value by SiteSettingPut's rules (the server checks it by the setting's kind). */
const newSettingSchema = SiteSettingPut.pick({ value: true }).extend({ key: z.string() });

/** The form of a new setting: one of the settings the site uses that is not stored yet (`keys`), and its value. */
function NewSettingDialog({ keys, onClose }: { keys: string[]; onClose: () => void }) {
  const create = useCreateSetting();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<{ key: string; value: string }>({
    // raw: the value goes out as typed (the server trims it).
    resolver: zodResolver(newSettingSchema, undefined, { raw: true }),
    defaultValues: { key: keys[0], value: siteSettingDefinition(keys[0]!)?.default ?? '' },
  });
  const definition = siteSettingDefinition(watch('key'));

  const onSubmit = handleSubmit(({ key, value }) =>
    create.mutate({ key, value }, { onSuccess: onClose, onError: (err) => setServerFieldErrors(err, setError, ['key', 'value']) }),
  );

  return (
    <Dialog open onClose={onClose} title="Ny inställning">
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <SelectField
          variant="admin"
          label="Inställning"
          {...register('key')}
          options={keys.map((key) => ({ value: key, label: key }))}
          error={errors.key?.message}
          hint={definition?.description}
        />
        <SettingField label="Värde" {...register('value')} error={errors.value?.message} hint={definition && settingHint(definition)} />
        <FormActions onCancel={onClose} submitLabel="Lägg till" pending={create.isPending} className="pt-2" />
      </form>
    </Dialog>
  );
}
