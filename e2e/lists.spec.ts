import { wineCardParts } from './pages/wine-card';
import { WineListPage, type ListPath } from './pages/wine-list-page';
import { approvedWinesOf, expect, test, titleOf } from './support/db';

const LISTS: { path: ListPath; category: 'FYND' | 'NYLANSERAD' | 'FOLKETS_VAL'; heading: (n: number) => string }[] = [
  { path: '/fynd', category: 'FYND', heading: (n) => `${n} FYND HITTADE` },
  { path: '/aktuella-viner', category: 'NYLANSERAD', heading: (n) => `${n} AKTUELLA VINTIPS HITTADE` },
  { path: '/nya-viner', category: 'NYLANSERAD', heading: (n) => `${n} AKTUELLA VINTIPS HITTADE` },
  { path: '/folkets-val', category: 'FOLKETS_VAL', heading: (n) => `${n} VINER FRÅN GEMENSKAPEN` },
];

test.describe('public list pages', () => {
  for (const { path, category, heading } of LISTS) {
    test(`${path} counts every approved ${category} wine and shows a card for each`, async ({ page, db }) => {
      const list = new WineListPage(page);
      const wines = await approvedWinesOf(db, category);

      await list.goto(path);

      await expect(list.countHeading()).toHaveText(heading(wines.length));
      await expect(list.cards()).toHaveCount(wines.length);
      const shown = (await list.cards().getByRole('heading').allTextContents()).map((t) => t.trim()).sort();
      expect(shown).toEqual(wines.map(titleOf).sort());
    });
  }

  test('/nya-viner is the same page as /aktuella-viner', async ({ page }) => {
    const list = new WineListPage(page);
    await list.goto('/aktuella-viner');
    await expect(list.cards().first()).toBeVisible();
    const aktuella = await list.cards().getByRole('heading').allTextContents();
    const aktuellaHeading = await list.countHeading().textContent();

    await list.goto('/nya-viner');

    await expect(list.countHeading()).toHaveText(aktuellaHeading!);
    await expect(list.cards().getByRole('heading')).toHaveText(aktuella);
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
