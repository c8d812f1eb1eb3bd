import { z } from 'zod';

/**
 * A recipe of /recept ("RECEPT & VINMATCHNING") and its page /recept/{id}, as GET /api/recipes answers it.
 *
 * The collection itself is built in, in api/queries/recipes.ts: Vinpressen's own texts, each recipe recommending 1–3
 * real wines. The server sends it (GET /api/recipes, and in the HTML of the recipe pages, docs/ssr.md) rather than the
 * PWA carrying it in its JavaScript; the device keeps the last answer for offline reading.
 */

export const RECIPE_CATEGORIES = ['Förrätt', 'Huvudrätt', 'Dessert'] as const;
export const RECIPE_DIFFICULTIES = ['Lätt', 'Medel', 'Svår'] as const;
export type RecipeCategory = (typeof RECIPE_CATEGORIES)[number];
export type RecipeDifficulty = (typeof RECIPE_DIFFICULTIES)[number];

/** A recipe's id: its kebab-case ASCII slug (å/ä → a, ö → o), e.g. 'toast-skagen'; the last segment of its page. */
export const RecipeId = z
  .string()
  .max(100)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Ogiltigt recept-id');

export const Recipe = z
  .object({
    id: RecipeId,
    title: z.string(),
    description: z.string().meta({ description: '1–2 sentences; the card clamps it to 2 lines' }),
    tags: z.array(z.string()).meta({ description: '3–5 lowercase Swedish tags; the card shows at most 3 (spec 000 §9)' }),
    category: z.enum(RECIPE_CATEGORIES),
    difficulty: z.enum(RECIPE_DIFFICULTIES),
    cookingTime: z.number().int().positive().meta({ description: 'Minutes of cooking (oven time included; chilling and setting not)' }),
    servings: z.number().int().positive().meta({ description: 'Portions' }),
    image: z.string().meta({ description: "Public path of the illustration: '/images/recipes/<id>.svg'" }),
    ingredients: z.array(z.string()).meta({ description: 'With amounts in Swedish measures (dl, msk, tsk, krm, g, kg, st)' }),
    steps: z.array(z.string()).meta({ description: '3–7 short steps' }),
    wineIds: z.array(z.string()).meta({ description: '1–3 ids of wines that suit the dish (GET /api/wines?ids=…)' }),
    wineNote: z.string().meta({ description: 'One sentence on why these wines suit the dish' }),
  })
  .meta({ id: 'Recipe' });
export type Recipe = z.infer<typeof Recipe>;

/** GET /api/recipes: every recipe, in the collection's order (starters, main courses, desserts). */
export const RecipeList = z.object({ items: z.array(Recipe) });
export type RecipeList = z.infer<typeof RecipeList>;
