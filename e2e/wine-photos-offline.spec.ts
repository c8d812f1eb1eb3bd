import type { Page } from '@playwright/test';
import { WineDetailPage } from './pages/wine-detail-page';
import { expect, test, titleOf } from './support/db';
import { waitForDeviceCopies } from './support/partner-offline';

// A bottle photo seen once shows offline (docs/wine-photos.md): the service worker keeps /api/images/ cache-first.
// Runs in the 'chromium-sw' project (its name ends in -offline.spec.ts), with the service worker on.

/** Resolves once a service worker is active and controls this page (it claims clients on activation). */
async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

test("a wine's photo seen once online still shows offline", async ({ page, context, db }) => {
  const wine = await db('wines')
    .where({ approval_status: 'approved', source: 'systembolaget', packaging: 'Flaska' })
    .whereNotNull('product_id')
    .whereNull('discontinued_on')
    .orderBy('product_number', 'desc')
    .first('id', 'name', 'vintage', 'product_id');
  const detail = new WineDetailPage(page);
  const photoPath = `/api/images/systembolaget/${wine.product_id}_300.png`;
  const img = page.getByRole('img', { name: wine.name, exact: true });
  const loaded = () => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0));

  // Arrange: the service worker takes over, then the wine's page is read online (its photo passes through the worker).
  await page.goto('/');
  await waitForServiceWorkerControl(page);
  await detail.goto(wine.id);
  await expect(detail.title()).toHaveText(titleOf(wine));
  await expect(img).toHaveAttribute('src', new RegExp(`^${photoPath}\\?fallback=`));
  const photo = (await img.getAttribute('src'))!;
  await expect.poll(loaded).toBeGreaterThan(0);
  await waitForDeviceCopies(page, { wineId: wine.id });
  await expect.poll(() => page.evaluate(async (url) => Boolean(await (await caches.open('vinpressen-images')).match(url)), photo)).toBe(true);

  // Act: the network goes away (setOffline does not stop the worker's own fetches, playwright#2311: refuse the API too).
  await context.setOffline(true);
  await context.route('**/api/**', (route) => route.abort('internetdisconnected'));
  await detail.goto(wine.id);

  // Assert: the page is read from the device and its photo from the worker's cache, not the drawing.
  await expect(detail.title()).toHaveText(titleOf(wine));
  await expect(img).toHaveAttribute('src', photo);
  await expect.poll(loaded).toBe(300);
});
