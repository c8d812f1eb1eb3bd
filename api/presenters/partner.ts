import type { PartnerCurrent, PartnerWine } from '../contract/partner';
import type { PartnerWineRow } from '../queries/partner-wines';
import type { DbPartnerRow } from '../queries/partners';
import type { DbUserRow } from '../queries/users';
import { presentWineFacts } from './wine';

/**
 * The partner's view of itself (GET /api/partner/current, and the answer of POST /api/partner/login; spec 001 §3):
 * an explicit allow-list — never the password hash, session version or verification state.
 */
export function presentPartnerCurrent(user: DbUserRow, partner: DbPartnerRow): PartnerCurrent {
  return {
    user: {
      id: user.id,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      username: user.username,
      role: user.role,
    },
    partner: {
      companyName: partner.company_name,
      contactName: partner.contact_name,
      phone: partner.phone,
      createdAt: partner.created_at.toISOString(),
    },
  };
}

/**
 * A partner's own wine (spec 001 §3 'Wine (admin and partner view)'): an explicit allow-list of fields, camelCase.
 * Price in SEK, alcohol in %, rating and taste scales 1–5. Leaves out what is Vinpressen's business (categories,
 * source, owner, reviewer, Systembolaget import fields); the rejection reason is the partner's to read while the wine
 * is rejected or opened again as a draft (null while pending or approved).
 */
export function presentPartnerWine(row: PartnerWineRow): PartnerWine {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    // The partner's own rating of its wine (never the public Folkets betyg).
    rating: row.producer_rating,
    ...presentWineFacts(row),
    approvalStatus: row.approval_status,
    isGranskadVinpressen: row.is_granskad_vinpressen,
    medal: row.medal_design_id && row.medal_name ? { id: row.medal_design_id, name: row.medal_name, category: row.medal_category ?? '' } : null,
    // Shown while rejected and while the partner revises it (a rejected wine opened again is a draft with its reason);
    // once sent in again the reason is the admin's, until the new decision.
    rejectionReason: row.approval_status === 'rejected' || row.approval_status === 'draft' ? row.rejection_reason : null,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    submittedAt: row.submitted_at ? row.submitted_at.toISOString() : null,
  };
}
