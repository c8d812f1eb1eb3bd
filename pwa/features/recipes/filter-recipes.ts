import type { Recipe, RecipeCategory, RecipeDifficulty } from '../../../api/contract/recipes';

/** The state of the /recept filters: the search box text and the two button groups ('Alla' = no filter). */
export interface RecipeFilter {
  query: string;
  category: RecipeCategory | 'Alla';
  difficulty: RecipeDifficulty | 'Alla';
}

const LOCALE = 'sv-SE';

/**
 * Combining marks that carry a distinct Swedish letter and so must survive folding:
 * å (a + ring above), ä (a + diaeresis), ö (o + diaeresis). Every other mark is dropped,
 * so 'e' finds 'é' (crème, purée) and 'u' finds 'ü' (grüner), but 'a' never finds 'å' or 'ä'.
 */
const SWEDISH_LETTER_OR_MARK = /(a\u030a|a\u0308|o\u0308)|\p{M}/gu;

/**
 * Folds text for the recipe search: Swedish lower case, accents removed except on å, ä and ö.
 * Danish/Norwegian æ and ø fold to ä and ö, as Swedish alphabetical order treats them.
 */
function foldForSearch(text: string): string {
  return text
    .toLocaleLowerCase(LOCALE)
    .normalize('NFD')
    .replace(SWEDISH_LETTER_OR_MARK, (_mark: string, swedishLetter: string | undefined) => swedishLetter ?? '')
    .normalize('NFC')
    .replace(/æ/g, 'ä')
    .replace(/ø/g, 'ö');
}

/** The folded texts a recipe can be found by: title, description, tags and ingredients. */
function searchableTexts(recipe: Recipe): string[] {
  return [recipe.title, recipe.description, ...recipe.tags, ...recipe.ingredients].map(foldForSearch);
}

/**
 * Filters the built-in recipes for /recept and keeps their order.
 *
 * Rules (spec 000 §4 'Recipe filters', §5 'Recipe search', §2 'Recipe page'):
 * - text, category and difficulty combine with AND; 'Alla' means no filter for that group;
 * - the query is trimmed, and an empty (or whitespace-only) query matches every recipe;
 * - the search is case-insensitive (Swedish locale) and looks in the title, the description, every tag and,
 *   as the search box promises ('Sök recept, ingredienser eller taggar...'), every ingredient;
 * - a query of several words matches when each word is found somewhere in those texts, in any order;
 * - accents are ignored ('creme' finds 'crème'), but å, ä and ö stay distinct letters: 'a' does not find 'å' or 'ä'.
 *
 * @param recipes the recipe list, e.g. RECIPES; never modified
 * @param filter  the current filter state
 * @returns a new array with the matching recipes, [] when none match
 */
export function filterRecipes(recipes: readonly Recipe[], filter: RecipeFilter): Recipe[] {
  const words = foldForSearch(filter.query)
    .split(/\s+/u)
    .filter((word) => word !== '');

  return recipes.filter((recipe) => {
    if (filter.category !== 'Alla' && recipe.category !== filter.category) return false;
    if (filter.difficulty !== 'Alla' && recipe.difficulty !== filter.difficulty) return false;
    if (words.length === 0) return true;

    const texts = searchableTexts(recipe);
    return words.every((word) => texts.some((text) => text.includes(word)));
  });
}
