import { useId, type FormEvent, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { inputClass } from '../../../components/ui/classes';
import { FieldError, FieldHint, labelClass } from '../../../components/ui/field';

/**
 * The HTML editor of both editors (spec 001 §2): `fields` above (the page's title; the article's are in its
 * metadata), a large monospaced textarea 'HTML-innehåll' with the stored HTML (`field`: the editor form's
 * register('content'), so a refused save can focus it), and the save button, which reads
 * `busyLabel` ('Sparar...') while saving. The server sanitises what is saved, so scripts and event handlers are
 * dropped; the hint says so.
 */
export function HtmlEditor({
  field,
  error,
  saveLabel,
  busyLabel = 'Sparar...',
  saving,
  onSave,
  fields,
}: {
  field: UseFormRegisterReturn<'content'>;
  error?: string;
  saveLabel: string;
  busyLabel?: string;
  saving: boolean;
  onSave: () => void;
  fields?: ReactNode;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : `${id}-hint`;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!saving) onSave();
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      {fields}
      <div>
        <label htmlFor={id} className={labelClass}>
          HTML-innehåll
        </label>
        <textarea
          id={id}
          {...field}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} mt-1.5 min-h-[60vh] resize-y font-mono text-sm leading-relaxed`}
        />
        {error ? (
          <FieldError id={`${id}-error`}>{error}</FieldError>
        ) : (
          <FieldHint id={`${id}-hint`}>
            Rubriker, stycken, listor, citat, länkar och bilder sparas. Skript, stilar, formulär och händelseattribut tas bort när du sparar.
          </FieldHint>
        )}
      </div>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary min-h-11" disabled={saving} aria-disabled={saving}>
          {saving ? busyLabel : saveLabel}
        </button>
      </div>
    </form>
  );
}
