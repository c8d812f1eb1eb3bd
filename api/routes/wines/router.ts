import { ErrorBody } from '../../contract/errors';
import { UserReview } from '../../contract/reviews';
import { SimilarWinesAnswer } from '../../contract/similar-wines-contract';
import { WineDetail, WineIdParams, WineListQuery, WinePage } from '../../contract/wines';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import { isPresent } from '../../lib/public-cache';
import { type AppRouter, sendCachedJson } from '../../lib/router';
import { presentPublishedReview } from '../../presenters/reviews';
import { presentSimilarWines } from '../../presenters/similar-wines';
import { presentWineDetail, presentWineSummary } from '../../presenters/wine';
import { listPublishedReviews, publishedReviewFigures } from '../../queries/reviews';
import { findSimilarWineCandidates } from '../../queries/similar-wines';
import { listWinePriceHistory, medianPricePerLitreByType } from '../../queries/wine-prices';
import { findPublicWine, listPublicWines } from '../../queries/wines';

export const wineNotFound = () => notFound('wine', 'Vinet finns inte.');

/** Public wine endpoints (spec 000 §7). */
export function wineRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/wines',
      summary:
        "A page of public wines (card fields), optionally of one category (FYND, NYLANSERAD, FOLKETS_VAL), or the wines named by ids; wines no longer sold ('Utgått') only by ids",
      tags: ['wines'],
      query: WineListQuery,
      responses: {
        200: { description: 'One page of wines and the total number of matching wines', schema: WinePage },
        400: { description: 'Bad query', schema: ErrorBody },
      },
    },
    async (ctx) => {
      const { category, ids, limit, offset } = ctx.state.input.query;
      const key = `wines:${category ?? ''}:${ids?.join(',') ?? ''}:${limit}:${offset}`;
      const cached = await ctx.cache.get(key, async () => {
        const [{ rows, total }, medians] = await Promise.all([
          listPublicWines(ctx.db, { category, ids, limit, offset }),
          medianPricePerLitreByType(ctx.db),
        ]);
        const items = rows.map((row) => presentWineSummary(row, medians, { photos: Boolean(ctx.winePhotos) }));
        return ids ? { items, total, limit: ids.length, offset: 0 } : { items, total, limit, offset };
      });
      sendCachedJson(ctx, cached);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/wines/:id',
      summary: 'One public wine, with its published community reviews counted (reviewCount, reviewerCount, reviewAverage)',
      tags: ['wines'],
      params: WineIdParams,
      responses: { 200: { description: 'The wine', schema: WineDetail }, 404: { description: 'No such public wine', schema: ErrorBody } },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const cached = await ctx.cache.get(`wine:${id}`, async () => {
        const row = await findPublicWine(ctx.db, id);
        if (!row) return null;
        const [history, figures] = await Promise.all([listWinePriceHistory(ctx.db, [row.id]), publishedReviewFigures(ctx.db, row.id)]);
        return presentWineDetail(row, history, figures, { photos: Boolean(ctx.winePhotos) });
      });
      if (!isPresent(cached)) throw wineNotFound();
      sendCachedJson(ctx, cached);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/wines/:id/similar',
      summary: "'Liknande viner': up to six public wines of the same type within ±25 % of the wine's kr/l, nearest taste first, each with a reason",
      tags: ['wines'],
      params: WineIdParams,
      responses: {
        200: { description: 'The similar wines (api/contract/similar-wines.ts gives the rule)', schema: SimilarWinesAnswer },
        404: { description: 'No such public wine', schema: ErrorBody },
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      const cached = await ctx.cache.get(`wine-similar:${id}`, async () => {
        const target = await findPublicWine(ctx.db, id);
        if (!target) return null;
        const [candidates, medians] = await Promise.all([findSimilarWineCandidates(ctx.db, target), medianPricePerLitreByType(ctx.db)]);
        return presentSimilarWines(target, candidates, medians, { photos: Boolean(ctx.winePhotos) });
      });
      if (!isPresent(cached)) throw wineNotFound();
      sendCachedJson(ctx, cached);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/wines/:id/reviews',
      summary: "A wine's published community reviews, newest first",
      tags: ['reviews'],
      params: WineIdParams,
      responses: {
        200: { description: 'Published reviews', schema: z.array(UserReview) },
        404: { description: 'No such public wine', schema: ErrorBody },
      },
    },
    async (ctx) => {
      const { id } = ctx.state.input.params;
      if (!(await findPublicWine(ctx.db, id))) throw wineNotFound();
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = (await listPublishedReviews(ctx.db, id)).map(presentPublishedReview);
    },
  );
}
