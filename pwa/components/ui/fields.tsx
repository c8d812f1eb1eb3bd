import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';

// Labelled form fields shared by the login/register dialog, the reset page and the settings page, in the
// newsletter form's newspaper style: small-caps labels, square inputs, the message under the field.

const inputClass =
  'block w-full border border-ink/70 bg-paper px-3 py-2.5 font-sans text-base text-ink placeholder:text-muted focus:border-wine focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-wine aria-invalid:border-wine aria-invalid:bg-wine-light/40';
export const labelClass = 'inline-block font-sans text-xs font-bold tracking-[0.15em] text-ink uppercase';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'className'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field and tied to it with aria-describedby; marks the field invalid. */
  error?: string;
  /** A quiet help text under the field (e.g. 'Minst 6 tecken'). */
  hint?: string;
  /** Marks the label as optional ('valfritt'). */
  optional?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

function FieldFrame({
  id,
  label,
  optional,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {/* Outside the label, so the field's name stays 'Förnamn'; read out as its description instead. */}
      {optional && (
        <span id={`${id}-optional`} className="ml-1.5 font-sans text-xs text-muted">
          (valfritt)
        </span>
      )}
      <div className="mt-1.5">{children}</div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1.5 font-sans text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 font-sans text-sm font-semibold text-wine">
          <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="mt-0.5 shrink-0" fill="currentColor">
            <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.5h1.8v5.5H9.1V6Zm0 7h1.8v1.8H9.1V13Z" />
          </svg>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: string, optional?: boolean): string | undefined {
  const ids = [error ? `${id}-error` : hint ? `${id}-hint` : '', optional ? `${id}-optional` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A labelled text input (type text, email, …). */
export function TextField({ label, value, onValueChange, error, hint, optional, inputRef, id: givenId, ...rest }: FieldProps) {
  const autoId = useId();
  const id = givenId ?? autoId;
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error}>
      <input
        {...rest}
        id={id}
        ref={inputRef}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint, optional)}
        className={inputClass}
      />
    </FieldFrame>
  );
}

/**
 * A labelled password input with a show/hide toggle (a pressed-state button, 'Visa'/'Dölj' on screen). The
 * toggle names what it shows (`toggleLabel`, e.g. 'nytt lösenord'), so several on one page stay distinguishable.
 */
export function PasswordField({ toggleLabel = 'lösenordet', ...props }: Omit<FieldProps, 'type'> & { toggleLabel?: string }) {
  const { label, value, onValueChange, error, hint, optional, inputRef, id: givenId, ...rest } = props;
  const autoId = useId();
  const id = givenId ?? autoId;
  const [shown, setShown] = useState(false);
  return (
    <FieldFrame id={id} label={label} optional={optional} hint={hint} error={error}>
      <div className="relative">
        <input
          {...rest}
          id={id}
          ref={inputRef}
          type={shown ? 'text' : 'password'}
          value={value}
          onChange={(e) => onValueChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint, optional)}
          // Browsers must not offer to correct or capitalise a visible password.
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          className={`${inputClass} pr-16`}
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
    </FieldFrame>
  );
}
