import { useId } from 'react';
import { inputClass } from '../../../components/ui/classes';
import { labelClass } from '../../../components/ui/field';

/**
 * The free-text search box of an admin list's filter row (users, newsletter, wines; docs/spec/001-admin-and-partner.md
 * §2): a visible label over a `type="search"` input; `onChange` gets the text as typed (the caller debounces it).
 */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className={`${inputClass} mt-1.5`}
      />
    </div>
  );
}
