import { useId, useState, type ChangeEvent } from 'react';
import { IMAGE_CONTENT_TYPES } from '../../../../api/contract/admin-wines';
import { isLogoSettingKey, type SiteSetting } from '../../../../api/contract/admin-content';
import { setServerFieldErrors } from '../../../lib/forms';
import { SectionHeading } from '../../../components/ui/blocks';
import { QueryState } from '../../../components/ui/states';
import { smallButtonClass } from '../../../components/ui/classes';
import { useSaveSetting, useSiteSettings, useUploadLogo } from './api';
import { SettingField } from './setting-field';
import { useSettingForm } from './use-setting-form';

/**
 * The logos sub-tab (spec 001 §2 'Content tab' logos): every setting whose key contains 'logo', with a
 * preview, its image address and 'Ladda upp ny logotyp', which uploads the file (POST /api/admin/images) and
 * stores the answered /api/images/… address in the setting. The original's button did nothing
 * (architecture: 'Where the spec shows a defect'); data: URLs are not taken.
 */
export function LogosPanel() {
  const settings = useSiteSettings();
  const logos = (settings.data ?? []).filter((s) => isLogoSettingKey(s.key));

  return (
    <div>
      <SectionHeading>Logotyper</SectionHeading>
      <QueryState
        query={settings}
        loadingLabel="Laddar logotyper…"
        errorMessage="Logotyperna kunde inte laddas."
        isEmpty={() => logos.length === 0}
        empty="Inga logotyper ännu. Lägg till en inställning vars nyckel innehåller ”logo”."
      >
        {() => (
          <div className="grid items-start gap-4 lg:grid-cols-2">
            {logos.map((logo) => (
              <LogoCard key={logo.key} setting={logo} />
            ))}
          </div>
        )}
      </QueryState>
    </div>
  );
}

const ACCEPT = IMAGE_CONTENT_TYPES.join(',');

/** One logo: the stored image, its address (Spara) and the upload. */
function LogoCard({ setting }: { setting: SiteSetting }) {
  const headingId = useId();
  const descriptionId = useId();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    formState: { errors, isDirty: dirty },
  } = useSettingForm(setting.value);
  const save = useSaveSetting('Logotypen sparad');
  const upload = useUploadLogo();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  const onSubmit = handleSubmit(({ value }) =>
    save.mutate(
      { key: setting.key, value: value.trim() },
      { onSuccess: (saved) => reset({ value: saved.value }), onError: (err) => setServerFieldErrors(err, setError, ['value']) },
    ),
  );

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again uploads it again.
    input.value = '';
    if (!file) return;
    clearErrors('value');
    upload.mutate({ key: setting.key, file }, { onSuccess: (saved) => reset({ value: saved.value }) });
  }

  const busy = save.isPending || upload.isPending;

  return (
    <article aria-labelledby={headingId} className="flex flex-col border border-rule bg-white/60 p-4">
      <h3 id={headingId} className="font-mono text-sm font-bold break-all text-ink">
        {setting.key}
      </h3>
      <p id={descriptionId} className="mt-1 mb-3 font-sans text-sm text-ink-soft">
        {setting.description || 'Ingen beskrivning.'}
      </p>
      <div className="mb-4 flex h-32 items-center justify-center border border-dashed border-rule bg-paper p-3">
        {setting.value && failedSrc !== setting.value ? (
          <img
            src={setting.value}
            alt={`Nuvarande logotyp (${setting.key})`}
            className="h-full w-full object-contain"
            onError={() => setFailedSrc(setting.value)}
          />
        ) : (
          <p className="font-sans text-sm text-muted">{setting.value ? 'Bilden kunde inte visas.' : 'Ingen logotyp vald.'}</p>
        )}
      </div>
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        <SettingField
          label="Bildadress"
          context={`för ${setting.key}`}
          type="url"
          {...register('value')}
          describedBy={descriptionId}
          error={errors.value?.message}
          hint="En adress som börjar med https://, eller ladda upp en bild (JPEG, PNG, WebP, GIF eller AVIF, högst 5 MB)."
        />
        <div className="flex flex-wrap items-center justify-end gap-3">
          {/* The file input sits inside its label: keyboard users tab to it and press space, mouse users click the label. */}
          <label
            className={`${smallButtonClass} cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-wine ${
              busy ? 'pointer-events-none opacity-50' : ''
            }`}
          >
            {upload.isPending ? 'Laddar upp…' : 'Ladda upp ny logotyp'}
            <input type="file" accept={ACCEPT} className="sr-only" onChange={handleFile} disabled={busy} />
          </label>
          <button type="submit" className={smallButtonClass} disabled={busy || !dirty}>
            {save.isPending ? 'Sparar…' : 'Spara'}
          </button>
        </div>
      </form>
    </article>
  );
}
