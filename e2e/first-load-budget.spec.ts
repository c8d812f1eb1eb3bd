import { FIRST_LOAD_JS_BUDGET_KB, formatFirstLoad, measurePageLoad } from '../bench/first-load';
import { HomePage } from './pages/home-page';
import { expect, test } from './support/db';

/**
 * The start page's first-load budget (README 'Benchmarks'): / with the real data, measured as `npm run bench` does
 * (bench/first-load.ts: every JS file it loads until the network is idle, gzip -9, service worker blocked), including
 * what it fetches right after showing the wines (Dexie, to keep them for offline reading).
 */
test(`the start page loads at most ${FIRST_LOAD_JS_BUDGET_KB} KB of JS gzip with the real data`, async ({ page, baseURL }, testInfo) => {
  const firstLoad = await measurePageLoad(page, `${baseURL}/`);
  const report = formatFirstLoad(firstLoad);
  console.log(report);
  await testInfo.attach('first-load.txt', { body: report, contentType: 'text/plain' });

  // Measured with the data on screen, not an empty or failed page.
  const home = new HomePage(page);
  await expect(home.currentSlideName()).toBeVisible();
  await expect(home.cards('FYND!').first()).toBeVisible();

  const js = firstLoad.kb('js', 'gzip');
  expect(js, `/ loads ${js.toFixed(1)} KB of JS gzip, over its budget of ${FIRST_LOAD_JS_BUDGET_KB} KB:\n${report}`).toBeLessThanOrEqual(
    FIRST_LOAD_JS_BUDGET_KB,
  );
});
