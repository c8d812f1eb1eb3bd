import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SliderItem, Wine } from '../../contract/wines';
import { swedishYearMonth } from '../../contract/dates';
import { buildSliderEntry, buildWine } from '../../test/factories';
import { createTestApp, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;

beforeAll(() => {
  api = request(createTestApp(getDb().db).callback());
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines cascade');
});

/** The month before (year, month). */
function previousMonth({ year, month }: { year: number; month: number }) {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

describe('GET /api/slider-wines', () => {
  it("lists this month's entries (Swedish time) in position order with label and wine", async () => {
    const { db } = getDb();
    const now = swedishYearMonth();
    const third = await buildWine(db, { name: 'Tredje' });
    const first = await buildWine(db, { name: 'Första', categories: ['FYND'] });
    const second = await buildWine(db, { name: 'Andra' });
    // Inserted out of order: the answer must follow `position`, not insertion.
    await buildSliderEntry(db, { ...now, position: 3, wine_id: third.id, label: 'Månadens vita' });
    await buildSliderEntry(db, { ...now, position: 1, wine_id: first.id, label: 'Månadens fynd' });
    await buildSliderEntry(db, { ...now, position: 2, wine_id: second.id, label: 'Månadens röda' });

    const res = await api.get('/api/slider-wines');

    expect(res.status).toBe(200);
    expect(res.body.map((i: SliderItem) => [i.position, i.label, i.wine.name])).toEqual([
      [1, 'Månadens fynd', 'Första'],
      [2, 'Månadens röda', 'Andra'],
      [3, 'Månadens vita', 'Tredje'],
    ]);
    expect(res.body[0].wine).toMatchObject({ id: first.id, categories: ['FYND'], price: 149 });
    for (const item of res.body) {
      expect(SliderItem.strict().safeParse(item).success).toBe(true);
      expect(Object.keys(item.wine).sort()).toEqual(Object.keys(Wine.shape).sort());
    }
  });

  it("leaves out other months' entries", async () => {
    const { db } = getDb();
    const now = swedishYearMonth();
    const before = previousMonth(now);
    await buildSliderEntry(db, { ...now, position: 1, label: 'Nu' });
    await buildSliderEntry(db, { ...before, position: 1, label: 'Förra månaden' });
    await buildSliderEntry(db, { year: now.year - 1, month: now.month, position: 2, label: 'Förra året' });

    const res = await api.get('/api/slider-wines');

    expect(res.body.map((i: SliderItem) => i.label)).toEqual(['Nu']);
  });

  it('leaves out entries whose wine is not approved', async () => {
    const { db } = getDb();
    const now = swedishYearMonth();
    await buildSliderEntry(db, { ...now, position: 1, label: 'Publik' });
    let position = 2;
    for (const status of ['draft', 'pending', 'rejected'] as const) {
      const wine = await buildWine(db, { approval_status: status, source: 'partner' });
      await buildSliderEntry(db, { ...now, position, wine_id: wine.id, label: status });
      position += 1;
    }

    const res = await api.get('/api/slider-wines');

    expect(res.body.map((i: SliderItem) => i.label)).toEqual(['Publik']);
  });

  it('answers [] when the month has no entries', async () => {
    const { db } = getDb();
    await buildSliderEntry(db, { ...previousMonth(swedishYearMonth()), position: 1 });

    const res = await api.get('/api/slider-wines');

    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
