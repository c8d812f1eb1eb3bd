import { AdminDashboard } from '../../contract/admin-dashboard';
import { ErrorBody } from '../../contract/errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { presentAdminDashboard } from '../../presenters/admin-dashboard';
import { dashboardFigures } from '../../queries/admin-dashboard';
import { recentAudit } from '../../queries/audit-log';

const error = (description: string) => ({ description, schema: ErrorBody });

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
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminDashboard(figures, audit);
    },
  );
}
