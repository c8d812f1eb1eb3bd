import type { Page } from '@playwright/test';
import { RECIPES } from '../api/queries/recipes';
import { HomePage } from './pages/home-page';
import { RecipesPage } from './pages/recipes-page';
import { WineDetailPage } from './pages/wine-detail-page';
import { LIST_PAGE_SIZE, WineListPage } from './pages/wine-list-page';
import { approvedWinesOf, currentSlider } from './support/db';
import { expect, test } from './support/factories';
import { waitForDeviceCopies } from './support/partner-offline';

/** Resolves once a service worker is active and controls this page (it claims clients on activation). */
async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

test.describe('offline reading', () => {
  test('the start page, a list, a wine and the recipes still show their content offline after one visit', async ({ page, context, db, make }) => {
    // Arrange: visit each page online, so the app shell is precached and the data saved on the device.
    const home = new HomePage(page);
    const list = new WineListPage(page);
    const detail = new WineDetailPage(page);
    const recipes = new RecipesPage(page);
    const fyndTotal = (await approvedWinesOf(db, 'FYND')).length;
    const [slide] = await currentSlider(db);
    // The wine read offline is the test's own.
    const wine = await make.wine();

    await home.goto();
    await waitForServiceWorkerControl(page);
    await expect(home.cards('FYND!')).toHaveCount(3);
    await expect(home.currentSlideName()).toBeVisible();
    await waitForDeviceCopies(page, { lists: ['/api/slider-wines', /^\/api\/wines\?category=FYND&/] });
    await list.goto('/fynd');
    await expect(list.cards()).toHaveCount(Math.min(fyndTotal, LIST_PAGE_SIZE));
    // The first page in the API's order (cheapest per litre first), as shown online.
    const fyndShown = (await list.cardNames().allTextContents()).map((t) => t.trim());
    await waitForDeviceCopies(page, { lists: [`/api/wines?category=FYND&limit=${LIST_PAGE_SIZE}&offset=0`] });
    await detail.goto(wine.id);
    await expect(detail.title()).toHaveText(wine.title);
    await waitForDeviceCopies(page, { wineId: wine.id });
    await recipes.goto();
    await expect(recipes.cards()).toHaveCount(RECIPES.length);
    await expect(recipes.recommendedWineLinks(RECIPES[0]!.title).first()).toBeVisible();
    await waitForDeviceCopies(page, { lists: [/^\/api\/wines\?ids=/, '/api/recipes'] });

    // Act: the network goes away. setOffline does not stop the service worker's own fetches
    // (playwright#2311), so every API request is refused as well.
    await context.setOffline(true);
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));

    // Assert: each page reloads from the service worker and shows real content from the device.
    await home.goto();
    await expect(home.heroHeading()).toBeVisible();
    await expect(home.cards('FYND!')).toHaveCount(3);
    await expect(home.slider().getByText(slide!.name)).toBeVisible();

    await list.goto('/fynd');
    await expect(list.countHeading()).toHaveText(`${fyndTotal} FYND HITTADE`);
    await expect(list.cardNames()).toHaveText(fyndShown);

    await detail.goto(wine.id);
    await expect(detail.title()).toHaveText(wine.title);

    await recipes.goto();
    await expect(recipes.cardTitles()).toHaveText(RECIPES.map((r) => r.title));
    await expect(recipes.recommendedWineLinks(RECIPES[0]!.title).first()).toBeVisible();
  });
});
