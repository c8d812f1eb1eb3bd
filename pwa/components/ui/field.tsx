import {
  useId,
  useState,
  type ChangeEvent,
  type ChangeEventHandler,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { inputClass } from './classes';

// The one field kit of the PWA: labelled inputs, password, textarea, select and checkboxes in the newspaper style
// (small-caps label, square input, the message under the field, tied to it with aria-describedby). Every control
// takes the native props plus a `ref`, so react-hook-form's `register()` spreads straight onto it
// (`<TextField label="E-post" {...register('email')} error={errors.email?.message} />`); `onValueChange` is there
// for controlled use outside a form. Two looks: 'paper' (the public auth, account and partner pages) and 'admin'
// (the admin forms: a tighter input and a * after a required field's label).

/** The look of a field: 'paper' for public pages, 'admin' for the admin forms (tighter, * on required fields). */
export type FieldVariant = 'paper' | 'admin';

const paperInputClass =
  'block w-full border border-ink/70 bg-paper px-3 py-2.5 font-sans text-base text-ink placeholder:text-muted focus:border-wine focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-wine aria-invalid:border-wine aria-invalid:bg-wine-light/40';
const controlClass = (variant: FieldVariant) => (variant === 'admin' ? inputClass : paperInputClass);

/** The small-caps label of a field (also used for legends and labels of custom controls). */
export const labelClass = 'inline-block font-sans text-xs font-bold tracking-[0.15em] text-ink uppercase';

/** The red message under a field, with a warning icon; give it the id the field's aria-describedby names. */
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

/** The quiet help text under a field (e.g. 'Minst 6 tecken'). */
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

/** What every labelled field shows around its control. */
interface FieldChrome {
  label: string;
  /** Shown under the field and tied to it with aria-describedby; marks the field invalid (e.g. `errors.x?.message`). */
  error?: string;
  /** A quiet help text under the field, hidden while an error shows. */
  hint?: string;
  /** Marks the label as optional ('(valfritt)', read out as the field's description). */
  optional?: boolean;
  /** 'paper' (default) or 'admin'. */
  variant?: FieldVariant;
}

/** The ids a field's aria-describedby names: its error (or else its hint) and its '(valfritt)' note. */
function describedBy(id: string, { error, hint, optional }: Pick<FieldChrome, 'error' | 'hint' | 'optional'>) {
  const ids = [error ? `${id}-error` : hint ? `${id}-hint` : '', optional ? `${id}-optional` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * The wiring every text-like control of this file shares: its id (the given one, else a fresh one), an onChange
 * that runs `onChange` (e.g. from `register()`) and then hands the new text to `onValueChange`, and aria-invalid /
 * aria-describedby from the field's error, hint and '(valfritt)' note. Spread after the caller's props.
 */
function useControlProps<E extends HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
  givenId: string | undefined,
  { error, hint, optional }: Pick<FieldChrome, 'error' | 'hint' | 'optional'>,
  onChange: ChangeEventHandler<E> | undefined,
  onValueChange: ((value: string) => void) | undefined,
) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return {
    id,
    onChange: (e: ChangeEvent<E>) => {
      onChange?.(e);
      onValueChange?.(e.target.value);
    },
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { error, hint, optional }),
  };
}

