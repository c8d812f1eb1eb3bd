import type { Knex } from 'knex';
import { wineCardParts } from './pages/wine-card';
import { LIST_PAGE_SIZE, WineListPage, type ListPath } from './pages/wine-list-page';
import { approvedWinesOf, expect, test, titleOf, type WineRow } from './support/db';

const LISTS: { path: ListPath; category: 'FYND' | 'NYLANSERAD' | 'FOLKETS_VAL'; heading: (n: number) => string }[] = [
  { path: '/fynd', category: 'FYND', heading: (n) => `${n} FYND HITTADE` },
  { path: '/aktuella-viner', category: 'NYLANSERAD', heading: (n) => `${n} AKTUELLA VINTIPS HITTADE` },
  { path: '/nya-viner', category: 'NYLANSERAD', heading: (n) => `${n} AKTUELLA VINTIPS HITTADE` },
  { path: '/folkets-val', category: 'FOLKETS_VAL', heading: (n) => `${n} VINER FRÅN GEMENSKAPEN` },
];

/** The first FYND wines in the order GET /api/wines lists them: cheapest per litre (750 ml if unknown), then name. */
function fyndInListOrder(db: Knex, limit: number): Promise<WineRow[]> {
  return db('wines')
    .where({ approval_status: 'approved' })
    .whereNull('discontinued_on')
    .whereRaw("'FYND' = any(categories)")
    .orderByRaw('price / coalesce(volume_ml, 750) asc, name, id')
    .limit(limit)
    .select('*');
}

test.describe('public list pages', () => {
  for (const { path, category, heading } of LISTS) {
    test(`${path} counts every approved ${category} wine and shows them ${LIST_PAGE_SIZE} at a time`, async ({ page, db }) => {
      const list = new WineListPage(page);
      const wines = await approvedWinesOf(db, category);

      await list.goto(path);

      await expect(list.countHeading()).toHaveText(heading(wines.length));
      await expect(list.cards()).toHaveCount(Math.min(wines.length, LIST_PAGE_SIZE));
      // 'Visa fler viner' adds one page at a time until every wine is shown, then goes away.
      for (let shown = LIST_PAGE_SIZE; shown < wines.length; shown += LIST_PAGE_SIZE) {
        await expect(list.shownLine()).toHaveText(`Visar ${shown} av ${wines.length} viner`);
        await list.showMoreButton().click();
        await expect(list.cards()).toHaveCount(Math.min(wines.length, shown + LIST_PAGE_SIZE));
      }
      await expect(list.showMoreButton()).toHaveCount(0);
      await expect(list.countHeading()).toHaveText(heading(wines.length));
      // Every wine exactly once (by id: some wines share a name, e.g. bottle and box), with the DB's names.
      const ids = await list.readMoreLinks().evaluateAll((links) => links.map((a) => a.getAttribute('href')!.replace('/wine/', '')));
      expect([...ids].sort()).toEqual(wines.map((w) => w.id).sort());
      const shown = (await list.cardNames().allTextContents()).map((t) => t.trim());
      expect([...shown].sort()).toEqual(wines.map(titleOf).sort());
    });
  }

  test('/fynd lists the cheapest wines per litre first', async ({ page, db }) => {
    const list = new WineListPage(page);
    const first = await fyndInListOrder(db, LIST_PAGE_SIZE);

    await list.goto('/fynd');

    await expect(list.cardNames()).toHaveText(first.map(titleOf));
  });

  test("after 'Visa fler viner' the keyboard focus moves to the first new wine, not to the top", async ({ page, db }) => {
    const list = new WineListPage(page);
    const twentyFifth = (await fyndInListOrder(db, LIST_PAGE_SIZE + 1))[LIST_PAGE_SIZE];
    expect(twentyFifth, 'the real data has more than one page of FYND wines').toBeDefined();
    await list.goto('/fynd');
    await expect(list.cards()).toHaveCount(LIST_PAGE_SIZE);

    await list.showMoreButton().focus();
    await page.keyboard.press('Enter');

    await expect(list.cards()).toHaveCount(Math.min((await approvedWinesOf(db, 'FYND')).length, 2 * LIST_PAGE_SIZE));
    await expect(page.locator(':focus')).toContainText(titleOf(twentyFifth!));
    // Tab goes on inside that card (its 'Köp nu'), not back at the top of the page.
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveAccessibleName(new RegExp(`^Köp nu: ${escapeRegExp(titleOf(twentyFifth!))}`));
  });

  test('/nya-viner is the same page as /aktuella-viner', async ({ page }) => {
    const list = new WineListPage(page);
    await list.goto('/aktuella-viner');
    await expect(list.cards().first()).toBeVisible();
    const aktuella = await list.cardNames().allTextContents();
    const aktuellaHeading = await list.countHeading().textContent();

    await list.goto('/nya-viner');

    await expect(list.countHeading()).toHaveText(aktuellaHeading!);
    await expect(list.cardNames()).toHaveText(aktuella);
  });

  test("a card's 'Köp nu' opens the wine at Systembolaget in a new tab", async ({ page, db }) => {
    const list = new WineListPage(page);
    const fynd = await approvedWinesOf(db, 'FYND');
    await list.goto('/fynd');

    const card = wineCardParts(list.cards().first());

    await expect(card.buyNow).toHaveAttribute('target', '_blank');
    const href = await card.buyNow.getAttribute('href');
    expect(fynd.map((w) => w.systembolaget_url)).toContain(href);
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
