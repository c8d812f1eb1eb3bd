import { useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { ADMIN_WINE_MESSAGES, IMAGE_MAX_BYTES } from '../../../../api/contract/admin-wines';
import { isNetworkError } from '../../../lib/api-client';
import { labelClass } from '../../auth/form-fields';
import { errorText } from '../api/admin-query';
import { uploadImage } from '../api/upload-image';
import { FieldError, FieldHint } from '../wines/form-controls';
import { smallButtonClass } from './admin-ui';

/** Shown when a chosen file is not an image at all (the server judges the exact type by the file's content). */
export const NOT_AN_IMAGE = 'Välj en bildfil (JPEG, PNG, WebP, GIF eller AVIF).';

/** The types and size the images endpoint takes, as the field's hint says them. */
export const IMAGE_FORMATS_HINT = 'JPEG, PNG, WebP, GIF eller AVIF, högst 5 MB.';

/**
 * An admin form's image (a wine's, spec 001 §3, §5; an expert's picture): choosing a file uploads it at once to
 * POST /api/admin/images and keeps the answered URL (/api/images/{id}) as the value, never a data URL. 'Välj bild'
 * (or 'Byt bild') opens the hidden native picker, labelled 'Bild'; 'Ta bort bilden' clears the value. The form
 * draws the `preview` beside the controls (the stored image, or what the site shows without one), and
 * `onBusyChange` tells it while an upload runs.
 */
export function ImageUploadField({
  id: givenId,
  value,
  onChange,
  preview,
  emptyHint = IMAGE_FORMATS_HINT,
  className,
  error,
  onBusyChange,
}: {
  /** Goes on the 'Välj bild' button (where a form puts the focus for a message); the hidden file input gets `${id}-file`. */
  id?: string;
  value: string | null;
  onChange: (url: string | null) => void;
  /** The preview, in its frame, laid out before the controls. */
  preview: ReactNode;
  /** The hint while there is no image. */
  emptyHint?: string;
  /** The layout of the preview and the controls (a grid or a flex row). */
  className: string;
  /** A message about the image from the form's check or the server. */
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
    <div className={className}>
      {preview}
      <div className="min-w-0">
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
          <FieldHint id={hintId}>{value ? 'Bilden är uppladdad.' : emptyHint}</FieldHint>
        )}
      </div>
    </div>
  );
}
