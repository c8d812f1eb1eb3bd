import { randomUUID } from 'node:crypto';
import { TASTE_LABELS, WineDetailPage } from './pages/wine-detail-page';
import { expect, priceText, redWineWithTasteProfile, test, titleOf, type WineRow } from './support/db';
import { axeFindings } from './support/axe';
import { DEVICES, WIDTHS } from './support/devices';

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

for (const width of WIDTHS) {
  test.describe(`'Liknande viner' at ${width} px`, () => {
    test.use(DEVICES[width]);

    test('shows wines of the same type and price per litre, each with its reason', async ({ page, db }) => {
      const wine = await redWineWithTasteProfile(db);
      const detail = new WineDetailPage(page);
      await detail.goto(wine.id);
      await expect(detail.title()).toHaveText(titleOf(wine));
      await expect(detail.similarWines()).toHaveCount(0);

      // Below the fold: the section comes when the reader scrolls near it. The page is shown (rendered on the server)
      // before its script has taken it over, and the footer below loads as it comes into view: scroll until it shows.
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await expect(detail.similarItems()).toHaveCount(6, { timeout: 2000 });
      }).toPass({ timeout: 20_000 });
      const items = await detail.similarItems().all();
      const ppl = (price: number, ml: number | null) => (Number(price) * 1000) / (ml ?? 750);
      const own = ppl(wine.price, wine.volume_ml);
      for (const item of items) {
        const name = await item.getByRole('heading', { level: 3 }).textContent();
        // By the card's link: several wines share a name (bottle, box, another vintage).
        const href = await item.getByRole('link', { name: /^Läs mer om / }).getAttribute('href');
        const similar: WineRow & { volume_ml: number | null } = await db('wines')
          .where({ approval_status: 'approved', wine_type: 'Rött vin', id: href?.replace('/wine/', '') ?? '' })
          .whereNot('id', wine.id)
          .first('*');
        expect(similar, `${name} is a red wine of the catalogue`).toBeTruthy();
        expect(Math.abs(ppl(similar.price, similar.volume_ml) / own - 1)).toBeLessThanOrEqual(0.25);
        await expect(item).toContainText(/Samma typ, .+, literpris [\d\u00a0]+ kr \((\u2212|\+|±)\d+ %\)/);
      }
      // The cards with their reasons pass WCAG 2.1 AA as axe-core checks it (contrast included).
      expect(await axeFindings(page, { include: 'section[aria-labelledby="similar-wines"]' })).toEqual([]);
    });
  });
}
