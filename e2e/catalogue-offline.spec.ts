import type { Page } from '@playwright/test';
import { WineDetailPage } from './pages/wine-detail-page';
import { expect, test } from './support/factories';
import { choice, choiceCount, closeFilters, countHeading, expectFilteredCount, openFilters, winesCount } from './support/catalogue';
import { DEVICES, WIDTHS } from './support/devices';
import { redWineWithTasteProfile } from './support/db';
import { deviceRows, waitForServiceWorkerControl } from './support/partner-offline';

// 'Hitta ett vin' offline (docs/catalogue.md): after one online visit the device keeps the whole catalogue, and the
// same searches, filters, sort and 'Liknande viner' answer from it with the network gone, as they did online. On a
// phone (375 px, the filters in a dialog) and on a desktop (1280 px, the filters in the sidebar).

const cardNames = (page: Page) => page.getByRole('main').getByRole('article').getByRole('heading', { level: 3 });

/** What /viner shows for `search`: the count line and the first page's names, in order. */
async function shown(page: Page, search: string) {
  await page.goto(`/viner?${search}`);
  await expect(countHeading(page)).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  return { count: await countHeading(page).textContent(), names: await cardNames(page).allTextContents() };
}

/**
 * The names of the wine page's six similar wines. The section loads when the reader nears it, below the fold; the page
 * may show (rendered on the server) before its script has taken it over, and the footer below loads as it comes into
 * view: scroll to the end until the six are there.
 */
async function similarNames(page: Page, detail: WineDetailPage): Promise<string[]> {
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(detail.similarItems()).toHaveCount(6, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  return detail.similarItems().getByRole('heading', { level: 3 }).allTextContents();
}

/**
 * The searches, made online and then offline, at each width. At 1280 px: words with a filter, a typo, filters sorted by
 * kr/l, words sorted by price. At 375 px the first and the last (words, a filter, a sort): what the phone changes is the
 * page around the answers (the filters in a dialog), not the device's search engine, whose rules (typos, kr/l) the
 * 1280 px run checks here and pwa/lib/catalogue/search-parity.test.ts checks over 27 searches.
 */
const SEARCHES = {
  375: ['q=chateau&type=red', 'q=chateau&sort=price_asc'],
  1280: ['q=chateau&type=red', 'q=sauvignon%20blnc', 'type=white&country=Frankrike&sort=price_per_litre', 'q=chateau&sort=price_asc'],
} as const;

for (const width of WIDTHS) {
  test.describe(`finding a wine offline at ${width} px`, () => {
    test.use(DEVICES[width]);

    test('after one online visit, the same searches, filters, sort and Liknande viner answer from the device', async ({ page, context, db }) => {
      const searches = SEARCHES[width];
      const wine = await redWineWithTasteProfile(db);

      // Online: the searches as the server answers them, and the wine's similar wines.
      await page.goto('/viner');
      await waitForServiceWorkerControl(page);
      const online = [];
      for (const search of searches) online.push(await shown(page, search));
      expect(online.every((o) => o.names.length > 0)).toBe(true);
      const detail = new WineDetailPage(page);
      await detail.goto(wine.id);
      await expect(detail.title()).toBeVisible();
      const similarOnline = await similarNames(page, detail);

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

      // A filter still counts and narrows offline (in the sidebar, or the phone's dialog): 'Rött' leaves the wines
      // that searches[0], 'q=chateau&type=red', found online.
      const redOnline = Number(online[0]!.count!.replace(/\D/g, ''));
      await page.goto('/viner?q=chateau');
      await expect(countHeading(page)).toBeVisible();
      const red = choice(await openFilters(page, width), 'Rött');
      expect(await choiceCount(red)).toBe(redOnline);
      await red.check();
      await expect(page).toHaveURL('/viner?q=chateau&type=red');
      await expectFilteredCount(page, width, redOnline);
      await closeFilters(page, width, redOnline, 1);
      await expect(countHeading(page)).toHaveText(winesCount(redOnline));

      // 'Liknande viner' offline: worked out on the device by the same rule.
      await detail.goto(wine.id);
      await expect(detail.title()).toBeVisible();
      expect(await similarNames(page, detail)).toEqual(similarOnline);
    });
  });
}
