import type { AdminWine } from '../../contract/admin-wines';
import { presentWine, type DbWineRow } from '../../presenters/wine';

/**
 * The admin view of a wine (spec 001 §3): the public fields of `presentWine` (an allow-list) plus source,
 * rejection reason and last change.
 */
export function presentAdminWine(row: DbWineRow): AdminWine {
  return {
    ...presentWine(row),
    source: row.source as AdminWine['source'],
    rejectionReason: row.rejection_reason,
    updatedAt: row.updated_at.toISOString(),
  };
}
