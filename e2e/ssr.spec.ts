import type { ConsoleMessage, Page } from '@playwright/test';
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
    test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });

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

    test('an unknown address is the 404 page with status 404', async ({ page }) => {
      const res = await page.goto('/finns-inte-alls');
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '404 – Page not found' })).toBeVisible();
    });
  });

  test.describe('with JavaScript on', () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test('the browser takes every public page over without a hydration warning or a console error', async ({ page }) => {
      const problems = consoleProblems(page);
      for (const { path, text } of routes) {
        await page.goto(path);
        await expect(page.getByRole('main'), path).toContainText(text);
        await page.waitForLoadState('networkidle');
        expect(problems, path).toEqual([]);
      }
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
