import { useId, type ChangeEvent, type FocusEventHandler, type Ref } from 'react';
import { inputClass } from '../../../components/ui/classes';
import { labelClass } from '../../../components/ui/field';

/**
 * A labelled setting value: an input, or a textarea for long texts. The visible label is `label`; screen
 * readers also hear `context` (e.g. 'för site.name'), so the many 'Värde' fields of a page stay apart. The
 * error (the server's Swedish message) is shown under the field and tied to it. Controlled (`value` and
 * `onValueChange`) or registered with react-hook-form (`{...register('key')}`: name, onChange, onBlur, ref).
 */
export function SettingField({
  label,
  context,
  value,
  onValueChange,
  error,
  hint,
  multiline = false,
  describedBy,
  inputRef,
  ref,
  name,
  onChange,
  onBlur,
  type = 'text',
  placeholder,
}: {
  label: string;
  context?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  /** react-hook-form's register() props. */
  name?: string;
  ref?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  error?: string;
  hint?: string;
  multiline?: boolean;
  /** Ids of texts that describe the field besides its error or hint (e.g. the setting's description). */
  describedBy?: string;
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  type?: 'text' | 'url';
  placeholder?: string;
}) {
  const id = useId();
  const ids = [describedBy, error ? `${id}-error` : hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name,
    value,
    placeholder,
    onBlur,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      onChange?.(e);
      onValueChange?.(e.target.value);
    },
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids,
    className: inputClass,
  } as const;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {context && <span className="sr-only"> {context}</span>}
      </label>
      <div className="mt-1.5">
        {multiline ? <textarea {...common} ref={inputRef ?? ref} rows={4} /> : <input {...common} ref={inputRef ?? ref} type={type} />}
      </div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 font-sans text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 font-sans text-sm font-semibold text-wine">
          {error}
        </p>
      )}
    </div>
  );
}
