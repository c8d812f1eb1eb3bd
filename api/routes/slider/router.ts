import { SliderList } from '../../contract/wines';
import { defineRoute } from '../../lib/route';
import { type AppRouter, sendCachedJson } from '../../lib/router';
import { presentSliderItem } from '../../presenters/slider';
import { swedishYearMonth } from '../../contract/dates';
import { listSliderEntries } from '../../queries/slider';
import { listWinePriceHistory } from '../../queries/wine-prices';

/** GET /api/slider-wines: this month's slider (Swedish time), in position order (spec 000 §7). */
export function sliderRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/slider-wines',
      summary: "This month's featured wines for the home-page slider, in position order",
      tags: ['slider'],
      responses: { 200: { description: 'Slider items {id, label, position, wine}', schema: SliderList } },
    },
    async (ctx) => {
      const { year, month } = swedishYearMonth();
      const cached = await ctx.cache.get(`slider:${year}-${month}`, async () => {
        const rows = await listSliderEntries(ctx.db, year, month);
        const history = await listWinePriceHistory(
          ctx.db,
          rows.map((r) => r.id),
        );
        return rows.map((row) => presentSliderItem(row, history, { photos: Boolean(ctx.winePhotos) }));
      });
      sendCachedJson(ctx, cached);
    },
  );
}
