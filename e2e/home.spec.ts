import { HomePage } from './pages/home-page';
import { wineCardParts } from './pages/wine-card';
import { WineDetailPage } from './pages/wine-detail-page';
import { approvedWinesOf, currentSlider, expect, test, titleOf } from './support/db';

test.describe('home page', () => {
  test('shows the hero with its heading and the button to the current wine tips', async ({ page }) => {
    const home = new HomePage(page);

    await home.goto();

    await expect(home.heroHeading()).toBeVisible();
    await expect(home.exploreButton()).toBeVisible();
    await home.exploreButton().click();
    await expect(page).toHaveURL(/\/aktuella-viner$/);
  });

  test("shows 'Laddar månadens viner...' while the slider loads (coming from another page)", async ({ page }) => {
    const home = new HomePage(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/slider-wines', async (route) => {
      await held;
      await route.continue();
    });

    // The server sends / with its slider; a reader who comes from another page gets it from the browser.
    await page.goto('/om-oss');
    await page.getByRole('link', { name: 'Vinpressen – till startsidan' }).click();

    await expect(home.sliderLoading()).toBeVisible();
    release();
    await expect(home.sliderLoading()).toBeHidden();
  });

  test("the slider shows this month's wines from the database, in position order", async ({ page, db }) => {
    const home = new HomePage(page);
    const entries = await currentSlider(db);
    expect(entries.length).toBe(5);

    await home.goto();
    await home.dot(1).click();

    await expect(home.dots()).toHaveCount(entries.length);
    await expect(home.currentSlideName()).toHaveText(entries[0]!.name);
    await expect(home.currentSlide()).toContainText(entries[0]!.label);
    await home.dot(3).click();
    await expect(home.currentSlideName()).toHaveText(entries[2]!.name);
  });

  test('the slider arrows step to the next and previous wine, wrapping around', async ({ page, db }) => {
    const home = new HomePage(page);
    const names = (await currentSlider(db)).map((e) => e.name);
    await home.goto();
    await home.dot(1).click();
    await expect(home.currentSlideName()).toHaveText(names[0]!);

    await home.nextArrow().click();
    await expect(home.currentSlideName()).toHaveText(names[1]!);
    await home.previousArrow().click();
    await expect(home.currentSlideName()).toHaveText(names[0]!);
    await home.previousArrow().click();

    await expect(home.currentSlideName()).toHaveText(names[names.length - 1]!);
  });

  test('dragging the wine on show sideways moves to the next one, without opening it', async ({ page, db }) => {
    const home = new HomePage(page);
    const names = (await currentSlider(db)).map((e) => e.name);
    await home.goto();
    await home.dot(1).click();
    await expect(home.currentSlideName()).toHaveText(names[0]!);

    const box = (await home.currentSlide().boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 12 });
    await page.mouse.up();

    await expect(home.currentSlideName()).toHaveText(names[1]!);
    await expect(page).toHaveURL(/\/$/);
  });

  test('clicking the wine on show opens its page', async ({ page, db }) => {
    const home = new HomePage(page);
    const [first] = await currentSlider(db);
    await home.goto();
    await home.dot(1).click();

    await home.currentSlide().getByRole('link', { name: first!.name }).click();

    await expect(page).toHaveURL(new RegExp(`/wine/${first!.wine_id}$`));
    await expect(new WineDetailPage(page).title()).toContainText(first!.name);
  });

  test('FYND! and AKTUELLA VINTIPS show three wines of their category each', async ({ page, db }) => {
    const home = new HomePage(page);
    const fynd = new Set((await approvedWinesOf(db, 'FYND')).map(titleOf));
    const aktuella = new Set((await approvedWinesOf(db, 'NYLANSERAD')).map(titleOf));

    await home.goto();

    await expect(home.cards('FYND!')).toHaveCount(3);
    await expect(home.cards('AKTUELLA VINTIPS')).toHaveCount(3);
    for (const name of await home.section('FYND!').getByRole('article').getByRole('heading').allTextContents()) {
      expect(fynd, `${name} is a FYND`).toContain(name.trim());
    }
    for (const name of await home.section('AKTUELLA VINTIPS').getByRole('article').getByRole('heading').allTextContents()) {
      expect(aktuella, `${name} is NYLANSERAD`).toContain(name.trim());
    }
  });

  test('FOLKETS VAL shows its empty text while no wine has been chosen by the community', async ({ page, db }) => {
    const home = new HomePage(page);
    expect(await approvedWinesOf(db, 'FOLKETS_VAL')).toHaveLength(0);

    await home.goto();

    await expect(home.section('FOLKETS VAL').getByText('Inga "Folkets Val" viner ännu')).toBeVisible();
    await expect(home.section('FOLKETS VAL').getByText('Bli den första att lämna en recension!')).toBeVisible();
    await expect(home.cards('FOLKETS VAL')).toHaveCount(0);
  });

  test("each section's 'Se alla' goes to its list page", async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();

    await expect(home.seeAll('FOLKETS VAL')).toHaveAttribute('href', '/folkets-val');
    await expect(home.seeAll('FYND!')).toHaveAttribute('href', '/fynd');
    await expect(home.seeAll('AKTUELLA VINTIPS')).toHaveAttribute('href', '/aktuella-viner');
  });

  test("a card's 'Läs mer' opens the detail page of the same wine", async ({ page }) => {
    const home = new HomePage(page);
    await home.goto();
    const card = wineCardParts(home.cards('FYND!').first());
    const name = (await card.name.textContent())!.trim();

    await card.readMore.click();

    await expect(page).toHaveURL(/\/wine\/[0-9a-f-]{36}$/);
    await expect(new WineDetailPage(page).title()).toHaveText(name);
  });
});
