import { WineDetailPage } from './pages/wine-detail-page';
import { WineListPage } from './pages/wine-list-page';
import { expect, priceText, test, titleOf, type WineRow } from './support/db';

// The catalogue as a first start leaves it: the 2021 wine file with the 2026-08-22 assortment applied
// (db/README.md 'Assortment files'). Cards and the wine page say what a price is worth and how old it is.
test.describe('a catalogue that stays current', () => {
  test("a FYND card shows kr/l, the price's date and why it is a FYND", async ({ page, db }) => {
    const first: WineRow & { volume_ml: number; price_date: string } = await db('wines')
      .where({ approval_status: 'approved' })
      .whereNull('discontinued_on')
      .whereRaw("'FYND' = any(categories)")
      .orderByRaw('price / coalesce(volume_ml, 750) asc, name, id')
      .first('*');
    const list = new WineListPage(page);

    await list.goto('/fynd');

    const card = list.cards().first();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(titleOf(first));
    await expect(card).toContainText(`${Math.round((first.price * 1000) / first.volume_ml)} kr/l`);
    await expect(card).toContainText(`pris ${first.price_date}`);
    await expect(card.getByText(/^Literpris \d+ kr – \d+ % av medianen för [a-zéå ]+ \(\d+ kr\/l\)$/)).toBeVisible();
  });

  test('a wine with a newer price shows it with its date and the 2021 price in its history', async ({ page, db }) => {
    const wine: WineRow & { price_date: string } = await db('wines')
      .where({ approval_status: 'approved', price_date: '2026-08-22' })
      .whereNotNull('vintage')
      .orderBy('product_number')
      .first('*');
    const old: { price: number } = await db('wine_price_history').where({ wine_id: wine.id, price_date: '2021-09-21' }).first('price');
    const detail = new WineDetailPage(page);

    await detail.goto(wine.id);

    await expect(detail.text(priceText(wine.price)).first()).toBeVisible();
    await expect(detail.text('pris 2026-08-22')).toBeVisible();
    const history = page.getByRole('table');
    await expect(page.getByRole('heading', { name: 'Prishistorik' })).toBeVisible();
    await expect(history.getByRole('row')).toHaveCount(3);
    await expect(history.getByRole('row').nth(1)).toContainText(`2021-09-21${priceText(old.price)}`);
    await expect(history.getByRole('row').nth(2)).toContainText(`2026-08-22${priceText(wine.price)}${wine.vintage}`);
  });

  test("a wine no longer sold keeps its page with an 'Utgått' notice and is in no list", async ({ page, db }) => {
    const gone: WineRow & { price_date: string } = await db('wines')
      .where({ approval_status: 'approved', discontinued_on: '2026-08-22', packaging: 'Flaska' })
      .orderBy('product_number')
      .first('*');
    const detail = new WineDetailPage(page);

    await detail.goto(gone.id);

    await expect(detail.title()).toHaveText(titleOf(gone));
    await expect(page.getByRole('note')).toHaveText(
      /^Utgått\s*Vinet finns inte längre i Systembolagets sortiment \(sortimentet 2026-08-22\)\. Priset är det senast kända\.$/i,
    );
    await expect(detail.text(`pris ${gone.price_date}`)).toBeVisible();
    const listed = await page.request.get('/api/wines?limit=100&offset=0');
    const total = (await listed.json()).total as number;
    const sold = await db('wines').where({ approval_status: 'approved' }).whereNull('discontinued_on').count<{ n: number }[]>({ n: '*' });
    expect(total).toBe(Number(sold[0]!.n));
  });
});
