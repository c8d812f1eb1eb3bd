import { describe, expect, it } from 'vitest';
import { filterRecipes, type RecipeFilter } from './filter-recipes';
import type { Recipe } from '../../../api/contract/recipes';
import { RECIPES } from '../../../api/test/recipes';

function buildRecipe(overrides: Partial<Recipe> & Pick<Recipe, 'id'>): Recipe {
  return {
    title: 'Recept',
    description: 'En rätt.',
    tags: ['middag'],
    category: 'Huvudrätt',
    difficulty: 'Medel',
    cookingTime: 30,
    servings: 4,
    image: `/images/recipes/${overrides.id}.svg`,
    ingredients: ['1 tsk salt'],
    steps: ['Laga maten.', 'Lägg upp.', 'Servera.'],
    wineIds: ['00000000-0000-5000-8000-000000000000'],
    wineNote: 'Vinet passar.',
    ...overrides,
  };
}

const lammstek = buildRecipe({
  id: 'lammstek',
  title: 'Lammstek med rosmarin',
  description: 'Söndagsstek av lammkött med vitlök.',
  tags: ['lamm', 'helg'],
  category: 'Huvudrätt',
  difficulty: 'Medel',
  ingredients: ['1,5 kg lammstek', '3 kvistar rosmarin'],
});
const skagen = buildRecipe({
  id: 'skagen',
  title: 'Toast Skagen',
  description: 'Räkor och löjrom på smörstekt toast.',
  tags: ['skaldjur', 'klassiker'],
  category: 'Förrätt',
  difficulty: 'Lätt',
  ingredients: ['500 g räkor i skal', '0,5 dl crème fraiche'],
});
const fondant = buildRecipe({
  id: 'fondant',
  title: 'Chokladfondant',
  description: 'Varm kaka med rinnande kärna.',
  tags: ['choklad', 'fest'],
  category: 'Dessert',
  difficulty: 'Svår',
  ingredients: ['100 g mörk choklad', '2 ägg'],
});
const kalops = buildRecipe({
  id: 'kalops',
  title: 'Kalops',
  description: 'Långkok på nötkött med kryddpeppar.',
  tags: ['husman', 'gryta'],
  category: 'Huvudrätt',
  difficulty: 'Lätt',
  ingredients: ['1 kg högrev', '2 gula lökar'],
});
const rodkal = buildRecipe({
  id: 'rodkal',
  title: 'Rödkål med äpple',
  description: 'Sötsur vinterklassiker.',
  tags: ['jul', 'vegetariskt'],
  category: 'Förrätt',
  difficulty: 'Medel',
  ingredients: ['1 rödkålshuvud', '2 syrliga äpplen'],
});
const apelsin = buildRecipe({
  id: 'apelsin',
  title: 'Apelsinsallad',
  description: 'Frisk dessert med mynta och rodnande hallon.',
  tags: ['frukt'],
  category: 'Dessert',
  difficulty: 'Lätt',
  ingredients: ['4 apelsiner', '1 kruka mynta'],
});

const ALL: readonly Recipe[] = [lammstek, skagen, fondant, kalops, rodkal, apelsin];
const NO_FILTER: RecipeFilter = { query: '', category: 'Alla', difficulty: 'Alla' };

function idsFor(filter: Partial<RecipeFilter>, recipes: readonly Recipe[] = ALL): string[] {
  return filterRecipes(recipes, { ...NO_FILTER, ...filter }).map((recipe) => recipe.id);
}

