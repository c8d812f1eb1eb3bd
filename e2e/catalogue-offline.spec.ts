import type { Locator, Page } from '@playwright/test';
import { WineDetailPage } from './pages/wine-detail-page';
import { expect, test } from './support/factories';
import { deviceRows } from './support/partner-offline';

// 'Hitta ett vin' offline (docs/catalogue.md): after one online visit the device keeps the whole catalogue, and the
// same searches, filters, sort and 'Liknande viner' answer from it with the network gone, as they did online.

const countHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^[\d\s\u00a0]+ (viner|vin)$/ });
const cardNames = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });
const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Filtrera' });
const choice = (scope: Locator, label: string) => scope.getByRole('checkbox', { name: new RegExp(`^${label} \\(`) });

/** Resolves once a service worker is active and controls this page (it claims clients on activation). */
async function waitForServiceWorkerControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** What /viner shows for `search`: the count line and the first page's names, in order. */
async function shown(page: Page, search: string) {
  await page.goto(`/viner?${search}`);
  await expect(countHeading(page)).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  return { count: await countHeading(page).textContent(), names: await cardNames(page).allTextContents() };
}

test.describe('finding a wine offline', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('after one online visit, the same searches, filters, sort and Liknande viner answer from the device', async ({ page, context, db }) => {
    const searches = ['q=chateau&type=red', 'q=sauvignon%20blnc', 'type=white&country=Frankrike&sort=price_per_litre', 'q=chateau&sort=price_asc'];
    const wine: { id: string } = await db('wines')
      .where({ approval_status: 'approved', wine_type: 'Rött vin', volume_ml: 750 })
      .whereNull('discontinued_on')
      .whereNotNull('body')
      .whereNotNull('tannins')
      .whereBetween('price', [100, 150])
      .orderBy('product_number')
      .first('id');

    // Online: the searches as the server answers them, and the wine's similar wines.
    await page.goto('/viner');
    await waitForServiceWorkerControl(page);
    const online = [];
    for (const search of searches) online.push(await shown(page, search));
    expect(online.every((o) => o.names.length > 0)).toBe(true);
    const detail = new WineDetailPage(page);
    await detail.goto(wine.id);
    await expect(detail.title()).toBeVisible();
    // Rendered on the server, the page shows before its script takes it over: scroll until the section comes.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(detail.similarItems()).toHaveCount(6, { timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    const similarOnline = await detail.similarItems().getByRole('heading', { level: 3 }).allTextContents();

    // The catalogue copy is saved in the background a few seconds after a page has loaded.
    await expect.poll(async () => (await deviceRows<{ key: string }>(page, 'catalogue')).length, { timeout: 20_000 }).toBe(1);

    // The network goes away (setOffline doesn't stop the service worker's own fetches, playwright#2311).
    await context.setOffline(true);
    await context.route('**/api/**', (route) => route.abort('internetdisconnected'));

    for (const [i, search] of searches.entries()) {
      const offline = await shown(page, search);
      // One rule for words online and offline (docs/catalogue.md 'Words'), typos included: the same number of wines.
      expect(offline.count, search).toBe(online[i]!.count);
      if (search.includes('sort=')) {
        // A sort by price or kr/l: the same wines first (wines of equal price may come in another order).
        expect(new Set(offline.names.slice(0, 5)), search).toEqual(new Set(online[i]!.names.slice(0, 5)));
      } else {
        // By relevance the two engines weigh the same matches each in its own way: the server's best is on the first page.
        expect(offline.names, search).toContain(online[i]!.names[0]);
      }
      await expect(page.getByText(/^Sparad katalog från \d{4}-\d{2}-\d{2}$/)).toBeVisible();
    }

    // A filter still counts and narrows offline.
    await page.goto('/viner?q=chateau');
    await expect(countHeading(page)).toBeVisible();
    const red = choice(sidebar(page), 'Rött');
    const redCount = Number(
      ((await red.locator('xpath=ancestor::label').textContent()) ?? '').replace(/.*\(([\d\s\u00a0]+) vin.*/s, '$1').replace(/\D/g, ''),
    );
    await red.check();
    await expect(page).toHaveURL('/viner?q=chateau&type=red');
    await expect(countHeading(page)).toHaveText(online[0]!.count!);
    expect(redCount).toBe(Number(online[0]!.count!.replace(/\D/g, '')));

    // 'Liknande viner' offline: worked out on the device by the same rule.
    await detail.goto(wine.id);
    await expect(detail.title()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(detail.similarItems()).toHaveCount(6);
    expect(await detail.similarItems().getByRole('heading', { level: 3 }).allTextContents()).toEqual(similarOnline);
  });
});
