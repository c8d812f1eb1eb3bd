import { ErrorBody } from '../../contract/errors';
import { Catalogue, WineSearchPage, WineSearchQuery } from '../../contract/wine-search';
import { defineRoute } from '../../lib/route';
import { type AppRouter, sendCachedJson } from '../../lib/router';
import { needsFyndMedians, presentCatalogue, presentWineSearchPage } from '../../presenters/wine-search';
import { medianPricePerLitreByType } from '../../queries/wine-prices';
import { catalogueDates, listCatalogueWines, searchPublicWines } from '../../queries/wine-search';

/**
 * Finding a wine (docs/catalogue.md): the search with filters, sorts and facets, and the whole public catalogue for
 * the device's offline search. Registered before the wine routes, so '/api/wines/search' is not taken for an id.
 */
export function wineSearchRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/wines/search',
      summary:
        "Searches and filters the public wines: one page of cards, the total, each filter's values with counts (given the other filters), and the price and kr/l ranges",
      tags: ['wines'],
      query: WineSearchQuery,
      responses: {
        200: { description: 'One page of matching wines with facets and ranges', schema: WineSearchPage },
        400: { description: 'Bad query', schema: ErrorBody },
      },
    },
    async (ctx) => {
      const query = ctx.state.input.query;
      // Every parameter, after validation and defaults, in a fixed order: equal searches share one entry.
      const key = `wine-search:${JSON.stringify(query, Object.keys(WineSearchQuery.shape).sort())}`;
      const cached = await ctx.cache.get(key, async () => {
        const result = await searchPublicWines(ctx.db, query);
        // The medians per type (a pass over every wine) only when a card on the page is a FYND that shows its line.
        const medians = needsFyndMedians(result.rows) ? await medianPricePerLitreByType(ctx.db) : {};
        return presentWineSearchPage(result, query, medians, { photos: Boolean(ctx.winePhotos) });
      });
      sendCachedJson(ctx, cached);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/wines/catalogue',
      summary: "Every public wine (also those no longer sold) as the device keeps it for offline search, with the newest data's date",
      tags: ['wines'],
      responses: { 200: { description: 'The catalogue', schema: Catalogue } },
    },
    async (ctx) => {
      const cached = await ctx.cache.get('wine-catalogue', async () => {
        const [rows, dates, medians] = await Promise.all([listCatalogueWines(ctx.db), catalogueDates(ctx.db), medianPricePerLitreByType(ctx.db)]);
        return presentCatalogue(rows, dates, medians, { photos: Boolean(ctx.winePhotos) });
      });
      sendCachedJson(ctx, cached);
    },
  );
}
