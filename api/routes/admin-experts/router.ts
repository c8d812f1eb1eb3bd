import type { Knex } from 'knex';
import { IMAGE_PATH_RE } from '../../contract/admin-wines';
import { ErrorBody } from '../../contract/errors';
import {
  AdminExpert,
  AdminExpertList,
  AdminExpertReview,
  AdminExpertReviewPage,
  EXPERT_MESSAGES as M,
  ExpertCreate,
  ExpertIdParams,
  ExpertReviewCreate,
  ExpertReviewListQuery,
  ExpertReviewUpdate,
  ExpertUpdate,
} from '../../contract/experts';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { recordAudit } from '../../queries/audit-log';
import {
  countExpertReviews,
  deleteExpert,
  deleteExpertReview,
  findExpert,
  findExpertReview,
  findExpertReviewWithNames,
  findExpertWithCount,
  insertExpert,
  insertExpertReview,
  listExperts,
  listExpertReviews,
  updateExpert,
  updateExpertReview,
  type ExpertColumns,
  type ExpertReviewColumns,
} from '../../queries/experts';
import { imageExists } from '../../queries/images';
import { presentAdminExpert, presentAdminExpertReview } from './presenter';

const error = (description: string) => ({ description, schema: ErrorBody });
const ADMIN_ERRORS = { 401: error('Not signed in'), 403: error('Not an admin') };
const EXPERT_TAGS = ['admin', 'experts'];
const REVIEW_TAGS = ['admin', 'experts', 'reviews'];

type Db = Knex | Knex.Transaction;

const expertNotFound = () => notFound('expert', M.expertNotFound);
const reviewNotFound = () => notFound('expert_review', M.reviewNotFound);
const fieldError = (field: string, message: string) => badRequest(message, [{ path: `body.${field}`, message }]);

/**
 * An uploaded image (/api/images/{id}) must exist (the same check as a wine's image, api/services/admin-wines.ts);
 * an unchanged value is not checked again. https addresses and null pass (the schema has judged their form).
 */
async function checkImage(db: Db, imageUrl: string | null | undefined, stored?: string | null): Promise<void> {
  const imageId = imageUrl ? IMAGE_PATH_RE.exec(imageUrl)?.[1] : undefined;
  if (imageId && imageUrl !== stored && !(await imageExists(db, imageId.toLowerCase()))) throw fieldError('imageUrl', M.imageMissing);
}

/** The wine and the expert a review names must exist (400 on the field, not a 404: the path's resource is fine). */
async function checkReviewRefs(db: Db, refs: { wineId?: string; expertId?: string }): Promise<void> {
  const details: { path: string; message: string }[] = [];
  if (refs.wineId && !(await db('wines').where({ id: refs.wineId }).first('id'))) {
    details.push({ path: 'body.wineId', message: M.wineNotFound });
  }
  // FOR KEY SHARE: the expert cannot be deleted between this check and the insert.
  if (refs.expertId && !(await db('experts').where({ id: refs.expertId }).forKeyShare().first('id'))) {
    details.push({ path: 'body.expertId', message: M.expertNotFound });
  }
  if (details.length) throw badRequest(details.length === 1 ? details[0]!.message : 'Några uppgifter är ogiltiga.', details);
}

async function expertAnswer(db: Db, id: string): Promise<AdminExpert> {
  const row = await findExpertWithCount(db, id);
  if (!row) throw expertNotFound();
  return presentAdminExpert(row);
}

async function reviewAnswer(db: Db, id: string): Promise<AdminExpertReview> {
  const row = await findExpertReviewWithNames(db, id);
  if (!row) throw reviewNotFound();
  return presentAdminExpertReview(row);
}

/** The audit summary's name of a review: 'av "Barolo 2019" (Anna Lindqvist)'. */
async function reviewLabel(db: Db, wineId: string, expertId: string): Promise<string> {
  const wine = await db('wines').where({ id: wineId }).first<{ name: string } | undefined>('name');
  const expert = await db('experts').where({ id: expertId }).first<{ name: string } | undefined>('name');
  return `av "${wine?.name ?? 'okänt vin'}" (${expert?.name ?? 'okänd expert'})`;
}

