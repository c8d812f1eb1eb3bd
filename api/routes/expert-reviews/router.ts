import { z } from 'zod';
import { ExpertReview } from '../../contract/reviews';
import { defineRoute } from '../../lib/route';
import { type AppRouter, sendCachedJson } from '../../lib/router';
import { presentFeaturedExpertReview } from '../../presenters/reviews';
import { listFeaturedExpertReviews } from '../../queries/reviews';

/** GET /api/expert-reviews/featured (spec 000 §7; the PWA filters by wineId). */
export function expertReviewsRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/expert-reviews/featured',
      summary: 'Featured expert reviews, newest first',
      tags: ['reviews'],
      responses: { 200: { description: 'Expert reviews', schema: z.array(ExpertReview) } },
    },
    async (ctx) => {
      sendCachedJson(
        ctx,
        await ctx.cache.get('expert-reviews:featured', async () => (await listFeaturedExpertReviews(ctx.db)).map(presentFeaturedExpertReview)),
      );
    },
  );
}
