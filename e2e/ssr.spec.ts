import type { ConsoleMessage, Locator, Page } from '@playwright/test';
import type { Knex } from 'knex';
import { HomePage } from './pages/home-page';
import { currentSlider, priceText } from './support/db';
import { expect, test } from './support/factories';

// The public pages rendered on the server (docs/ssr.md), in Chromium against the real API and data: with JavaScript
// turned off the content is in the HTML, and with it on the browser takes the page over without a hydration warning
// or any error in the console.

type Route = { path: string; text: RegExp | string };

/** The public routes without data of their own, with text their rendered HTML must hold. */
const STATIC_ROUTES: Route[] = [
  { path: '/', text: 'FOLKETS VAL' },
  { path: '/fynd', text: /FYND HITTADE/ },
  { path: '/aktuella-viner', text: /AKTUELLA VINTIPS HITTADE/ },
  { path: '/folkets-val', text: 'FOLKETS VAL' },
  { path: '/viner?q=riesling', text: /Riesling/i },
  { path: '/recept', text: /Toast Skagen/ },
  { path: '/recept/toast-skagen', text: /Gör så här/ },
  { path: '/artiklar', text: /artiklar/i },
  { path: '/om-oss', text: /om vinpressen/i },
  { path: '/medals', text: /medalj/i },
];

/** Console errors and warnings of `page` (and uncaught errors), collected from now on. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    // This project blocks service workers (playwright.config.ts): its notice, and the app's note that it has none.
    if (/^Service Worker registration blocked by Playwright|^Service worker not registered/.test(m.text())) return;
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

/** The phone of the start page's first screen (docs/ssr.md 'The first screen'). */
const PHONE = { width: 375, height: 812 };

/** Waits until `locator`'s box lies wholly on the first screen of PHONE (the page at its top), and fails with the box if it never does. */
async function expectOnFirstScreen(locator: Locator, what: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        const inside = box && box.x >= 0 && box.y >= 0 && box.x + box.width <= PHONE.width && box.y + box.height <= PHONE.height;
        return inside ? 'on the first screen' : JSON.stringify(box);
      },
      { message: `${what}: its box within ${PHONE.width} × ${PHONE.height}` },
    )
    .toBe('on the first screen');
}

/**
 * The start page's slide on show holds its wine as the database has it, and the wine's name, price and picture (loaded,
 * with pixels) are all above the fold of PHONE.
 */
async function expectWineOnFirstScreen(page: Page, db: Knex): Promise<void> {
  const home = new HomePage(page);
  const entries = await currentSlider(db);
  expect(entries.length, "this month's slider").toBeGreaterThan(0);
  // The slide on show: the others are hidden from the accessibility tree ('3 av 5: <name>').
  const slide = home.currentSlide();
  const position = Number(/^(\d+) av \d+: /.exec((await slide.getAttribute('aria-label')) ?? '')?.[1]);
  const entry = entries[position - 1];
  expect(entry, `the slide on show, position ${position}`).toBeDefined();
  const wine: { name: string; price: string | number } = await db('wines').where({ id: entry!.wine_id }).first('name', 'price');

  const name = home.currentSlideName();
  await expect(name).toHaveText(wine.name);
  const price = slide.getByText(priceText(Number(wine.price)));
  await expect(price).toBeVisible();
  const picture = slide.getByRole('img', { name: wine.name, exact: true });
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { message: 'the picture loaded' })
    .toBeGreaterThan(0);

  await expectOnFirstScreen(name, `the name '${wine.name}'`);
  await expectOnFirstScreen(price, `the price '${priceText(Number(wine.price))}'`);
  await expectOnFirstScreen(picture, 'the picture');
}

test.describe('server-rendered public pages', () => {
  let winePath = '';
  /** Every public route: the static ones, a real wine's page and a published article's. */
  let routes: Route[] = [];

  test.beforeAll(async ({ db }) => {
    const wine: { id: string; name: string } = await db('wines')
      .where({ approval_status: 'approved', wine_type: 'Rött vin' })
      .whereNull('discontinued_on')
      .orderBy('product_number')
      .first('id', 'name');
    winePath = `/wine/${wine.id}`;
    const slug = `serverns-artikel-${Date.now().toString(36)}`;
    await db('articles').insert({
      slug,
      title: 'Serverns artikel om höstviner',
      excerpt: 'Fem viner till svampen.',
      content: '<p>Kantareller och pinot noir.</p>',
      author_id: 'admin',
      is_published: true,
      published_at: new Date(),
    });
    routes = [...STATIC_ROUTES, { path: winePath, text: wine.name }, { path: `/artiklar/${slug}`, text: 'Kantareller och pinot noir.' }];
  });

  test.describe('with JavaScript turned off', () => {
    test.use({ javaScriptEnabled: false, viewport: PHONE });

    test('every public page shows its content, title and description from the HTML alone', async ({ page }) => {
      for (const { path, text } of routes) {
        const res = await page.goto(path);
        expect(res?.status(), path).toBe(200);
        await expect(page.getByRole('main'), path).toContainText(text);
        await expect(page.locator('head meta[name="description"]'), path).toHaveAttribute('content', /\S/);
        expect(await page.title(), path).toMatch(/Vinpressen/);
      }
    });

    test("a wine page carries the wine's name and price, and its Open Graph tags", async ({ page }) => {
      await page.goto(winePath);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(/\d kr/);
      await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute('content', 'product');
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${winePath}$`));
    });

    test("on a 375 × 812 phone the start page's first screen shows a wine of the slider: its name, price and picture", async ({ page, db }) => {
      await page.goto('/');

      await expectWineOnFirstScreen(page, db);
    });

    test('an unknown address is the 404 page with status 404', async ({ page }) => {
      const res = await page.goto('/finns-inte-alls');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '404 – Page not found' })).toBeVisible();
    });
  });

  test.describe('with JavaScript on', () => {
    test.use({ viewport: PHONE });

    test('the browser takes every public page over without a hydration warning or a console error', async ({ page }) => {
      const problems = consoleProblems(page);
      for (const { path, text } of routes) {
        await page.goto(path);
        await expect(page.getByRole('main'), path).toContainText(text);
        await page.waitForLoadState('networkidle');
        expect(problems, path).toEqual([]);
      }
    });

    test("on a 375 × 812 phone the start page's first screen shows a wine of the slider once the app has taken over", async ({ page, db }) => {
      await page.goto('/');
      // The slider stays on the wine it shows (it turns every 5 s); a click without scrolling, the page stays at its top.
      await new HomePage(page).pauseButton().dispatchEvent('click');
      await expect(page.getByRole('button', { name: 'Starta bildspelet' })).toBeVisible();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));

      await expectWineOnFirstScreen(page, db);
    });

    test('a link followed after hydration renders the next page in the browser, with its own title', async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await page.getByRole('navigation').getByRole('link', { name: 'Fynd', exact: true }).first().click();
      await expect(page).toHaveURL('/fynd');
      await expect(page).toHaveTitle(/^Fynd/);
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', /\/fynd$/);
    });
  });
});
