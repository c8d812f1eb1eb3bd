import { ErrorBody } from '../../contract/errors';
import {
  MEDAL_MESSAGES as M,
  MedalDesign,
  MedalDesignCreate,
  MedalDesignList,
  MedalDesignParams,
  MedalDesignUpdate,
  MedalSvgQuery,
  medalIdFromName,
} from '../../contract/medal-designs';
import { badRequest, notFound } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import { type AppRouter, sendCachedJson } from '../../lib/router';
import { presentMedalDesign } from '../../presenters/medal-designs';
import { renderMedalSvg } from '../../presenters/medal-designs-svg';
import { findMedalDesign, listMedalDesigns } from '../../queries/medal-designs';
import { changeMedalDesign, createMedalDesign, removeMedalDesign } from '../../services/medal-designs';

const error = (description: string) => ({ description, schema: ErrorBody });
const ADMIN_ERRORS = { 401: error('Not signed in'), 403: error('Not an admin') };
const TAGS = ['medal-designs'];

/** Browsers and CDNs may keep a medal for 5 minutes, then revalidate with its ETag (304 when unchanged). */
const SVG_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

/**
 * Medal designs (spec 001 §2 'Medaljhantering', §3 'Medal design'): the admin list and create/edit/delete
 * under /api/admin/medal-designs (audited), and the public list and SVG drawing under /api/medal-designs, which
 * the public /medals page offers for download (`?download=1`).
 */
export function medalDesignRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/medal-designs',
      summary: 'Every medal design (by category, then name)',
      tags: ['admin', ...TAGS],
      access: ['admin'],
      responses: { 200: { description: 'The designs', schema: MedalDesignList }, ...ADMIN_ERRORS },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: (await listMedalDesigns(ctx.db)).map(presentMedalDesign) };
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/medal-designs',
      summary: 'Create a medal design (id from the name when not given)',
      tags: ['admin', ...TAGS],
      body: MedalDesignCreate,
      access: ['admin'],
      responses: {
        201: { description: 'Created', schema: MedalDesign },
        400: error('Invalid id, name, category or colour'),
        409: error('The id is taken'),
        ...ADMIN_ERRORS,
      },
    },
    async (ctx) => {
      const body = ctx.state.input.body;
      const id = body.id ?? medalIdFromName(body.name);
      if (!id) throw badRequest(M.idInvalid, [{ path: 'body.id', message: M.idInvalid }]);
      const user = ctx.state.user;
      const row = await createMedalDesign(ctx.db, user, id, body);
      ctx.cache.clear();
      ctx.status = 201;
      ctx.body = presentMedalDesign(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/api/admin/medal-designs/:id',
      summary: "Change a design's name, category or colours (omitted fields stay; the id cannot change)",
      tags: ['admin', ...TAGS],
      params: MedalDesignParams,
      body: MedalDesignUpdate,
      access: ['admin'],
      responses: {
        200: { description: 'Changed', schema: MedalDesign },
        400: error('Invalid name, category or colour, or nothing to change'),
        404: error('No such design'),
        ...ADMIN_ERRORS,
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const user = ctx.state.user;
      const row = await changeMedalDesign(ctx.db, user, id, ctx.state.input.body);
      ctx.cache.clear();
      ctx.body = presentMedalDesign(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/api/admin/medal-designs/:id',
      summary: 'Delete a medal design',
      tags: ['admin', ...TAGS],
      params: MedalDesignParams,
      access: ['admin'],
      responses: {
        204: { description: 'Deleted' },
        404: error('No such design'),
        409: error('The design is still in use'),
        ...ADMIN_ERRORS,
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const user = ctx.state.user;
      await removeMedalDesign(ctx.db, user, id);
      ctx.cache.clear();
      ctx.status = 204;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/medal-designs',
      summary: 'Every medal design, each with the address of its SVG (public: the /medals page)',
      tags: TAGS,
      responses: { 200: { description: 'The designs', schema: MedalDesignList } },
    },
    async (ctx) => {
      const cached = await ctx.cache.get('medal-designs', async () => ({ items: (await listMedalDesigns(ctx.db)).map(presentMedalDesign) }));
      sendCachedJson(ctx, cached);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/medal-designs/:id.svg',
      summary: 'The medal drawn as SVG (image/svg+xml); ?download=1 answers it as the file "{id}.svg"',
      tags: TAGS,
      params: MedalDesignParams,
      query: MedalSvgQuery,
      responses: {
        200: { description: 'The SVG document (Content-Type image/svg+xml, ETag, Cache-Control public max-age=300)' },
        400: error('Invalid download value'),
        404: error('No such design'),
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const row = await findMedalDesign(ctx.db, id);
      if (!row) throw notFound('medal_design', M.notFound);
      const download = ['1', 'true'].includes(ctx.state.input.query.download ?? '');
      if (download) ctx.attachment(`${row.id}.svg`); // (also sets the type: set ours after it)
      ctx.type = 'image/svg+xml; charset=utf-8';
      ctx.set('Cache-Control', SVG_CACHE_CONTROL);
      ctx.set('X-Content-Type-Options', 'nosniff');
      // Opened on its own, the document may run nothing and load nothing.
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      ctx.body = renderMedalSvg({
        id: row.id,
        name: row.name,
        category: row.category,
        primaryColor: row.primary_color,
        accentColor: row.accent_color,
      });
    },
  );
}
