import { dangerButtonClass, smallButtonClass } from '../../../components/ui/classes';

/**
 * The "Redigera" and "Ta bort" buttons of one item in an admin list (docs/spec/001-admin-and-partner.md §2); the
 * caller puts them in its own row. `name` finishes each button's accessible name ("Redigera {name}", "Ta bort {name}"),
 * so screen readers and tests tell the items apart.
 */
export function EditDeleteButtons({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <>
      <button type="button" className={smallButtonClass} onClick={onEdit} aria-label={`Redigera ${name}`}>
        Redigera
      </button>
      <button type="button" className={dangerButtonClass} onClick={onDelete} aria-label={`Ta bort ${name}`}>
        Ta bort
      </button>
    </>
  );
}
