import type { Page } from '@playwright/test';
import { expect, test } from './support/factories';
import { axeFindings } from './support/axe';
import { cards, choice, choiceCount, closeFilters, countHeading, expectFilteredCount, openFilters, sidebar, winesCount } from './support/catalogue';
import { DEVICES, WIDTHS } from './support/devices';

// 'Hitta ett vin' against the real API and data (GET /api/wines/search, api/contract/wine-search.ts): the masthead's
// search box, /viner's filters with their counts, the address, 'Visa fler viner', axe. The journey from the masthead
// through filters, sort, a shared address and back/forward runs on a phone (375 px, the filters in a dialog) and on a
// desktop (1280 px, the filters in the sidebar).

const countOf = async (page: Page) => Number((await countHeading(page).textContent())!.replace(/\D/g, ''));

/** Each card's price in SEK, read after its 'Pris:' (the card may add more after it, e.g. the price per litre). */
const prices = async (page: Page) =>
  (
    await cards(page)
      .locator('p', { hasText: /^Pris:/ })
      .allTextContents()
  ).map((t) =>
    Number.parseFloat(
      /Pris:\s*([\d\s\u00a0]+(?:[.,]\d+)?)\s*kr/
        .exec(t)![1]!
        .replace(/[\s\u00a0]/g, '')
        .replace(',', '.'),
    ),
  );

test.describe('finding a wine', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the masthead's search box finds a wine by its name and /viner shows it", async ({ page, make }) => {
    const wine = await make.wine();
    await page.goto('/');
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Sök vin' });
    await box.fill(wine.name);
    await box.press('Enter');

    await expect(page).toHaveURL(`/viner?${new URLSearchParams({ q: wine.name })}`);
    await expect(page.getByRole('heading', { level: 1, name: 'ALLA VINER' })).toBeVisible();
    await expect(countHeading(page)).toHaveText('1 vin');
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText([wine.title]);
  });

  test("a filter's count is the number of wines it leaves; the address keeps the choice and back undoes it", async ({ page }) => {
    await page.goto('/viner');
    await expect(countHeading(page)).toBeVisible();
    const all = await countOf(page);
    const red = choice(sidebar(page), 'Rött');
    const redCount = await choiceCount(red);
    expect(redCount).toBeGreaterThan(0);
    expect(redCount).toBeLessThan(all);

    await red.check();

    await expect(page).toHaveURL('/viner?type=red');
    await expect(countHeading(page)).toHaveText(`${redCount.toLocaleString('sv-SE')} viner`);
    await expect(page.getByRole('button', { name: 'Ta bort filtret Rött' })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL('/viner');
    await expect(countHeading(page)).toHaveText(`${all.toLocaleString('sv-SE')} viner`);
    await expect(choice(sidebar(page), 'Rött')).not.toBeChecked();
  });

  test("'Visa fler viner' adds the next 24 and sorting by price puts the cheapest first", async ({ page }) => {
    await page.goto('/viner?sort=price_asc');
    await expect(cards(page)).toHaveCount(24);
    await page.getByRole('button', { name: 'Visa fler viner' }).click();
    await expect(cards(page)).toHaveCount(48);
    const shown = await prices(page);
    expect(shown).toHaveLength(48);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
  });

  test("'Inga viner matchar' for words no wine has, and 'Rensa alla filter' keeps the words", async ({ page }) => {
    await page.goto('/viner?q=zzzqqq&type=red');
    await expect(page.getByText('Inga viner matchar din sökning')).toBeVisible();
    await page.getByRole('button', { name: 'Rensa alla filter' }).click();
    await expect(page).toHaveURL('/viner?q=zzzqqq');
  });
});

