import { NotFoundPage } from './pages/not-found-page';
import { WineListPage } from './pages/wine-list-page';
import { expect, test } from './support/db';

test.describe('unknown paths', () => {
  for (const path of ['/no-such-page', '/fynd/extra/segment']) {
    test(`${path} answers HTTP 404 and shows the English 404 page`, async ({ page }) => {
      const notFound = new NotFoundPage(page);

      const response = await page.goto(path);

      expect(response?.status()).toBe(404);
      await expect(notFound.heading()).toBeVisible();
    });
  }

  test('a known page answers HTTP 200', async ({ page }) => {
    const response = await page.goto('/fynd');

    expect(response?.status()).toBe(200);
    // The list page has rendered (its count heading) before the 404 heading is found missing.
    await expect(new WineListPage(page).countHeading()).toBeVisible();
    await expect(new NotFoundPage(page).heading()).toHaveCount(0);
  });
});