describe('filterRecipes', () => {
  it("returns every recipe, in order, when the query is empty and both groups are 'Alla'", () => {
    expect(idsFor({})).toEqual(['lammstek', 'skagen', 'fondant', 'kalops', 'rodkal', 'apelsin']);
  });

  it('keeps only the chosen category', () => {
    expect(idsFor({ category: 'Förrätt' })).toEqual(['skagen', 'rodkal']);
    expect(idsFor({ category: 'Dessert' })).toEqual(['fondant', 'apelsin']);
  });

  it('keeps only the chosen difficulty', () => {
    expect(idsFor({ difficulty: 'Lätt' })).toEqual(['skagen', 'kalops', 'apelsin']);
    expect(idsFor({ difficulty: 'Svår' })).toEqual(['fondant']);
  });

  it('finds recipes by a word in the title', () => {
    expect(idsFor({ query: 'fondant' })).toEqual(['fondant']);
  });

  it('finds recipes by a word in the description', () => {
    expect(idsFor({ query: 'löjrom' })).toEqual(['skagen']);
  });

  it('combines text, category and difficulty with AND', () => {
    // 'kött' finds two main courses; the difficulty decides which one stays.
    expect(idsFor({ query: 'kött' })).toEqual(['lammstek', 'kalops']);
    expect(idsFor({ query: 'kött', category: 'Huvudrätt', difficulty: 'Lätt' })).toEqual(['kalops']);
    expect(idsFor({ query: 'kött', category: 'Huvudrätt', difficulty: 'Medel' })).toEqual(['lammstek']);
    expect(idsFor({ query: 'kött', category: 'Dessert', difficulty: 'Lätt' })).toEqual([]);
    expect(idsFor({ query: 'äpple', category: 'Förrätt', difficulty: 'Medel' })).toEqual(['rodkal']);
    expect(idsFor({ category: 'Dessert', difficulty: 'Lätt' })).toEqual(['apelsin']);
  });

  it("treats 'Alla' as no filter for its group only", () => {
    expect(idsFor({ query: 'choklad', category: 'Alla', difficulty: 'Alla' })).toEqual(['fondant']);
    expect(idsFor({ category: 'Alla', difficulty: 'Medel' })).toEqual(['lammstek', 'rodkal']);
    expect(idsFor({ category: 'Förrätt', difficulty: 'Alla' })).toEqual(['skagen', 'rodkal']);
  });

  it('ignores letter case, including in Å, Ä and Ö', () => {
    expect(idsFor({ query: 'LAMMSTEK' })).toEqual(['lammstek']);
    expect(idsFor({ query: 'toast SKAGEN' })).toEqual(['skagen']);
    expect(idsFor({ query: 'RÖDKÅL' })).toEqual(['rodkal']);
  });

  it('finds recipes by a tag', () => {
    expect(idsFor({ query: 'skaldjur' })).toEqual(['skagen']);
    expect(idsFor({ query: 'husman' })).toEqual(['kalops']);
  });

  it('finds recipes by an ingredient', () => {
    expect(idsFor({ query: 'högrev' })).toEqual(['kalops']);
    expect(idsFor({ query: 'rosmarin' })).toEqual(['lammstek']);
  });

  it('trims the query and treats a whitespace-only query as empty', () => {
    expect(idsFor({ query: '   choklad \t' })).toEqual(['fondant']);
    expect(idsFor({ query: ' \n\t ' })).toEqual(idsFor({}));
  });

  it('matches a query of several words when each word is found somewhere in the recipe', () => {
    expect(idsFor({ query: 'rosmarin helg' })).toEqual(['lammstek']);
    expect(idsFor({ query: 'helg   lamm' })).toEqual(['lammstek']);
    expect(idsFor({ query: 'rosmarin choklad' })).toEqual([]);
  });

  it("does not let 'a' match 'å' or 'ä', nor 'o' match 'ö'", () => {
    expect(idsFor({ query: 'kål' })).toEqual(['rodkal']);
    expect(idsFor({ query: 'rödkal' })).toEqual([]);
    expect(idsFor({ query: 'rodkal' })).toEqual([]);
    expect(idsFor({ query: 'ap' })).toEqual(['apelsin']);
    expect(idsFor({ query: 'äp' })).toEqual(['rodkal']);
    expect(idsFor({ query: 'äpple' })).toEqual(['rodkal']);
    expect(idsFor({ query: 'rod' })).toEqual(['apelsin']);
    expect(idsFor({ query: 'röd' })).toEqual(['rodkal']);
  });

  it("ignores other accents, so 'creme' finds 'crème'", () => {
    expect(idsFor({ query: 'creme fraiche' })).toEqual(['skagen']);
    expect(idsFor({ query: 'crème' })).toEqual(['skagen']);
  });

  it('returns an empty list when nothing matches', () => {
    expect(filterRecipes(ALL, { ...NO_FILTER, query: 'surströmming' })).toEqual([]);
    expect(filterRecipes([], NO_FILTER)).toEqual([]);
  });

  it('does not modify the list it is given', () => {
    const recipes = [...ALL];
    filterRecipes(recipes, { ...NO_FILTER, category: 'Dessert' });
    expect(recipes).toEqual(ALL);
  });

  it('finds the built-in recipes by ingredient and tag', () => {
    const byIngredient = filterRecipes(RECIPES, { ...NO_FILTER, query: 'kantareller' }).map((recipe) => recipe.id);
    expect(byIngredient).toContain('kantarellsoppa-med-timjan');
    const byTag = filterRecipes(RECIPES, { ...NO_FILTER, query: 'vilt', category: 'Huvudrätt' }).map((recipe) => recipe.id);
    expect(byTag).toContain('alggryta-med-enbar-och-svamp');
  });
});