function Field({
  id,
  label,
  error,
  hint,
  optional,
  requiredMark,
  children,
}: Omit<FieldChrome, 'variant'> & { id: string; requiredMark: boolean; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {/* Outside the label, so the field's name stays 'Förnamn' (the input's `required` tells screen readers). */}
      {requiredMark && <RequiredMark />}
      {optional && (
        <span id={`${id}-optional`} className="ml-1.5 font-sans text-xs text-muted">
          (valfritt)
        </span>
      )}
      <div className="mt-1.5">{children}</div>
      {hint && !error && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> &
  FieldChrome & {
    ref?: Ref<HTMLInputElement>;
    /** Called with the new text on every change (controlled use); `onChange` (e.g. from `register()`) runs too. */
    onValueChange?: (value: string) => void;
  };

/** A labelled one-line input (type text by default; email, number, url, …). */
export function TextField({ label, error, hint, optional, variant = 'paper', onValueChange, onChange, id: givenId, ...rest }: InputProps) {
  const { id, ...control } = useControlProps(givenId, { error, hint, optional }, onChange, onValueChange);
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} requiredMark={variant === 'admin' && !!rest.required}>
      <input type="text" {...rest} id={id} {...control} className={controlClass(variant)} />
    </Field>
  );
}

/**
 * A labelled password input with a show/hide toggle (a pressed-state button, 'Visa'/'Dölj' on screen). The
 * toggle names what it shows (`toggleLabel`, e.g. 'nytt lösenord'), so several on one page stay distinguishable.
 */
export function PasswordField({
  toggleLabel = 'lösenordet',
  label,
  error,
  hint,
  optional,
  variant = 'paper',
  onValueChange,
  onChange,
  id: givenId,
  ...rest
}: Omit<InputProps, 'type'> & { toggleLabel?: string }) {
  const { id, ...control } = useControlProps(givenId, { error, hint, optional }, onChange, onValueChange);
  const [shown, setShown] = useState(false);
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} requiredMark={variant === 'admin' && !!rest.required}>
      <div className="relative">
        <input
          {...rest}
          id={id}
          type={shown ? 'text' : 'password'}
          {...control}
          // Browsers must not offer to correct or capitalise a visible password.
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          className={`${controlClass(variant)} pr-16`}
        />
        <button
          type="button"
          onClick={() => setShown((s) => !s)}
          // A stable name with a pressed state: 'Visa lösenordet, på/av' reads right in every screen reader.
          aria-label={`Visa ${toggleLabel}`}
          aria-controls={id}
          aria-pressed={shown}
          className="absolute inset-y-0 right-0 flex min-w-14 items-center justify-center px-3 font-sans text-xs font-bold tracking-[0.12em] text-wine uppercase hover:text-wine-dark focus-visible:outline-offset-[-3px]"
        >
          {shown ? 'Dölj' : 'Visa'}
        </button>
      </div>
    </Field>
  );
}

/** A labelled multi-line text field (at least 7 rem high, resizable vertically). */
export function TextAreaField({
  label,
  error,
  hint,
  optional,
  variant = 'paper',
  onValueChange,
  onChange,
  id: givenId,
  ...rest
}: Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> &
  FieldChrome & { ref?: Ref<HTMLTextAreaElement>; onValueChange?: (value: string) => void }) {
  const { id, ...control } = useControlProps(givenId, { error, hint, optional }, onChange, onValueChange);
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} requiredMark={variant === 'admin' && !!rest.required}>
      <textarea {...rest} id={id} {...control} className={`${controlClass(variant)} min-h-28 resize-y`} />
    </Field>
  );
}

/** A labelled select of `options` ({value, label}). */
export function SelectField({
  label,
  options,
  error,
  hint,
  optional,
  variant = 'paper',
  onValueChange,
  onChange,
  id: givenId,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'> &
  FieldChrome & {
    ref?: Ref<HTMLSelectElement>;
    options: readonly { value: string; label: string }[];
    onValueChange?: (value: string) => void;
  }) {
  const { id, ...control } = useControlProps(givenId, { error, hint, optional }, onChange, onValueChange);
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} requiredMark={variant === 'admin' && !!rest.required}>
      <select {...rest} id={id} {...control} className={controlClass(variant)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

const checkboxClass = 'size-5 shrink-0 accent-wine focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-wine';

/** One labelled checkbox; takes `register()` props, or `checked` + `onCheckedChange` for controlled use. */
export function Checkbox({
  label,
  onCheckedChange,
  onChange,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'className'> & {
  label: ReactNode;
  ref?: Ref<HTMLInputElement>;
  onCheckedChange?: (checked: boolean) => void;
}) {
  return (
    <label className="inline-flex min-h-9 cursor-pointer items-center gap-2.5 font-sans text-sm text-ink">
      <input
        {...rest}
        type="checkbox"
        className={checkboxClass}
        onChange={(e) => {
          onChange?.(e);
          onCheckedChange?.(e.target.checked);
        }}
      />
      <span>{label}</span>
    </label>
  );
}

/**
 * A fieldset of checkboxes with a legend: `selected` holds the checked values (in the order they were chosen);
 * `options` lists every value with its label. With react-hook-form, render it from a `Controller`
 * (`selected={field.value}`, `onSelectedChange={field.onChange}`). `required` only marks the legend (spec 001 §5:
 * the categories are labelled required but not enforced).
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
  ref,
}: {
  id?: string;
  /** The fieldset (focusable), e.g. a Controller's `field.ref`, so an error can focus the group. */
  ref?: Ref<HTMLFieldSetElement>;
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
    <fieldset ref={ref} id={id} aria-describedby={describedBy(id, { error, hint })} tabIndex={-1} className="focus:outline-none">
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
