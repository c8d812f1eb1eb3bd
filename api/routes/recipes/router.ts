import { RecipeList } from '../../contract/recipes';
import { defineRoute } from '../../lib/route';
import { type AppRouter, sendCachedJson } from '../../lib/router';
import { listRecipes } from '../../queries/recipes';

/**
 * GET /api/recipes: the built-in recipe collection (api/queries/recipes.ts) for /recept and /recept/{id}. The PWA
 * reads it from here (and from the server-rendered page's data) instead of carrying it in its JavaScript, and keeps
 * the last answer on the device for offline reading.
 */
export function recipeRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/recipes',
      summary: 'Every recipe with its ingredients, steps and recommended wines (ids), in the collection’s order',
      tags: ['recipes'],
      responses: { 200: { description: 'The recipes (Cache-Control public, must-revalidate; ETag, 304 when unchanged)', schema: RecipeList } },
    },
    async (ctx) => {
      sendCachedJson(ctx, await ctx.cache.get('recipes', async () => ({ items: [...listRecipes()] })));
    },
  );
}