function reviewColumns(body: ExpertReviewUpdate): ExpertReviewColumns {
  const columns: ExpertReviewColumns = {
    wine_id: body.wineId,
    expert_id: body.expertId,
    title: body.title,
    content: body.content,
    rating: body.rating,
    price_worth_rating: body.priceWorthRating,
    quality_rating: body.qualityRating,
    overall_experience: body.overallExperience,
    is_fynd: body.isFynd,
    is_featured: body.isFeatured,
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined)) as ExpertReviewColumns;
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
      const id = await ctx.db.transaction(async (trx) => {
        await checkImage(trx, body.imageUrl);
        const row = await insertExpert(trx, { name: body.name, title: body.title, image_url: body.imageUrl });
        await recordAudit(trx, user, {
          action: 'expert.create',
          entityType: 'expert',
          entityId: row.id,
          summary: `Lade till experten "${row.name}"`,
        });
        return row.id;
      });
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
      await ctx.db.transaction(async (trx) => {
        const stored = await findExpert(trx, id, { forUpdate: true });
        if (!stored) throw expertNotFound();
        await checkImage(trx, body.imageUrl, stored.image_url);
        const columns: ExpertColumns = { name: body.name };
        if (body.title !== undefined) columns.title = body.title;
        if (body.imageUrl !== undefined) columns.image_url = body.imageUrl;
        const row = (await updateExpert(trx, id, columns))!;
        const renamed = row.name !== stored.name ? ` (tidigare "${stored.name}")` : '';
        await recordAudit(trx, user, {
          action: 'expert.update',
          entityType: 'expert',
          entityId: id,
          summary: `Uppdaterade experten "${row.name}"${renamed}`,
        });
      });
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
      await ctx.db.transaction(async (trx) => {
        // The row lock waits for (and then blocks) a review being added for this expert (FOR KEY SHARE).
        const stored = await findExpert(trx, id, { forUpdate: true });
        if (!stored) throw expertNotFound();
        const reviews = await countExpertReviews(trx, id);
        if (reviews > 0) throw conflict('expert_has_reviews', M.hasReviews(reviews));
        await deleteExpert(trx, id);
        await recordAudit(trx, user, { action: 'expert.delete', entityType: 'expert', entityId: id, summary: `Tog bort experten "${stored.name}"` });
      });
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
      const id = await ctx.db.transaction(async (trx) => {
        await checkReviewRefs(trx, body);
        const row = await insertExpertReview(trx, reviewColumns(body) as Required<ExpertReviewColumns>);
        await recordAudit(trx, user, {
          action: 'expert_review.create',
          entityType: 'expert_review',
          entityId: row.id,
          summary: `Lade till en expertrecension ${await reviewLabel(trx, row.wine_id, row.expert_id)}, betyg ${row.rating}/5`,
        });
        return row.id;
      });
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
      await ctx.db.transaction(async (trx) => {
        const stored = await findExpertReview(trx, id, { forUpdate: true });
        if (!stored) throw reviewNotFound();
        await checkReviewRefs(trx, {
          wineId: body.wineId !== stored.wine_id ? body.wineId : undefined,
          expertId: body.expertId !== stored.expert_id ? body.expertId : undefined,
        });
        const row = (await updateExpertReview(trx, id, reviewColumns(body)))!;
        const shown = row.is_featured !== stored.is_featured ? (row.is_featured ? ', visas nu på vinsidan' : ', visas inte längre på vinsidan') : '';
        await recordAudit(trx, user, {
          action: 'expert_review.update',
          entityType: 'expert_review',
          entityId: id,
          summary: `Uppdaterade expertrecensionen ${await reviewLabel(trx, row.wine_id, row.expert_id)}${shown}`,
        });
      });
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
      await ctx.db.transaction(async (trx) => {
        const stored = await findExpertReview(trx, id, { forUpdate: true });
        if (!stored) throw reviewNotFound();
        const label = await reviewLabel(trx, stored.wine_id, stored.expert_id);
        await deleteExpertReview(trx, id);
        await recordAudit(trx, user, {
          action: 'expert_review.delete',
          entityType: 'expert_review',
          entityId: id,
          summary: `Tog bort expertrecensionen ${label}`,
        });
      });
      ctx.cache.clear();
      ctx.status = 204;
    },
  );
}