for (const width of WIDTHS) {
  test.describe(`finding a wine at ${width} px`, () => {
    test.use(DEVICES[width]);

    test('search from the masthead, combine filters, sort, share the address, and go back and forward', async ({ page, browser, db }) => {
      // The masthead's search box, on the start page.
      await page.goto('/');
      const box = page.getByRole('banner').getByRole('searchbox', { name: 'Sök vin' });
      await expect(box).toBeInViewport();
      await box.fill('rioja');
      await box.press('Enter');
      await expect(page).toHaveURL('/viner?q=rioja');
      await expect(countHeading(page)).toBeVisible();
      const found = await countOf(page);
      expect(found).toBeGreaterThan(3);
      await expect(cards(page).first()).toContainText(/rioja/i);

      // Two filters (a phone's in the dialog, else in the sidebar): each choice says how many wines it leaves.
      const filters = await openFilters(page, width);
      const red = choice(filters, 'Rött');
      const redCount = await choiceCount(red);
      expect(redCount).toBeGreaterThan(1);
      expect(redCount).toBeLessThanOrEqual(found);
      await red.check();
      await expect(page).toHaveURL('/viner?q=rioja&type=red');
      // The other choices' counts follow once the new search has answered.
      await expectFilteredCount(page, width, redCount);
      const fixed = choice(filters, 'Fast sortiment');
      await expect(fixed).toBeVisible();
      const bothCount = await choiceCount(fixed);
      expect(bothCount).toBeGreaterThan(0);
      expect(bothCount).toBeLessThanOrEqual(redCount);
      await fixed.check();
      await expect(page).toHaveURL('/viner?q=rioja&type=red&assortment=fast');
      await expectFilteredCount(page, width, bothCount);
      await closeFilters(page, width, bothCount, 2);
      await expect(countHeading(page)).toHaveText(winesCount(bothCount));
      await expect(page.getByRole('button', { name: /^Ta bort filtret / })).toHaveText(['Rött', 'Fast sortiment']);

      // The sort: cheapest first.
      await page.getByRole('combobox', { name: /^Sortera/ }).selectOption({ label: 'Pris (lägst först)' });
      await expect(page).toHaveURL('/viner?q=rioja&type=red&assortment=fast&sort=price_asc');
      await expect(cards(page)).toHaveCount(Math.min(24, bothCount));
      // The address changes at once, the cards when the sorted answer is in: read until they are in price order.
      await expect.poll(async () => (await prices(page)).every((price, i, all) => i === 0 || all[i - 1]! <= price)).toBe(true);
      const names = await cards(page).getByRole('heading', { level: 3 }).allTextContents();
      expect(names).toHaveLength(Math.min(24, bothCount));
      // The count is the server's for these words and filters, and every card shown is a red wine of the fixed range.
      const answer = await page.request.get('/api/wines/search?q=rioja&type=red&assortment=fast&sort=price_asc');
      expect(((await answer.json()) as { total: number }).total).toBe(bothCount);
      const ids = (
        await cards(page)
          .getByRole('link', { name: /^Läs mer om / })
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
      ).map((href) => href!.replace('/wine/', ''));
      expect(ids).toHaveLength(names.length);
      const rows: { wine_type: string; assortment: string }[] = await db('wines').whereIn('id', ids).select('wine_type', 'assortment');
      expect(rows).toHaveLength(ids.length);
      expect(rows.every((r) => r.wine_type === 'Rött vin' && r.assortment === 'Fast sortiment')).toBe(true);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

      // The address shared: another visitor's browser of the same width opens the same search, filters and order.
      const shared = await browser.newContext(DEVICES[width]);
      try {
        const other = await shared.newPage();
        await other.goto(page.url());
        await expect(countHeading(other)).toHaveText(winesCount(bothCount));
        await expect(other.getByRole('searchbox', { name: 'Sökord' })).toHaveValue('rioja');
        await expect(other.getByRole('combobox', { name: /^Sortera/ })).toHaveValue('price_asc');
        await expect(cards(other).getByRole('heading', { level: 3 })).toHaveText(names);
        const otherFilters = await openFilters(other, width);
        await expect(choice(otherFilters, 'Rött')).toBeChecked();
        await expect(choice(otherFilters, 'Fast sortiment')).toBeChecked();
        await expect(choice(otherFilters, 'Vitt')).not.toBeChecked();
      } finally {
        await shared.close();
      }

      // Back undoes one step at a time (the sort, then the second filter); forward redoes it.
      await page.goBack();
      await expect(page).toHaveURL('/viner?q=rioja&type=red&assortment=fast');
      await expect(page.getByRole('combobox', { name: /^Sortera/ })).toHaveValue('relevance');
      await page.goBack();
      await expect(page).toHaveURL('/viner?q=rioja&type=red');
      await expect(countHeading(page)).toHaveText(winesCount(redCount));
      await expect(page.getByRole('button', { name: /^Ta bort filtret / })).toHaveText(['Rött']);
      await page.goForward();
      await expect(page).toHaveURL('/viner?q=rioja&type=red&assortment=fast');
      await expect(countHeading(page)).toHaveText(winesCount(bothCount));
      await page.goForward();
      await expect(page).toHaveURL('/viner?q=rioja&type=red&assortment=fast&sort=price_asc');
      await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(names);
    });
  });
}

for (const width of [375, 1280]) {
  test.describe(`/viner at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('passes axe-core WCAG 2.1 AA, also with filters chosen (and the filter dialog open on a phone)', async ({ page }) => {
      await page.goto('/viner?type=red&priceMax=200&bodyMin=3');
      await expect(countHeading(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeFindings(page)).toEqual([]);
      // No sideways scrolling.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

      if (width < 1024) {
        await page.getByRole('button', { name: /^Filtrera/ }).click();
        const dialog = page.getByRole('dialog', { name: 'Filtrera' });
        const showResults = dialog.getByRole('button', { name: /^Visa [\d\s\u00a0]+ (viner|vin)$/ });
        await expect(showResults).toBeVisible();
        expect(await axeFindings(page)).toEqual([]);
        await choice(dialog, 'Vitt').check();
        await expect(page).toHaveURL(/type=white/);
        await showResults.click();
        await expect(dialog).toHaveCount(0);
      }
    });
  });
}
