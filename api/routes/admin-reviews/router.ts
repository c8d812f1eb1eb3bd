import { MODERATION_FLAGS } from '../../contract/review-rules';
import { ErrorBody } from '../../contract/errors';
import { ModerationResult, PendingReviewList, ReviewApprove, ReviewIdParams, ReviewReject } from '../../contract/reviews';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { presentPendingReview } from '../../presenters/reviews';
import { listPendingReviews, pendingReviewStats } from '../../queries/reviews';
import { approveReview, rejectReview } from '../../services/reviews';

const error = (description: string) => ({ description, schema: ErrorBody });
const ACCESS = { 401: error('Not signed in'), 403: error('Neither an admin nor a moderator') };
/** Admins and moderators decide reviews; moderators may do nothing else in the admin API. */
const MODERATORS = ['admin', 'moderator'] as const;

/**
 * Review moderation (spec 001 §2 'Reviews moderation tab'): the pending reviews with the tab's real
 * figures, and the two decisions. Admins and moderators only.
 */
export function adminReviewRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/reviews/pending',
      summary: "Pending community reviews, oldest first, with the moderation tab's figures (pending, mean AI rating, 'Kräver uppmärksamhet')",
      tags: ['reviews', 'admin'],
      access: MODERATORS,
      responses: { 200: { description: 'The pending reviews', schema: PendingReviewList }, ...ACCESS },
    },
    async (ctx) => {
      const [rows, stats] = await Promise.all([listPendingReviews(ctx.db), pendingReviewStats(ctx.db, MODERATION_FLAGS)]);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: rows.map(presentPendingReview), stats };
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/reviews/:id/approve',
      summary:
        "Approve and publish a pending review with the moderator's final rating (1–5 in steps of 0.5); updates the wine's rating and Folkets Val",
      tags: ['reviews', 'admin'],
      access: MODERATORS,
      params: ReviewIdParams,
      body: ReviewApprove,
      responses: {
        200: { description: 'Approved and published', schema: ModerationResult },
        400: error('Final rating outside 1–5 or not a step of 0.5'),
        ...ACCESS,
        404: error('No such review'),
        409: error('Already approved or rejected'),
      },
    },
    async (ctx) => {
      ctx.body = await approveReview(ctx.db, ctx.state.user, ctx.state.input.params.id, ctx.state.input.body);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/reviews/:id/reject',
      summary: 'Reject a pending review with a reason (shown to its author); it is never published',
      tags: ['reviews', 'admin'],
      access: MODERATORS,
      params: ReviewIdParams,
      body: ReviewReject,
      responses: {
        200: { description: 'Rejected', schema: ModerationResult },
        400: error('Reason missing'),
        ...ACCESS,
        404: error('No such review'),
        409: error('Already approved or rejected'),
      },
    },
    async (ctx) => {
      ctx.body = await rejectReview(ctx.db, ctx.state.user, ctx.state.input.params.id, ctx.state.input.body);
    },
  );
}
