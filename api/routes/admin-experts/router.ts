import type { AppContext } from '../../app-context';
import { ErrorBody } from '../../contract/errors';
import {
  AdminExpert,
  AdminExpertList,
  AdminExpertReview,
  AdminExpertReviewPage,
  ExpertCreate,
  ExpertIdParams,
  ExpertReviewCreate,
  ExpertReviewListQuery,
  ExpertReviewUpdate,
  ExpertUpdate,
} from '../../contract/experts';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { presentAdminExpert, presentAdminExpertReview } from '../../presenters/experts';
import { findExpertReviewWithNames, findExpertWithCount, listExperts, listExpertReviews } from '../../queries/experts';
import {
  addExpert,
  addExpertReview,
  changeExpert,
  changeExpertReview,
  expertNotFound,
  expertReviewNotFound,
  removeExpert,
  removeExpertReview,
} from '../../services/experts';

const error = (description: string) => ({ description, schema: ErrorBody });
const ADMIN_ERRORS = { 401: error('Not signed in'), 403: error('Not an admin') };
const EXPERT_TAGS = ['admin', 'experts'];
const REVIEW_TAGS = ['admin', 'experts', 'reviews'];

type Db = AppContext['db'];

async function expertAnswer(db: Db, id: string): Promise<AdminExpert> {
  const row = await findExpertWithCount(db, id);
  if (!row) throw expertNotFound();
  return presentAdminExpert(row);
}

async function reviewAnswer(db: Db, id: string): Promise<AdminExpertReview> {
  const row = await findExpertReviewWithNames(db, id);
  if (!row) throw expertReviewNotFound();
  return presentAdminExpertReview(row);
}

/**
 * The experts admin ("Experts (name, title, image) and their reviews are managed in a new admin section
 * (the spec has none)"). Experts: list with review counts, create, edit, delete (409 while they have reviews).
 * Expert reviews: a page filterable by wine or expert, create, edit, delete. Admins only; every write is audited
 * in its transaction. The public GET /api/expert-reviews/featured follows at once: this process drops its cache
 * here, and the tables' triggers tell every other process.
 */
export function adminExpertRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/experts',
      summary: 'Every expert with their number of reviews, by name',
      tags: EXPERT_TAGS,
      access: ['admin'],
      responses: { 200: { description: 'The experts', schema: AdminExpertList }, ...ADMIN_ERRORS },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: (await listExperts(ctx.db)).map(presentAdminExpert) };
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/experts',
      summary: 'Add an expert (name required; title and image optional: without an image the site draws the initials)',
      tags: EXPERT_TAGS,
      body: ExpertCreate,
      access: ['admin'],
      responses: {
        201: { description: 'Added', schema: AdminExpert },
        400: error('Missing name, too long a text, or an image that is not an uploaded one or an https address'),
        ...ADMIN_ERRORS,
      },
    },
    async (ctx) => {
      const body = ctx.state.input.body;
      const user = ctx.state.user;
      const id = await addExpert(ctx.db, user, body);
      ctx.cache.clear();
      ctx.status = 201;
      ctx.body = await expertAnswer(ctx.db, id);
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/api/admin/experts/:id',
      summary: "Change an expert's name, title or image (an omitted title or image keeps its value)",
      tags: EXPERT_TAGS,
      params: ExpertIdParams,
      body: ExpertUpdate,
      access: ['admin'],
      responses: {
        200: { description: 'Changed', schema: AdminExpert },
        400: error('Invalid fields'),
        ...ADMIN_ERRORS,
        404: error('No such expert'),
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const body = ctx.state.input.body;
      const user = ctx.state.user;
      await changeExpert(ctx.db, user, id, body);
      ctx.cache.clear();
      ctx.body = await expertAnswer(ctx.db, id);
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/api/admin/experts/:id',
      summary: 'Delete an expert who has no reviews (their reviews are published text: move or delete them first)',
      tags: EXPERT_TAGS,
      params: ExpertIdParams,
      access: ['admin'],
      responses: {
        204: { description: 'Deleted' },
        ...ADMIN_ERRORS,
        404: error('No such expert'),
        409: error('The expert has reviews'),
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const user = ctx.state.user;
      await removeExpert(ctx.db, user, id);
      ctx.cache.clear();
      ctx.status = 204;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/expert-reviews',
      summary: "Expert reviews, newest first, one page at a time; optionally one wine's or one expert's",
      tags: REVIEW_TAGS,
      query: ExpertReviewListQuery,
      access: ['admin'],
      responses: {
        200: { description: 'One page and the total', schema: AdminExpertReviewPage },
        400: error('Invalid wineId, expertId, limit or offset'),
        ...ADMIN_ERRORS,
      },
    },
    async (ctx) => {
      const query = ctx.state.input.query;
      const { rows, total } = await listExpertReviews(ctx.db, query);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: rows.map(presentAdminExpertReview), total, limit: query.limit, offset: query.offset };
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/expert-reviews',
      summary: 'Add an expert review of a wine (shown on the wine page while isFeatured and the wine is published)',
      tags: REVIEW_TAGS,
      body: ExpertReviewCreate,
      access: ['admin'],
      responses: {
        201: { description: 'Added', schema: AdminExpertReview },
        400: error('Invalid fields, or an unknown wine or expert'),
        ...ADMIN_ERRORS,
      },
    },
    async (ctx) => {
      const body = ctx.state.input.body;
      const user = ctx.state.user;
      const id = await addExpertReview(ctx.db, user, body);
      ctx.cache.clear();
      ctx.status = 201;
      ctx.body = await reviewAnswer(ctx.db, id);
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/api/admin/expert-reviews/:id',
      summary: 'Change an expert review: the fields given replace the stored ones',
      tags: REVIEW_TAGS,
      params: ExpertIdParams,
      body: ExpertReviewUpdate,
      access: ['admin'],
      responses: {
        200: { description: 'Changed', schema: AdminExpertReview },
        400: error('Invalid fields, or an unknown wine or expert'),
        ...ADMIN_ERRORS,
        404: error('No such expert review'),
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const body = ctx.state.input.body;
      const user = ctx.state.user;
      await changeExpertReview(ctx.db, user, id, body);
      ctx.cache.clear();
      ctx.body = await reviewAnswer(ctx.db, id);
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/api/admin/expert-reviews/:id',
      summary: 'Delete an expert review (it disappears from the wine page)',
      tags: REVIEW_TAGS,
      params: ExpertIdParams,
      access: ['admin'],
      responses: {
        204: { description: 'Deleted' },
        ...ADMIN_ERRORS,
        404: error('No such expert review'),
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const user = ctx.state.user;
      await removeExpertReview(ctx.db, user, id);
      ctx.cache.clear();
      ctx.status = 204;
    },
  );
}
