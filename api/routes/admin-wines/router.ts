import {
  AdminWine,
  AdminWineCreate,
  AdminWineDeleted,
  AdminWineListQuery,
  AdminWinePage,
  AdminWineUpdate,
  PARTNER_REVIEW_LISTS,
  PartnerReviewListQuery,
} from '../../contract/admin-wines';
import { ErrorBody } from '../../contract/errors';
import { ApproveWineBody, RejectWineBody } from '../../contract/partner-review';
import { WineIdParams } from '../../contract/wines';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { findAdminWine, listAdminWines, listPartnerReview } from '../../queries/admin-wines';
import { createAdminWine, deleteAdminWine, updateAdminWine, wineNotFound } from '../../services/admin-wines';
import { approveWine, rejectWine } from '../../services/partner-review';
import { presentAdminWine } from '../../presenters/admin-wines';

const error = (description: string) => ({ description, schema: ErrorBody });
const TAGS = ['admin', 'wines'];
const ADMIN = ['admin'] as const;

const REVIEW_LIST_SUMMARY = {
  pending: 'Partner wines waiting for review (pending), the longest waiting first',
  rejected: 'Rejected partner wines with their reasons, the latest decision first',
} as const;

/**
 * Admin wine endpoints (spec 001 §2 'Wines tab', 'Partner review tab', §3, §5, §7): list with search and filters,
 * the partner review's pending and rejected lists, read, create, update, delete, approve and reject — wines of every
 * source and approval status. Admins only; answers are never cached; every write is audited.
 *
 * The fixed paths /api/admin/wines/pending and /rejected are registered before /api/admin/wines/:id, which answers
 * 404 for any id that is not a uuid; other routers' fixed paths under /api/admin/wines/ must come before this one.
 */
export function adminWineRoutes(router: AppRouter): void {
  for (const list of PARTNER_REVIEW_LISTS) {
    defineRoute(
      router,
      {
        method: 'get',
        path: `/api/admin/wines/${list}`,
        summary: REVIEW_LIST_SUMMARY[list],
        tags: TAGS,
        access: ADMIN,
        query: PartnerReviewListQuery,
        responses: {
          200: { description: 'One page of partner wines with partner, owner, medal and review times, and the number of all', schema: AdminWinePage },
          400: error('Bad query'),
          401: error('Not signed in'),
          403: error('Not an admin'),
        },
      },
      async (ctx) => {
        const { limit, offset } = ctx.state.input.query;
        const { rows, total } = await listPartnerReview(ctx.db, list, { limit, offset });
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { items: rows.map(presentAdminWine), total, limit, offset } satisfies AdminWinePage;
      },
    );
  }

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/wines',
      summary:
        'A page of wines of every approval status, newest first; search q in name, region and grape; filter by category, approvalStatus and source',
      tags: TAGS,
      access: ADMIN,
      query: AdminWineListQuery,
      responses: {
        200: { description: 'One page of wines and the number of all matching wines', schema: AdminWinePage },
        400: error('Bad query'),
        401: error('Not signed in'),
        403: error('Not an admin'),
      },
    },
    async (ctx) => {
      const { limit, offset, ...filter } = ctx.state.input.query;
      const { rows, total } = await listAdminWines(ctx.db, { ...filter, limit, offset });
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: rows.map(presentAdminWine), total, limit, offset } satisfies AdminWinePage;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/wines/:id',
      summary: 'One wine, whatever its approval status',
      tags: TAGS,
      access: ADMIN,
      params: WineIdParams,
      responses: {
        200: { description: 'The wine', schema: AdminWine },
        401: error('Not signed in'),
        403: error('Not an admin'),
        404: error('No such wine'),
      },
    },
    async (ctx) => {
      const row = await findAdminWine(ctx.db, ctx.state.input.params.id);
      if (!row) throw wineNotFound();
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminWine(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/wines',
      summary: "Add a wine (source 'admin', approved unless approvalStatus says otherwise); price may be free text such as '299 kr'",
      tags: TAGS,
      access: ADMIN,
      body: AdminWineCreate,
      responses: {
        201: { description: "Created ('Vin tillagt')", schema: AdminWine },
        400: error('Invalid or missing fields (each listed in details)'),
        401: error('Not signed in'),
        403: error('Not an admin'),
      },
    },
    async (ctx) => {
      const row = await createAdminWine(ctx.db, ctx.state.user, ctx.state.input.body);
      ctx.status = 201;
      ctx.set('Location', `/api/admin/wines/${row.id}`);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminWine(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/api/admin/wines/:id',
      summary: 'Update a wine from the admin form; name, price and description required, omitted fields keep their values',
      tags: TAGS,
      access: ADMIN,
      params: WineIdParams,
      body: AdminWineUpdate,
      responses: {
        200: { description: "Updated ('Vin uppdaterat')", schema: AdminWine },
        400: error('Invalid or missing fields (each listed in details)'),
        401: error('Not signed in'),
        403: error('Not an admin'),
        404: error('No such wine'),
      },
    },
    async (ctx) => {
      const { params, body } = ctx.state.input;
      const row = await updateAdminWine(ctx.db, ctx.state.user, params.id, body);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminWine(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/api/admin/wines/:id',
      summary: 'Delete a wine for good, with its community reviews, expert reviews and slider places (counted in the answer)',
      tags: TAGS,
      access: ADMIN,
      params: WineIdParams,
      responses: {
        200: { description: "Deleted ('Vin borttaget')", schema: AdminWineDeleted },
        401: error('Not signed in'),
        403: error('Not an admin'),
        404: error('No such wine'),
      },
    },
    async (ctx) => {
      const deleted = await deleteAdminWine(ctx.db, ctx.state.user, ctx.state.input.params.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = deleted;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/wines/:id/approve',
      summary: 'Approve a pending wine (publishes it), optionally with the review mark isGranskadVinpressen and a medal design',
      tags: TAGS,
      access: ADMIN,
      params: WineIdParams,
      body: ApproveWineBody,
      responses: {
        200: { description: "Approved ('Vin godkänt!'): the wine as the admin sees it", schema: AdminWine },
        400: error("Bad body, or a medal design that does not exist ('Medaljdesignen finns inte.')"),
        401: error('Not signed in'),
        403: error('Not an admin'),
        404: error('No such wine'),
        409: error("The wine is not pending (code 'not_pending')"),
      },
    },
    async (ctx) => {
      const { params, body } = ctx.state.input;
      const row = await approveWine(ctx.db, ctx.jobs, ctx.state.user, params.id, body);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminWine(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/wines/:id/reject',
      summary: 'Reject a pending wine with a reason; the partner is mailed the reason',
      tags: TAGS,
      access: ADMIN,
      params: WineIdParams,
      body: RejectWineBody,
      responses: {
        200: { description: "Rejected ('Vin avvisat'): the wine as the admin sees it", schema: AdminWine },
        400: error("No reason ('Ange en anledning för avvisandet.')"),
        401: error('Not signed in'),
        403: error('Not an admin'),
        404: error('No such wine'),
        409: error("The wine is not pending (code 'not_pending')"),
      },
    },
    async (ctx) => {
      const { params, body } = ctx.state.input;
      const row = await rejectWine(ctx.db, ctx.jobs, ctx.state.user, params.id, body);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentAdminWine(row);
    },
  );
}
