import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { wineIdForProductNumber } from '../contract/wine-id';
import { useTestDatabase } from '../test/test-db';
import { AssortmentFileError, DEFAULT_ASSORTMENT_FILE, applyAssortmentFile } from './assortment-import';
import { importSystembolagetWines } from './systembolaget-import';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WINE_FILE = path.resolve(ROOT, loadConfig({}).wineDataFile);
const ASSORTMENT_FILE = path.resolve(ROOT, DEFAULT_ASSORTMENT_FILE);

const getDb = useTestDatabase();
let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'vinpressen-assortment-'));
});

afterAll(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, data_imports, slider_seeded_months, assortment_imports cascade');
  await importSystembolagetWines(getDb().db, WINE_FILE);
});

async function count(query: (db: ReturnType<typeof getDb>['db']) => Promise<{ n: number }[]>): Promise<number> {
  return Number((await query(getDb().db))[0]!.n);
}
const inCategory = (category: string) => count((db) => db('wines').whereRaw('? = any(categories)', [category]).count({ n: '*' }));

/** A snapshot of what a file may change: every wine's dated facts and categories, the history, the applied files. */
async function snapshot() {
  const { db } = getDb();
  return {
    wines: await db('wines')
      .orderBy('id')
      .select(
        'id',
        'price',
        'vintage',
        'volume_ml',
        'price_date',
        'discontinued_on',
        'store_count',
        'launch_date',
        'version',
        db.raw('categories::text[] as c'),
      ),
    history: await db('wine_price_history').orderBy(['wine_id', 'price_date']).select('*'),
    imports: await db('assortment_imports').select('source_date', 'sha256', 'counts'),
  };
}

