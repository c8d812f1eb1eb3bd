import {
  AdminSubscriberList,
  SubscriberBulkDelete,
  SubscriberBulkDeleteResult,
  SubscriberExportQuery,
  SubscriberListQuery,
  SubscriberParams,
} from '../../contract/admin-newsletter';
import { ErrorBody } from '../../contract/errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { listSubscribers, subscriberStats } from '../../queries/admin-newsletter';
import { eraseSubscriber, eraseSubscribers, exportSubscribers } from '../../services/admin-newsletter';
import { swedishDate } from '../../contract/dates';
import { subscribersCsv } from '../../presenters/admin-newsletter-csv';
import { presentAdminSubscriber } from '../../presenters/admin-newsletter';

const error = (description: string) => ({ description, schema: ErrorBody });
const TAGS = ['admin', 'newsletter'];
const ADMIN_ONLY = ['admin'] as const;
const guarded = { 401: error('Not signed in'), 403: error('Not an admin') };
const BASE = '/api/admin/newsletter-subscribers';

/**
 * The admin panel's Newsletter tab 'NYHETSBREVHANTERING' (spec 001 §2 'Newsletter tab'; its calls are not
 * shown, so they are designed here): the list with search (e-mail or phone) and 'Endast GDPR-samtycke'
 * combined, and the four counters over all subscribers; per-row and bulk delete, which erase the rows (GDPR
 * right to erasure; the audit log records that, never the address); and the CSV export of the filtered list.
 * Admins only; every delete and export is audited.
 */
export function adminNewsletterRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: BASE,
      summary: 'Subscribers matching q (e-mail or phone) and gdprOnly, newest first, with the four counters over all subscribers',
      tags: TAGS,
      query: SubscriberListQuery,
      access: ADMIN_ONLY,
      responses: {
        200: { description: 'Items (one page), total matching, stats over all subscribers', schema: AdminSubscriberList },
        400: error('Invalid filter or page'),
        ...guarded,
      },
    },
    async (ctx) => {
      const { q, gdprOnly, limit, offset } = ctx.state.input.query;
      const [{ rows, total }, stats] = await Promise.all([listSubscribers(ctx.db, { q, gdprOnly, limit, offset }), subscriberStats(ctx.db)]);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: rows.map(presentAdminSubscriber), total, stats };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: `${BASE}/export`,
      summary:
        'CSV download of the subscribers matching q and gdprOnly, as Swedish Excel opens it (UTF-8 with BOM, semicolons, CRLF; e-post;telefon;gdpr;prenumererade)',
      tags: TAGS,
      query: SubscriberExportQuery,
      access: ADMIN_ONLY,
      responses: {
        200: {
          description:
            "text/csv attachment nyhetsbrev-YYYY-MM-DD.csv; phones as dialled from Sweden ('070-123 45 67', '00 47 …'); other cells starting with = + - @ tab CR NUL are prefixed with an apostrophe",
        },
        400: error('Invalid filter'),
        ...guarded,
      },
    },
    async (ctx) => {
      const { q, gdprOnly } = ctx.state.input.query;
      const actor = ctx.state.user;
      const rows = await exportSubscribers(ctx.db, actor, { q, gdprOnly });
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Disposition', `attachment; filename="nyhetsbrev-${swedishDate(new Date())}.csv"`);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = 'text/csv; charset=utf-8';
      ctx.body = subscribersCsv(rows);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: `${BASE}/bulk-delete`,
      summary: 'Erase up to 1000 subscribers (GDPR right to erasure); unknown ids are skipped',
      tags: TAGS,
      body: SubscriberBulkDelete,
      access: ADMIN_ONLY,
      responses: {
        200: { description: 'How many were deleted', schema: SubscriberBulkDeleteResult },
        400: error('No ids, more than 1000, or an id that is not a uuid'),
        ...guarded,
      },
    },
    async (ctx) => {
      const actor = ctx.state.user;
      const deleted = await eraseSubscribers(ctx.db, actor, ctx.state.input.body.ids);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { deleted };
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: `${BASE}/:id`,
      summary: 'Erase one subscriber (GDPR right to erasure: the row is deleted, not deactivated)',
      tags: TAGS,
      params: SubscriberParams,
      access: ADMIN_ONLY,
      responses: { 204: { description: 'Deleted' }, ...guarded, 404: error('No such subscriber') },
    },
    async (ctx) => {
      const actor = ctx.state.user;
      const { id } = ctx.state.input.params;
      await eraseSubscriber(ctx.db, actor, id);
      ctx.status = 204;
    },
  );
}
