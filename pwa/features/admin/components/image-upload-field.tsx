import { useId, useRef, type ReactNode } from 'react';
import { FieldError, FieldHint, labelClass } from '../../../components/ui/field';
import { useImageUpload } from '../api/use-image-upload';
import { smallButtonClass } from '../../../components/ui/classes';

export { NOT_AN_IMAGE } from '../api/use-image-upload';

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
  const { handleFile, uploading, uploadError, clearError } = useImageUpload({ onUploaded: onChange, onBusyChange });
  const message = uploadError ?? error;

  function handleRemove() {
    clearError();
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
        {message ? <FieldError id={errorId}>{message}</FieldError> : <FieldHint id={hintId}>{value ? 'Bilden är uppladdad.' : emptyHint}</FieldHint>}
      </div>
    </div>
  );
}
