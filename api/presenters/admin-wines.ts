import type { AdminWine } from '../contract/admin-wines';
import { presentWine } from './wine';
import type { DbAdminWineRow } from '../queries/admin-wines';

/**
 * The admin view of a wine (spec 001 §3 'Wine (admin and partner view)'): the public fields of `presentWine` (an
 * allow-list, the medal included) plus source, rejection reason, last change, submission and review times, and
 * for a partner wine the company (companyName, phone) and the owning account (firstName, lastName, email) —
 * null when the wine has no owner (imported and admin wines).
 */
export function presentAdminWine(row: DbAdminWineRow): AdminWine {
  const { priceHistory: _history, ...wine } = presentWine(row);
  return {
    ...wine,
    source: row.source as AdminWine['source'],
    rejectionReason: row.rejection_reason,
    updatedAt: row.updated_at.toISOString(),
    submittedAt: row.submitted_at?.toISOString() ?? null,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    partner: row.partner_company_name === null ? null : { companyName: row.partner_company_name, phone: row.partner_phone },
    owner: row.owner_email === null ? null : { firstName: row.owner_first_name, lastName: row.owner_last_name, email: row.owner_email },
  };
}
