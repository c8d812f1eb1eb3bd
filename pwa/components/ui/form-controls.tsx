import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { labelClass } from './fields';
import { inputClass } from './classes';

// Form controls of the admin wine form (input with a required mark, textarea, select, checkbox groups) in
// TextField's label, hint and error style: the message under the field, tied to it by aria-describedby.

/** The red message under a field (TextField's style). */
export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 flex items-start gap-1.5 font-sans text-sm font-semibold text-wine">
      <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="mt-0.5 shrink-0" fill="currentColor">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.5h1.8v5.5H9.1V6Zm0 7h1.8v1.8H9.1V13Z" />
      </svg>
      {children}
    </p>
  );
}

/** The quiet help text under a field. */
export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 font-sans text-sm text-muted">
      {children}
    </p>
  );
}

/** ' *' after a required field's label; screen readers get the input's `required` instead. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-wine">
      *
    </span>
  );
}

interface FrameProps {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  children: ReactNode;
}

function Frame({ id, label, required, hint, error, children }: FrameProps) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {/* Outside the label, so the field's name stays 'Namn' (the input's `required` tells screen readers). */}
      {required && <RequiredMark />}
      <div className="mt-1.5">{children}</div>
      {hint && !error && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

const describedBy = (id: string, error?: string, hint?: string) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

/** A labelled one-line input; `required` puts a * after the label (the input says it to screen readers). */
export function InputField({
  id: givenId,
  label,
  value,
  onValueChange,
  error,
  hint,
  required,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Frame id={id} label={label} required={required} hint={hint} error={error}>
      <input
        type="text"
        {...rest}
        id={id}
        value={value}
        required={required}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass}
      />
    </Frame>
  );
}

/** A labelled multi-line text field. */
export function TextAreaField({
  id: givenId,
  label,
  value,
  onValueChange,
  error,
  hint,
  required,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'className'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  hint?: string;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Frame id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        {...rest}
        id={id}
        value={value}
        required={required}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={`${inputClass} min-h-28 resize-y`}
      />
    </Frame>
  );
}

/** A labelled select of `options` ({value, label}). */
export function SelectField({
  id: givenId,
  label,
  value,
  onValueChange,
  options,
  error,
  hint,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'className'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  hint?: string;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <Frame id={id} label={label} hint={hint} error={error}>
      <select
        {...rest}
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        className={inputClass}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

const checkboxClass = 'size-5 shrink-0 accent-wine focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine';

/** One labelled checkbox. */
export function Checkbox({
  label,
  checked,
  onCheckedChange,
  id,
}: {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  id?: string;
}) {
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2.5 font-sans text-sm text-ink">
      <input id={id} type="checkbox" className={checkboxClass} checked={checked} onChange={(e) => onCheckedChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

/**
 * A fieldset of checkboxes with a legend: `selected` holds the checked values (in the order they were
 * chosen); `options` lists every value with its label. `required` only marks the legend (spec 001 §5: the
 * categories are labelled required but not enforced).
 */
export function CheckboxGroup({
  id: givenId,
  legend,
  options,
  selected,
  onSelectedChange,
  required,
  hint,
  error,
  columns = 'sm:grid-cols-3',
}: {
  id?: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  selected: readonly string[];
  onSelectedChange: (values: string[]) => void;
  required?: boolean;
  hint?: string;
  error?: string;
  /** Tailwind grid column classes of the options. */
  columns?: string;
}) {
  const autoId = useId();
  const id = givenId ?? autoId;
  function handleToggle(value: string, checked: boolean) {
    onSelectedChange(checked ? [...selected, value] : selected.filter((v) => v !== value));
  }
  return (
    <fieldset id={id} aria-describedby={describedBy(id, error, hint)} tabIndex={-1} className="focus:outline-none">
      <legend className={labelClass}>
        {legend}
        {required && <RequiredMark />}
      </legend>
      <div className={`mt-1.5 grid grid-cols-2 gap-x-4 ${columns}`}>
        {options.map((o) => (
          <Checkbox
            key={o.value}
            label={o.label}
            checked={selected.includes(o.value)}
            onCheckedChange={(checked) => handleToggle(o.value, checked)}
          />
        ))}
      </div>
      {hint && !error && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </fieldset>
  );
}
