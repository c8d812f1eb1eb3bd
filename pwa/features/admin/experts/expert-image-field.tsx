import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ADMIN_WINE_MESSAGES, IMAGE_MAX_BYTES } from '../../../../api/contract/admin-wines';
import { isNetworkError } from '../../../lib/api-client';
import { labelClass } from '../../auth/form-fields';
import { ExpertAvatar } from '../../wines/components/expert-avatar';
import { errorText } from '../api/admin-query';
import { uploadImage } from '../api/upload-image';
import { smallButtonClass } from '../components/admin-ui';
import { FieldError, FieldHint } from '../wines/form-controls';
import { NOT_AN_IMAGE } from '../wines/image-upload-field';

/**
 * The expert's picture: choosing a file uploads it at once (POST /api/admin/images, like a wine's image) and keeps
 * the answered /api/images/{id} as the value. The preview is the avatar the wine page shows: the picture, or the
 * expert's initials drawn locally when there is none. `onBusyChange` tells the form while an upload runs.
 */
export function ExpertImageField({
  value,
  name,
  onChange,
  error,
  onBusyChange,
}: {
  value: string | null;
  /** The expert's name as typed so far: the preview's initials. */
  name: string;
  onChange: (url: string | null) => void;
  error?: string;
  onBusyChange?: (busy: boolean) => void;
}) {
  const id = useId();
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
      setUploadError(isNetworkError(err) ? 'Ingen anslutning. Bilden laddades inte upp.' : errorText(err, 'Kunde inte ladda upp bilden. Försök igen.'));
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

  return (
    <div className="flex items-start gap-4">
      <div className="shrink-0 pt-6" data-testid="expert-image-preview">
        <ExpertAvatar name={name.trim() || '?'} imageUrl={value} />
      </div>
      <div className="min-w-0">
        <label htmlFor={`${id}-file`} className={labelClass}>
          Bild
        </label>
        {/* The native picker speaks the browser's language: it stays, hidden, for the file chooser and tests,
            while the Swedish button opens it. */}
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
            type="button"
            className={smallButtonClass}
            onClick={() => inputRef.current?.click()}
            disabled={uploading}
            aria-describedby={message ? `${id}-error` : `${id}-hint`}
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
          <FieldError id={`${id}-error`}>{message}</FieldError>
        ) : (
          <FieldHint id={`${id}-hint`}>
            {value ? 'Bilden är uppladdad.' : 'Utan bild visas expertens initialer. JPEG, PNG, WebP, GIF eller AVIF, högst 5 MB.'}
          </FieldHint>
        )}
      </div>
    </div>
  );
}
