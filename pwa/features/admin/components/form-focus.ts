import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * Puts the focus on the first field, in the order the form shows them (`order`), that has a message in
 * `errors`: the element with the id `idOf(field)` (an input, or a tabIndex=-1 fieldset for a checkbox group).
 * For forms whose custom controls (checkbox groups, image fields) react-hook-form's own focus cannot reach; the
 * admin forms call it after a refused save (their check or the server's 400 details). Returns the field focused.
 */
export function focusFirstError<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[], idOf: (field: string) => string) {
  const first = order.find((field) => (errors as Record<string, unknown>)[field]);
  if (first) document.getElementById(idOf(first))?.focus();
  return first;
}
