/**
 * The footer of an admin/partner form: "Avbryt" (a plain button calling `onCancel`) and the submit button, which is
 * disabled while `pending` (or `disabled`) and then reads `pendingLabel` ("Sparar…" unless told). `className` adds
 * the spacing/rule above the row (e.g. `border-t border-rule pt-5`). Texts as in docs/spec/001-admin-and-partner.md.
 */
export function FormActions({
  onCancel,
  submitLabel,
  pending,
  pendingLabel = 'Sparar…',
  disabled = false,
  className = 'border-t border-rule pt-5',
}: {
  onCancel: () => void;
  submitLabel: string;
  pending: boolean;
  pendingLabel?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap justify-end gap-3 ${className}`}>
      <button type="button" className="btn-outline" onClick={onCancel}>
        Avbryt
      </button>
      <button type="submit" className="btn-primary" disabled={pending || disabled}>
        {pending ? pendingLabel : submitLabel}
      </button>
    </div>
  );
}
