import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Recipe } from '../../../api/contract/recipes';
import { apiGet } from '../api-client';
import { loadDeviceDb, readThrough } from '../offline-read';

/** The recipes' address, also their key on the device. */
export const RECIPES_KEY = '/api/recipes';

/**
 * GET /api/recipes — every recipe (api/contract/recipes.ts), network first; offline, the copy the device kept from
 * the last answer (pwa/lib/offline-read.ts).
 * @throws ApiError, or the network error when offline without a copy
 */
export function getRecipes(): Promise<Recipe[]> {
  return readThrough({
    // apiGet unwraps the answer's `items` (api-client.ts unwrap).
    fetchFresh: () => apiGet<Recipe[]>(RECIPES_KEY),
    save: async (recipes) => (await loadDeviceDb()).lists.put({ key: RECIPES_KEY, recipes, savedAt: Date.now() }),
    loadSaved: async () => (await (await loadDeviceDb()).lists.get(RECIPES_KEY))?.recipes,
  });
}

/** The recipe collection (getRecipes): /recept and each /recept/{id} read it, also on the server. */
export const recipesQueryOptions = () => queryOptions({ queryKey: ['recipes'], queryFn: getRecipes });

export function useRecipes() {
  return useQuery(recipesQueryOptions());
}

/** Every wine the recipes recommend, each once, in the recipes' order (the recipe list reads them in one request). */
export function recipeWineIds(recipes: readonly Pick<Recipe, 'wineIds'>[]): string[] {
  return [...new Set(recipes.flatMap((r) => r.wineIds))];
}
