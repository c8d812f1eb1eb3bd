import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { wineIdForProductNumber } from '../contract/wine-id';
import { buildWine } from '../test/factories';
import { useTestDatabase } from '../test/test-db';
import { hasImportedSystembolaget, importSystembolagetWines, seedSliderMonth } from './systembolaget-import';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATA_FILE = path.resolve(ROOT, loadConfig({}).wineDataFile);
const REAL_COUNT = 1137;

const getDb = useTestDatabase();
let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vinpressen-import-'));
});

afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, data_imports, slider_seeded_months, assortment_imports cascade');
});

async function countWines(where: Record<string, unknown> = {}): Promise<number> {
  const rows = await getDb().db('wines').where(where).count<{ count: number }[]>('* as count');
  return rows[0]!.count;
}

async function countCategory(category: string): Promise<number> {
  const rows = await getDb().db('wines').whereRaw('? = any(categories)', [category]).count<{ count: number }[]>('* as count');
  return rows[0]!.count;
}

describe('importSystembolagetWines', () => {
  it('imports every real wine, approved and from Systembolaget, skipping none', async () => {
    const { db } = getDb();

    const report = await importSystembolagetWines(db, DATA_FILE);

    expect(report).toEqual({ total: REAL_COUNT, inserted: REAL_COUNT, updated: 0, skipped: [] });
    expect(await countWines()).toBe(REAL_COUNT);
    expect(await countWines({ approval_status: 'approved', source: 'systembolaget' })).toBe(REAL_COUNT);
    expect(await hasImportedSystembolaget(db)).toBe(true);
    const [record] = await db('data_imports').select('*');
    expect(record).toMatchObject({ source: 'systembolaget', inserted: REAL_COUNT, updated: 0, skipped: [] });
    expect(record.file_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives each wine the stable id of its product number', async () => {
    const { db } = getDb();
    await importSystembolagetWines(db, DATA_FILE);

    const rows: { id: string; product_number: string }[] = await db('wines').select('id', 'product_number');

    expect(rows).toHaveLength(REAL_COUNT);
    for (const row of rows) expect(row.id).toBe(wineIdForProductNumber(row.product_number));
  });

  it('puts 58 wines in FYND and the 173 launched from 2021-05-21 on in NYLANSERAD, none in FOLKETS_VAL', async () => {
    const { db } = getDb();
    await importSystembolagetWines(db, DATA_FILE);

    expect(await countCategory('FYND')).toBe(58);
    expect(await countCategory('NYLANSERAD')).toBe(173);
    expect(await countCategory('FOLKETS_VAL')).toBe(0);
    const launched = await db('wines').whereRaw("'NYLANSERAD' = any(categories)").min('launch_date as first').max('launch_date as last').first();
    expect(launched).toEqual({ first: expect.any(String), last: '2021-10-05' });
    expect(launched!.first >= '2021-05-21').toBe(true);
    expect(await countWines({ launch_date: null })).toBe(0);
  });

  it('stores the product id, launch date, sugar, news flag and the date of the price, not the image', async () => {
    const { db } = getDb();
    await importSystembolagetWines(db, DATA_FILE);

    const wine = await db('wines')
      .where({ product_number: '203401' })
      .first('product_id', 'launch_date', 'sugar_g_per_100ml', 'is_news', 'price_date', 'image_url', 'discontinued_on', 'store_count');
    expect(wine).toEqual({
      product_id: '24594663',
      launch_date: '2021-09-01',
      sugar_g_per_100ml: 0.5,
      is_news: true,
      price_date: '2021-09-21',
      image_url: null,
      discontinued_on: null,
      store_count: null,
    });
    expect(await countWines({ price_date: '2021-09-21' })).toBe(REAL_COUNT);
    expect(await countWines({ is_news: true })).toBe(23);
  });

  it('updates instead of duplicating on a second import, changing no row', async () => {
    const { db } = getDb();
    await importSystembolagetWines(db, DATA_FILE);
    const versions = await db('wines').sum('version as sum').first();

    const again = await importSystembolagetWines(db, DATA_FILE);

    expect(again).toEqual({ total: REAL_COUNT, inserted: 0, updated: REAL_COUNT, skipped: [] });
    expect(await countWines()).toBe(REAL_COUNT);
    expect(await db('wines').sum('version as sum').first()).toEqual(versions);
    expect(await db('data_imports').count<{ count: number }[]>('* as count')).toEqual([{ count: 2 }]);
  });

  it('keeps FOLKETS_VAL earned by the community through a re-import, and the FYND/NYLANSERAD it had', async () => {
    const { db } = getDb();
    await importSystembolagetWines(db, DATA_FILE);
    const fynd: { id: string; categories: string } = await db('wines').whereRaw("'FYND' = any(categories)").first('id', 'categories');
    const plain: { id: string } = await db('wines').whereRaw("categories = '{}'").first('id');
    await db('wines')
      .whereIn('id', [fynd.id, plain.id])
      .update({ categories: db.raw("array_append(categories, 'FOLKETS_VAL')"), rating: 4.5 });

    await importSystembolagetWines(db, DATA_FILE);

    const after = await db('wines').whereIn('id', [fynd.id, plain.id]).select('id', db.raw('categories::text[] as categories'), 'rating');
    const byId = new Map(after.map((r: { id: string; categories: string[]; rating: number }) => [r.id, r]));
    expect(byId.get(fynd.id)?.categories.sort()).toEqual(['FOLKETS_VAL', 'FYND']);
    expect(byId.get(plain.id)?.categories).toEqual(['FOLKETS_VAL']);
    // The community's rating is not the import's to overwrite either.
    expect(byId.get(plain.id)?.rating).toBe(4.5);
    expect(await countCategory('FOLKETS_VAL')).toBe(2);
  });

  it('leaves wines from other sources alone', async () => {
    const { db } = getDb();
    const own = await buildWine(db, { name: 'Husets vin', source: 'admin' });

    await importSystembolagetWines(db, DATA_FILE);

    expect(await countWines()).toBe(REAL_COUNT + 1);
    expect((await db('wines').where({ id: own.id }).first('name')).name).toBe('Husets vin');
  });

  it('skips and reports a product whose id another wine already holds, and imports the rest', async () => {
    const { db } = getDb();
    const real = JSON.parse(await fs.readFile(DATA_FILE, 'utf8')) as { productNumber: string }[];
    const victim = real[3]!.productNumber;
    // A row under the id the importer derives for that product, as a client could make it before ids were checked.
    const squatter = await buildWine(db, { id: wineIdForProductNumber(victim), name: 'Upptaget id', source: 'partner' });

    const report = await importSystembolagetWines(db, DATA_FILE);

    expect(report.inserted).toBe(REAL_COUNT - 1);
    expect(report.skipped).toEqual([{ index: 3, productNumber: victim, reason: `id ${squatter.id} is taken by another wine` }]);
    expect((await db('wines').where({ id: squatter.id }).first('name')).name).toBe('Upptaget id');
  });

  it('imports the good rows of a broken file and reports the others with reasons', async () => {
    const { db } = getDb();
    const real = JSON.parse(await fs.readFile(DATA_FILE, 'utf8')) as Record<string, unknown>[];
    const [good, second, third] = real as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
    const file = path.join(tmp, 'broken.json');
    await fs.writeFile(
      file,
      JSON.stringify([good, { ...second, price: -1 }, { ...third, name: undefined }, { ...good, name: 'Samma varunummer igen' }]),
    );

    const report = await importSystembolagetWines(db, file);

    expect(report.total).toBe(4);
    expect(report.inserted).toBe(1);
    expect(report.updated).toBe(0);
    expect(report.skipped).toEqual([
      { index: 1, productNumber: second.productNumber, reason: expect.stringContaining('price') },
      { index: 2, productNumber: third.productNumber, reason: expect.stringContaining('name') },
      { index: 3, productNumber: good.productNumber, reason: 'duplicate productNumber in file' },
    ]);
    const rows = await db('wines').select('id', 'name', 'product_number');
    expect(rows).toEqual([
      { id: wineIdForProductNumber(good.productNumber as string), name: expect.any(String), product_number: good.productNumber },
    ]);
    expect(rows[0].name).not.toBe('Samma varunummer igen');
    const [record] = await db('data_imports').select('skipped');
    expect(record.skipped).toHaveLength(3);
  });

  it('refuses a file that is not a JSON array and writes nothing', async () => {
    const { db } = getDb();
    const file = path.join(tmp, 'object.json');
    await fs.writeFile(file, JSON.stringify({ wines: [] }));

    await expect(importSystembolagetWines(db, file)).rejects.toThrow(/expected a JSON array/);
    expect(await countWines()).toBe(0);
    expect(await hasImportedSystembolaget(db)).toBe(false);
  });
});

describe('seedSliderMonth', () => {
  it('writes five entries with distinct public wines once, and nothing the second time', async () => {
    const { db } = getDb();
    await importSystembolagetWines(db, DATA_FILE);

    const first = await seedSliderMonth(db, 2026, 11);
    const second = await seedSliderMonth(db, 2026, 11);

    expect(first).toBe(5);
    expect(second).toBe(0);
    const entries: { wine_id: string; position: number; label: string }[] = await db('slider_entries')
      .where({ year: 2026, month: 11 })
      .orderBy('position')
      .select('wine_id', 'position', 'label');
    expect(entries.map((e) => e.position)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(entries.map((e) => e.wine_id)).size).toBe(5);
    expect(entries.map((e) => e.label)).toEqual(['Månadens fynd', 'Månadens röda', 'Månadens vita', 'Månadens rosé', 'Månadens bubbel']);
    const fynd = await db('wines').where({ id: entries[0]!.wine_id }).first(db.raw("'FYND' = any(categories) as is_fynd"));
    expect(fynd.is_fynd).toBe(true);
  });

  it('picks other wines for another month', async () => {
    const { db } = getDb();
    await importSystembolagetWines(db, DATA_FILE);

    await seedSliderMonth(db, 2026, 11);
    await seedSliderMonth(db, 2026, 12);

    const ids = async (month: number) => (await db('slider_entries').where({ year: 2026, month }).orderBy('position').pluck('wine_id')) as string[];
    expect(await ids(12)).not.toEqual(await ids(11));
  });

  it('writes nothing when there are no wines, and seeds the month once wines exist', async () => {
    const { db } = getDb();
    expect(await seedSliderMonth(db, 2026, 11)).toBe(0);

    await importSystembolagetWines(db, DATA_FILE);

    expect(await seedSliderMonth(db, 2026, 11)).toBe(5);
  });

  it('does not refill a month whose entries were removed after seeding (an admin emptied it)', async () => {
    const { db } = getDb();
    await importSystembolagetWines(db, DATA_FILE);
    await seedSliderMonth(db, 2026, 11);
    await db('slider_entries').where({ year: 2026, month: 11 }).delete();

    expect(await seedSliderMonth(db, 2026, 11)).toBe(0);
    expect(await db('slider_entries').where({ year: 2026, month: 11 }).count({ n: '*' })).toEqual([{ n: 0 }]);
  });

  it('seeds a month once when several processes try at the same time', async () => {
    const { db } = getDb();
    await importSystembolagetWines(db, DATA_FILE);

    const written = await Promise.all([1, 2, 3].map(() => seedSliderMonth(db, 2027, 1)));

    expect(written.sort()).toEqual([0, 0, 5]);
    expect(await db('slider_entries').where({ year: 2027, month: 1 }).count({ n: '*' })).toEqual([{ n: 5 }]);
  });
});
