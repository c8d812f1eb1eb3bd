import type { Knex } from 'knex';
import { AdminDashboard } from '../../contract/admin-dashboard';
import { APPROVAL_STATUSES, WINE_CATEGORIES, type ApprovalStatus, type WineCategory } from '../../contract/enums';
import { ErrorBody } from '../../contract/errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { recentAudit } from '../../queries/audit-log';

const error = (description: string) => ({ description, schema: ErrorBody });

/** Rounds to one decimal (4.25 → 4.3). */
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

interface WineFigures {
  total: string;
  average_rating: string | null;
  by_status: Record<ApprovalStatus, string> | null;
  by_category: Record<WineCategory, string> | null;
}

/** The dashboard's wine, user, review and expert review figures, read in one statement (one consistent snapshot). */
async function dashboardFigures(db: Knex) {
  const { rows } = await db.raw<{ rows: (WineFigures & { users: string; pending_reviews: string; expert_reviews: string })[] }>(`
    select
      (select count(*) from wines) as total,
      (select round(avg(rating), 1) from wines) as average_rating,
      (select jsonb_object_agg(approval_status, n) from (select approval_status, count(*) as n from wines group by 1) s) as by_status,
      (select jsonb_object_agg(category, n) from (select unnest(categories) as category, count(*) as n from wines group by 1) c) as by_category,
      (select count(*) from users) as users,
      (select count(*) from reviews where status = 'pending') as pending_reviews,
      (select count(*) from expert_reviews) as expert_reviews`);
  return rows[0]!;
}

/**
 * GET /api/admin/dashboard (spec 001 §2 'Dashboard tab'; admins only): the real counts, average rating, category
 * distribution and the recent admin activity from the audit log — replacing the original's fixed sample text.
 */
export function adminDashboardRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/dashboard',
      summary: 'Dashboard figures: counts, average rating, category distribution, recent admin activity',
      tags: ['admin'],
      access: ['admin'],
      responses: {
        200: { description: 'The figures', schema: AdminDashboard },
        401: error('Not signed in'),
        403: error('Not an admin'),
      },
    },
    async (ctx) => {
      const [figures, audit] = await Promise.all([dashboardFigures(ctx.db), recentAudit(ctx.db, 10)]);
      const wines = Number(figures.total);
      const share = (count: number) => (wines === 0 ? 0 : oneDecimal((count / wines) * 100));
      const category = (c: WineCategory) => {
        const count = Number(figures.by_category?.[c] ?? 0);
        return { count, percent: share(count) };
      };
      ctx.set('Cache-Control', 'no-store');
      ctx.body = {
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
      } satisfies AdminDashboard;
    },
  );
}
