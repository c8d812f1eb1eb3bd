import type { Recipe } from '../api/contract/recipes';
import { RECIPES } from '../api/queries/recipes';
import { RecipesPage } from './pages/recipes-page';
import { WineDetailPage } from './pages/wine-detail-page';
import { expect, test, titleOf, wineById } from './support/db';

// The filter rules of spec 000 §5 and §4, written out here independently of the page's own code:
// the text matches title, description or any tag, case-insensitively; 'Alla' means no filter; all combine with AND.
function expected(filter: { query?: string; category?: Recipe['category']; difficulty?: Recipe['difficulty'] }): string[] {
  const q = (filter.query ?? '').toLocaleLowerCase('sv-SE');
  return RECIPES.filter(
    (r) =>
      (!q || [r.title, r.description, ...r.tags].some((t) => t.toLocaleLowerCase('sv-SE').includes(q))) &&
      (!filter.category || r.category === filter.category) &&
      (!filter.difficulty || r.difficulty === filter.difficulty),
  ).map((r) => r.title);
}

const total = RECIPES.length;

test.describe('recipe page', () => {
  test("lists every recipe with 'Visar Y av Y recept'", async ({ page }) => {
    const recipes = new RecipesPage(page);

    await recipes.goto();

    await expect(recipes.heroHeading()).toBeVisible();
    await expect(recipes.countLine()).toHaveText(`Visar ${total} av ${total} recept`);
    await expect(recipes.cards()).toHaveCount(total);
  });

  test('the search matches title, description and tags in any letter case', async ({ page }) => {
    const recipes = new RecipesPage(page);
    const titles = expected({ query: 'svamp' });
    expect(titles.length).toBeGreaterThan(0);
    expect(titles.length).toBeLessThan(total);
    await recipes.goto();

    await recipes.search().fill('SVAMP');

    await expect(recipes.countLine()).toHaveText(`Visar ${titles.length} av ${total} recept`);
    await expect(recipes.cardTitles()).toHaveText(titles);
  });

  test('category and difficulty combine with AND', async ({ page }) => {
    const recipes = new RecipesPage(page);
    const both = expected({ category: 'Huvudrätt', difficulty: 'Lätt' });
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(expected({ category: 'Huvudrätt' }).length);
    expect(both.length).toBeLessThan(expected({ difficulty: 'Lätt' }).length);
    await recipes.goto();

    await recipes.category('Huvudrätt').click();
    await recipes.difficulty('Lätt').click();

    await expect(recipes.countLine()).toHaveText(`Visar ${both.length} av ${total} recept`);
    await expect(recipes.cardTitles()).toHaveText(both);
  });

  test('the search combines with the filters, and Alla clears a filter', async ({ page }) => {
    const recipes = new RecipesPage(page);
    const fishMains = expected({ query: 'fisk', category: 'Huvudrätt' });
    const fish = expected({ query: 'fisk' });
    expect(fishMains.length).toBeGreaterThan(0);
    await recipes.goto();

    await recipes.search().fill('fisk');
    await recipes.category('Huvudrätt').click();
    await expect(recipes.cardTitles()).toHaveText(fishMains);
    await recipes.category('Alla').click();

    await expect(recipes.countLine()).toHaveText(`Visar ${fish.length} av ${total} recept`);
    await expect(recipes.cardTitles()).toHaveText(fish);
  });

  test("shows 'Inga recept hittades' when nothing matches", async ({ page }) => {
    const recipes = new RecipesPage(page);
    await recipes.goto();

    await recipes.search().fill('zzzz ingen rätt heter så');

    await expect(recipes.emptyState()).toBeVisible();
    await expect(page.getByText('Prova att ändra dina sökkriterier eller filtrera på något annat.')).toBeVisible();
    await expect(recipes.countLine()).toHaveText(`Visar 0 av ${total} recept`);
    await expect(recipes.cards()).toHaveCount(0);
  });

  test('a recommended wine opens a real wine from the database', async ({ page, db }) => {
    const recipes = new RecipesPage(page);
    const recipe = RECIPES.find((r) => r.wineIds.length > 0)!;
    const wine = await wineById(db, recipe.wineIds[0]!);
    expect(wine, `${recipe.wineIds[0]} is an approved wine`).toBeTruthy();
    await recipes.goto();
    const link = recipes.recommendedWineLinks(recipe.title).first();
    await expect(link).toContainText(titleOf(wine!));

    await link.click();

    await expect(page).toHaveURL(new RegExp(`/wine/${wine!.id}$`));
    await expect(new WineDetailPage(page).title()).toHaveText(titleOf(wine!));
  });
});