describe('applyAssortmentFile (the real 2026-08-22 file on the real 2021 data)', () => {
  it('updates the 653 matching active wines, reports 67 reused numbers, marks 280 wines Utgått and keeps 141 it cannot speak for', async () => {
    const { db } = getDb();

    const report = await applyAssortmentFile(db, ASSORTMENT_FILE);

    expect(report.status).toBe('applied');
    expect(report.counts).toEqual({
      rows: 729,
      updated: 653,
      mismatched: 67,
      discontinuedInactive: 13,
      discontinuedOmitted: 267,
      keptNotCovered: 141,
      unknown: 0,
      priceHistory: 653,
    });
    // 716 active rows − 63 active rows of another product = 653.
    expect(report.mismatches.map((m) => m.productNumber)).toContain('281201');
    expect(report.mismatches.find((m) => m.productNumber === '281201')).toEqual({
      productNumber: '281201',
      before: { name: 'Pesquera Millenium Gran Reserva', producer: 'Fernández Rivera' },
      after: { name: 'Casas Patronales Gran Reserva Carmenère', producer: 'Casas Patronales' },
    });
    expect(await count((d) => d('wines').where({ price_date: '2026-08-22' }).count({ n: '*' }))).toBe(653);
    expect(await count((d) => d('wines').where({ discontinued_on: '2026-08-22' }).count({ n: '*' }))).toBe(280);
    expect(await count((d) => d('wine_price_history').where({ price_date: '2021-09-21' }).count({ n: '*' }))).toBe(653);
    const [applied] = await db('assortment_imports').select('*');
    expect(applied).toMatchObject({ source_date: '2026-08-22', counts: report.counts });
    expect(applied.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a matching wine its 2026 price, vintage and stores and keeps the 2021 price in the history', async () => {
    const { db } = getDb();
    await applyAssortmentFile(db, ASSORTMENT_FILE);

    // Saint Clair Vicar's Choice Sauvignon Blanc: 2021 and 2026 rows of 1200001.
    const id = wineIdForProductNumber('1200001');
    const wine = await db('wines').where({ id }).first('price', 'vintage', 'price_date', 'store_count', 'assortment', 'discontinued_on');
    expect(wine).toEqual({
      price: 109,
      vintage: 2024,
      price_date: '2026-08-22',
      store_count: 428,
      assortment: 'Fast sortiment',
      discontinued_on: null,
    });
    const history = await db('wine_price_history').where({ wine_id: id }).select('price_date', 'price', 'vintage', 'volume_ml');
    expect(history).toHaveLength(1);
    expect(history[0]!.price_date).toBe('2021-09-21');
    expect(history[0]!.volume_ml).toBe(750);
  });

  it('merges a renamed brand with a new owner but not a reused number, which keeps its 2021 price and date', async () => {
    const { db } = getDb();
    await applyAssortmentFile(db, ASSORTMENT_FILE);

    // Jacob's Creek Organic Chardonnay: producer Orlando → Vinarchy, same name: merged (79 → 89 kr).
    const jacobs = await db('wines').where({ product_number: '749601' }).first('price', 'price_date');
    expect(jacobs).toEqual({ price: 89, price_date: '2026-08-22' });
    // 281201 is now another product: Pesquera keeps its 2021 price (499 kr) and date, and no history.
    const pesquera = await db('wines').where({ product_number: '281201' }).first('id', 'price', 'price_date', 'discontinued_on');
    expect(pesquera).toMatchObject({ price: 499, price_date: '2021-09-21', discontinued_on: null });
    expect(await db('wine_price_history').where({ wine_id: pesquera.id }).first()).toBeUndefined();
  });

  it('marks bottles and cans it omits Utgått, and keeps boxes, cartons and unknown packaging with their 2021 price date', async () => {
    const { db } = getDb();
    await applyAssortmentFile(db, ASSORTMENT_FILE);

    const listed = new Set(
      (JSON.parse(await fs.readFile(ASSORTMENT_FILE, 'utf8')) as { rows: { productNumber: string }[] }).rows.map((r) => r.productNumber),
    );
    const wines: { product_number: string; packaging: string | null; discontinued_on: string | null; price_date: string }[] = await db(
      'wines',
    ).select('product_number', 'packaging', 'discontinued_on', 'price_date');
    const omitted = wines.filter((w) => !listed.has(w.product_number));
    const byPackaging = (p: (w: (typeof omitted)[number]) => boolean) => omitted.filter(p);
    const bottlesAndCans = byPackaging((w) => w.packaging === 'Flaska' || w.packaging === 'Burk');
    const others = byPackaging((w) => w.packaging !== 'Flaska' && w.packaging !== 'Burk');
    expect(bottlesAndCans.filter((w) => w.packaging === 'Flaska')).toHaveLength(265);
    expect(bottlesAndCans.filter((w) => w.packaging === 'Burk')).toHaveLength(2);
    for (const w of bottlesAndCans) expect(w.discontinued_on).toBe('2026-08-22');
    expect(others.filter((w) => w.packaging !== null)).toHaveLength(140);
    expect(others.filter((w) => w.packaging === null)).toHaveLength(1);
    for (const w of others) expect(w).toMatchObject({ discontinued_on: null, price_date: '2021-09-21' });
  });

  it('marks the 13 inactive rows Utgått and takes no price from them', async () => {
    const { db } = getDb();
    const inactive = (JSON.parse(await fs.readFile(ASSORTMENT_FILE, 'utf8')) as { rows: { productNumber: string; active: boolean }[] }).rows
      .filter((r) => !r.active)
      .map((r) => r.productNumber);
    expect(inactive).toHaveLength(13);

    await applyAssortmentFile(db, ASSORTMENT_FILE);

    const rows = await db('wines').whereIn('product_number', inactive).select('discontinued_on', 'price_date');
    expect(rows).toHaveLength(13);
    for (const r of rows) expect(r).toEqual({ discontinued_on: '2026-08-22', price_date: '2021-09-21' });
  });

  it('recomputes the lists from the 2026 data: NYLANSERAD holds the 5 wines launched from 2026-04-22 on, no Utgått wine is in a list', async () => {
    const { db } = getDb();
    await applyAssortmentFile(db, ASSORTMENT_FILE);

    expect(await inCategory('NYLANSERAD')).toBe(5);
    const launches: string[] = await db('wines').whereRaw("'NYLANSERAD' = any(categories)").orderBy('launch_date').pluck('launch_date');
    expect(launches).toEqual(['2026-05-22', '2026-08-07', '2026-08-14', '2026-08-21', '2026-08-28']);
    expect(await count((d) => d('wines').whereNotNull('discontinued_on').whereRaw("categories <> '{}'").count({ n: '*' }))).toBe(0);
    // FYND: ≤ 50 % of the median per litre of the wines still sold, at their current prices.
    const fynd = await inCategory('FYND');
    expect(fynd).toBeGreaterThan(0);
    const medians: { wine_type: string; median: number }[] = (
      await db.raw(`select wine_type, percentile_cont(0.5) within group (order by price * 1000.0 / volume_ml) as median
                      from wines where discontinued_on is null group by wine_type`)
    ).rows;
    const byType = new Map(medians.map((m) => [m.wine_type, m.median]));
    const wines: { wine_type: string; price: number; volume_ml: number; fynd: boolean }[] = await db('wines')
      .whereNull('discontinued_on')
      .select('wine_type', 'price', 'volume_ml', db.raw("'FYND' = any(categories) as fynd"));
    for (const w of wines) expect(w.fynd).toBe((w.price * 1000) / w.volume_ml <= 0.5 * byType.get(w.wine_type)!);
  });

  it('changes nothing when the same file is applied again', async () => {
    const { db } = getDb();
    const first = await applyAssortmentFile(db, ASSORTMENT_FILE);
    const before = await snapshot();

    const again = await applyAssortmentFile(db, ASSORTMENT_FILE);

    expect(again).toMatchObject({ status: 'already-applied', counts: first.counts, mismatches: [] });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the 2026 prices and lists through a re-import of the 2021 wine file', async () => {
    const { db } = getDb();
    await applyAssortmentFile(db, ASSORTMENT_FILE);
    const before = await snapshot();

    await importSystembolagetWines(db, WINE_FILE);

    expect(await snapshot()).toEqual(before);
  });

  it('refuses an older file than the one applied last and changes nothing', async () => {
    const { db } = getDb();
    await applyAssortmentFile(db, ASSORTMENT_FILE);
    const before = await snapshot();
    const file = path.join(tmp, 'older.json');
    const data = JSON.parse(await fs.readFile(ASSORTMENT_FILE, 'utf8')) as { sourceDate: string };
    await fs.writeFile(file, JSON.stringify({ ...data, sourceDate: '2024-01-01' }));

    expect(await applyAssortmentFile(db, file)).toMatchObject({ status: 'older', newestApplied: '2026-08-22', counts: null });
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    ['not JSON', '{"sourceDate": ', /: not JSON/],
    ['a bad date', JSON.stringify({ sourceDate: '22/08/2026', rows: [] }), /: not an assortment file: sourceDate: not a date YYYY-MM-DD$/],
    ['no rows', JSON.stringify({ sourceDate: '2026-08-22' }), /: not an assortment file: rows: /],
  ])('refuses %s with one line and writes nothing', async (_name, content, message) => {
    const { db } = getDb();
    const before = await snapshot();
    const file = path.join(tmp, 'bad.json');
    await fs.writeFile(file, content);

    const error = await applyAssortmentFile(db, file).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(AssortmentFileError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file with one bad row among good ones, naming the row, and writes nothing', async () => {
    const { db } = getDb();
    const before = await snapshot();
    const data = JSON.parse(await fs.readFile(ASSORTMENT_FILE, 'utf8')) as { sourceDate: string; rows: Record<string, unknown>[] };
    data.rows[5] = { ...data.rows[5], price: 'gratis' };
    data.rows[9] = { ...data.rows[9], volumeMl: -1 };
    const file = path.join(tmp, 'bad-row.json');
    await fs.writeFile(file, JSON.stringify(data));

    await expect(applyAssortmentFile(db, file)).rejects.toThrow(/not an assortment file: rows\.5\.price: .* \(and 1 more problem\)$/);
    expect(await snapshot()).toEqual(before);
  });
});

describe('applyAssortmentFile on a small file', () => {
  it('refuses a product number listed twice', async () => {
    const data = JSON.parse(await fs.readFile(ASSORTMENT_FILE, 'utf8')) as { sourceDate: string; rows: Record<string, unknown>[] };
    const file = path.join(tmp, 'twice.json');
    await fs.writeFile(file, JSON.stringify({ sourceDate: data.sourceDate, rows: [data.rows[0], data.rows[0]] }));

    await expect(applyAssortmentFile(getDb().db, file)).rejects.toThrow(/rows\.1\.productNumber: product number listed twice$/);
  });
});
