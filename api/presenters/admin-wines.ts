import type { AdminWine } from '../contract/admin-wines';
import { presentWine } from './wine';
import type { DbAdminWineRow } from '../queries/admin-wines';

/**
 * The admin view of a wine (spec 001 §3 'Wine (admin and partner view)'): the public fields of `presentWine` (an
 * allow-list, the medal included), with `rating` the wine's own rating (the partner's or the admin form's,
 * producer_rating) and `communityRating` the public Folkets betyg (member reviews), plus source, rejection reason, last change, submission and review times, and
 * for a partner wine the company (companyName, phone) and the owning account (firstName, lastName, email) —
 * null when the wine has no owner (imported and admin wines).
 */
export function presentAdminWine(row: DbAdminWineRow): AdminWine {
  const { priceHistory: _history, ...wine } = presentWine(row);
  return {
    ...wine,
    // The admin form's rating: the producer's (or admin's) own, never public; Folkets betyg is communityRating.
    rating: row.producer_rating,
    communityRating: row.rating,
    source: row.source as AdminWine['source'],
    rejectionReason: row.rejection_reason,
    updatedAt: row.updated_at.toISOString(),
    submittedAt: row.submitted_at?.toISOString() ?? null,
    reviewedAt: row.reviewed_at?.toISOString() ?? null,
    partner: row.partner_company_name === null ? null : { companyName: row.partner_company_name, phone: row.partner_phone },
    owner: row.owner_email === null ? null : { firstName: row.owner_first_name, lastName: row.owner_last_name, email: row.owner_email },
  };
}
