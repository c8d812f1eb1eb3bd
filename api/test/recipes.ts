// The built-in recipes (api/queries/recipes.ts) for the PWA's tests, which may import the API's test support but not
// its queries (scripts/check-boundaries.mjs): the screens' tests answer GET /api/recipes with them.
export { RECIPES } from '../queries/recipes';
