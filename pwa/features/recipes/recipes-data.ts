// The recipe collection lives in api/contract/recipes.ts, shared with the server: /sitemap.xml lists /recept/{id}.
import { RECIPES } from '../../../api/contract/recipes';

export { RECIPES, type Recipe, type RecipeCategory, type RecipeDifficulty } from '../../../api/contract/recipes';

/** Every wine the recipes recommend, each once (the recipe page reads them in one request). */
export const RECIPE_WINE_IDS: readonly string[] = [...new Set(RECIPES.flatMap((r) => r.wineIds))];
