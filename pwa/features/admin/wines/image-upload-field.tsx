import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ADMIN_WINE_MESSAGES, IMAGE_MAX_BYTES } from '../../../../api/contract/admin-wines';
import { isNetworkError } from '../../../lib/api-client';
import { labelClass } from '../../auth/form-fields';
import { WineImage } from '../../wines/components/wine-image';
import { errorText } from '../api/admin-query';
import { smallButtonClass } from '../components/admin-ui';
import { uploadImage } from '../api/upload-image';
import { FieldError, FieldHint } from './form-controls';

/** Shown when a chosen file is not an image at all (the server judges the exact type by the file's content). */
export const NOT_AN_IMAGE = 'Välj en bildfil (JPEG, PNG, WebP, GIF eller AVIF).';

/**
 * The wine form's image (spec 001 §3, §5: any image type; issue 4: stored through the images endpoint, never
 * as a data URL). Choosing a file uploads it at once to POST /api/admin/images and keeps the answered URL
 * (/api/images/{id}) as the value; the preview then shows that stored image. Without an image the preview
 * shows the illustration the site falls back to. `onBusyChange` tells the form while an upload runs.
 */
export function ImageUploadField({
  id: givenId,
  value,
  onChange,
  wine,
  error,
  onBusyChange,
}: {
  /** Goes on the 'Välj bild' button (where the form puts the focus for a message); the hidden file input, labelled 'Bild', gets `${id}-file`. */
  id?: string;
  value: string | null;
  onChange: (url: string | null) => void;
  /** The wine the picture belongs to: its id picks the fallback illustration, its name the alt text. */
  wine: { id: string; name: string };
  /** A message about imageUrl from the form's check or the server. */
  error?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const message = uploadError ?? error;

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again uploads it again.
    event.target.value = '';
    if (!file) return;
    if (file.type && !file.type.startsWith('image/')) return setUploadError(NOT_AN_IMAGE);
    if (file.size > IMAGE_MAX_BYTES) return setUploadError(ADMIN_WINE_MESSAGES.imageTooLarge);
    setUploadError(null);
    setUploading(true);
    onBusyChange?.(true);
    try {
      const image = await uploadImage(file);
      onChange(image.url);
    } catch (err) {
      setUploadError(
        isNetworkError(err) ? 'Ingen anslutning. Bilden laddades inte upp.' : errorText(err, 'Kunde inte ladda upp bilden. Försök igen.'),
      );
    } finally {
      setUploading(false);
      onBusyChange?.(false);
    }
  }

  function handleRemove() {
    setUploadError(null);
    onChange(null);
    chooseRef.current?.focus();
  }

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid grid-cols-[6rem_1fr] items-start gap-4 sm:grid-cols-[7.5rem_1fr]">
      <div className="border border-rule bg-white/60 p-2">
        <WineImage wine={{ id: wine.id, name: wine.name, imageUrl: value }} alt={value ? `Förhandsvisning av bilden` : 'Ingen bild: sidan visar en illustration'} className="h-auto w-full" loading="eager" />
      </div>
      <div>
        <label htmlFor={`${id}-file`} className={labelClass}>
          Bild
        </label>
        {/* The native picker speaks the browser's language ('Choose file'): it stays for the file chooser and
            tests, hidden, while the Swedish button below opens it. */}
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept="image/*"
          tabIndex={-1}
          onChange={(e) => void handleFile(e)}
          disabled={uploading}
          className="sr-only"
        />
        <div className="mt-1.5 flex flex-wrap gap-2">
          <button
            ref={chooseRef}
            id={id}
            type="button"
            className={smallButtonClass}
            onClick={() => inputRef.current?.click()}
            disabled={uploading}
            aria-describedby={message ? errorId : hintId}
          >
            {value ? 'Byt bild' : 'Välj bild'}
          </button>
          {value && (
            <button type="button" className={smallButtonClass} onClick={handleRemove} disabled={uploading}>
              Ta bort bilden
            </button>
          )}
        </div>
        <p role="status" className="mt-1.5 font-sans text-sm text-ink-soft empty:hidden">
          {uploading ? 'Laddar upp bilden…' : ''}
        </p>
        {message ? (
          <FieldError id={errorId}>{message}</FieldError>
        ) : (
          <FieldHint id={hintId}>
            {value ? 'Bilden är uppladdad.' : 'JPEG, PNG, WebP, GIF eller AVIF, högst 5 MB.'}
          </FieldHint>
        )}
      </div>
    </div>
  );
}
