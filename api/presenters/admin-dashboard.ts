import type { AdminDashboard } from '../contract/admin-dashboard';
import { APPROVAL_STATUSES, WINE_CATEGORIES, type ApprovalStatus, type WineCategory } from '../contract/enums';
import type { DbDashboardFigures } from '../queries/admin-dashboard';
import type { AuditRow } from '../queries/audit-log';

/** Rounds to one decimal (4.25 → 4.3). */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

/**
 * The dashboard (spec 001 §2 'Dashboard tab'): counts, wines by status, the average rating (1–5, one decimal, null
 * without ratings), each category's count and share of all wines (percent, one decimal) and the recent audit entries.
 */
export function presentAdminDashboard(figures: DbDashboardFigures, audit: readonly AuditRow[]): AdminDashboard {
  const wines = Number(figures.total);
  const share = (count: number) => (wines === 0 ? 0 : oneDecimal((count / wines) * 100));
  const category = (c: WineCategory) => {
    const count = Number(figures.by_category?.[c] ?? 0);
    return { count, percent: share(count) };
  };
  return {
    counts: {
      wines,
      users: Number(figures.users),
      pendingReviews: Number(figures.pending_reviews),
      expertReviews: Number(figures.expert_reviews),
    },
    winesByStatus: Object.fromEntries(APPROVAL_STATUSES.map((s) => [s, Number(figures.by_status?.[s] ?? 0)])) as Record<ApprovalStatus, number>,
    averageRating: figures.average_rating === null ? null : Number(figures.average_rating), // rounded by Postgres (numeric, exact)
    categoryDistribution: Object.fromEntries(WINE_CATEGORIES.map((c) => [c, category(c)])) as AdminDashboard['categoryDistribution'],
    recentActivity: audit.map((a) => ({
      id: String(a.id),
      actorEmail: a.actor_email,
      action: a.action,
      entityType: a.entity_type,
      entityId: a.entity_id,
      summary: a.summary,
      createdAt: a.created_at.toISOString(),
    })),
  };
}
