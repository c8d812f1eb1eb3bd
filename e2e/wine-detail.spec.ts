import { randomUUID } from 'node:crypto';
import { TASTE_LABELS, WineDetailPage } from './pages/wine-detail-page';
import { expect, priceText, test, titleOf, type WineRow } from './support/db';

// Spec 000 §3: food pairing values and their labels; unknown values are shown raw.
const FOOD_LABELS: Record<string, string> = {
  seafood: 'Skaldjur',
  fish: 'Fisk',
  meat: 'Kött',
  poultry: 'Fågel',
  cheese: 'Ost',
  pasta: 'Pasta',
  salad: 'Sallad',
  aperitif: 'Aperitif',
  light_meat: 'Ljust kött',
};

const SCALES = ['sweetness', 'acidity', 'body', 'tannins', 'fruity'] as const;

test.describe('wine detail page', () => {
  test('shows the name, price, taste bars only for the scales the wine has, and PASSAR BRA TILL', async ({ page, db }) => {
    // A real imported wine with a missing sweetness clock (and no fruitiness: the data has none), a known
    // food pairing and one kept in Swedish.
    const wine: WineRow = await db('wines')
      .where({ approval_status: 'approved' })
      .whereNull('sweetness')
      .whereNotNull('tannins')
      .whereRaw("'meat' = any(food_pairings) and 'Grönsaker' = any(food_pairings)")
      .orderBy('product_number')
      .first('*');
    expect(wine).toBeTruthy();
    const detail = new WineDetailPage(page);

    await detail.goto(wine.id);

    await expect(detail.title()).toHaveText(titleOf(wine));
    await expect(detail.text(priceText(wine.price)).first()).toBeVisible();
    const present = SCALES.filter((s) => wine[s] !== null);
    await expect(detail.tasteBars()).toHaveCount(present.length);
    for (const scale of present) await expect(detail.tasteBar(scale)).toContainText(`${wine[scale]} av 5`);
    for (const scale of SCALES.filter((s) => wine[s] === null)) {
      await expect(detail.tasteBars().filter({ hasText: TASTE_LABELS[scale] })).toHaveCount(0);
    }
    await expect(detail.foodPairings()).toBeVisible();
    for (const value of wine.food_pairings) {
      await expect(detail.foodPairings().getByText(FOOD_LABELS[value] ?? value, { exact: true })).toBeVisible();
    }
  });

  test("an unknown id shows 'Vin hittades inte'", async ({ page }) => {
    const detail = new WineDetailPage(page);

    await detail.goto(randomUUID());

    await expect(detail.notFoundHeading()).toBeVisible();
    await expect(page.getByText('Det vin du letar efter finns inte längre eller har flyttats.')).toBeVisible();
  });

  test("a malformed id shows 'Vin hittades inte' too", async ({ page }) => {
    const detail = new WineDetailPage(page);

    await detail.goto('inte-ett-vin');

    await expect(detail.notFoundHeading()).toBeVisible();
  });
});
