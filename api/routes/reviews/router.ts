import { z } from 'zod';
import { ErrorBody } from '../../contract/errors';
import { MyReview, ReviewCreate, SubmittedReview } from '../../contract/reviews';
import { WineIdParams } from '../../contract/wines';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { presentMyReview, presentSubmittedReview } from '../../presenters/reviews';
import { listReviewsByUser } from '../../queries/reviews';
import { submitReview } from '../../services/reviews';

const error = (description: string) => ({ description, schema: ErrorBody });

/**
 * Writing community reviews (spec 000 §2 'Review dialog', §4, §7): POST /api/wines/{id}/reviews stores
 * a pending review by the signed-in user and queues its analysis; GET /api/user/reviews lists the user's own
 * reviews with their status for 'Mina recensioner'. Published reviews are read through GET /api/wines/{id}/reviews.
 */
export function reviewRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/wines/:id/reviews',
      summary: 'Submit a review of a public wine: stored as pending, analysed within seconds, published once a moderator approves it',
      tags: ['reviews'],
      params: WineIdParams,
      body: ReviewCreate,
      access: 'signed-in',
      responses: {
        201: { description: 'Stored, pending analysis and moderation', schema: SubmittedReview },
        400: error('Validation failed (content missing or over 4,000 characters, a rating outside 1–5), or the body names another wine'),
        401: error('Not signed in'),
        403: error('The body names another author'),
        404: error('No such public wine'),
        409: error('The user has already reviewed this wine'),
      },
    },
    async (ctx) => {
      const user = ctx.state.user;
      ctx.status = 201;
      ctx.body = presentSubmittedReview(await submitReview(ctx.db, ctx.jobs, user, ctx.state.input.params.id, ctx.state.input.body));
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/user/reviews',
      summary: "The signed-in user's own reviews, newest first, whatever their status (väntar, publicerad, avvisad)",
      tags: ['reviews', 'account'],
      access: 'signed-in',
      responses: { 200: { description: 'The reviews', schema: z.object({ items: z.array(MyReview) }) }, 401: error('Not signed in') },
    },
    async (ctx) => {
      const user = ctx.state.user;
      const rows = await listReviewsByUser(ctx.db, user.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: rows.map(presentMyReview) };
    },
  );
}
