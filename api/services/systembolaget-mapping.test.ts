import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { wineIdForProductNumber } from '../contract/wine-id';
import {
  SystembolagetRow,
  deriveCategories,
  mapSystembolagetRow,
  monthsBefore,
  tasteClockToScale,
  type CategoryContext,
  type CategoryFacts,
} from './systembolaget-mapping';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DATA_FILE = path.resolve(ROOT, loadConfig({}).wineDataFile);
const realRows = (JSON.parse(fs.readFileSync(DATA_FILE, 'utf8')) as unknown[]).map((r) => SystembolagetRow.parse(r));

/** A real row of the data file by its productNumber (varunummer). */
function realRow(productNumber: string): SystembolagetRow {
  const row = realRows.find((r) => r.productNumber === productNumber);
  if (!row) throw new Error(`no row ${productNumber} in ${DATA_FILE}`);
  return row;
}

describe('tasteClockToScale', () => {
  it('maps the ends of the 1–12 clock to the ends of the 1–5 scale', () => {
    expect(tasteClockToScale(1)).toBe(1);
    expect(tasteClockToScale(12)).toBe(5);
  });

  it('keeps null (no such clock) as null', () => {
    expect(tasteClockToScale(null)).toBeNull();
  });

  it('maps every clock value to a whole step of 1–5, never going down, reaching every step', () => {
    const scaled = Array.from({ length: 12 }, (_, i) => tasteClockToScale(i + 1)!);

    for (const v of scaled) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(1);
      expect(v).toBeLessThanOrEqual(5);
    }
    for (let i = 1; i < scaled.length; i += 1) expect(scaled[i]).toBeGreaterThanOrEqual(scaled[i - 1]!);
    expect(new Set(scaled)).toEqual(new Set([1, 2, 3, 4, 5]));
  });
});

describe('monthsBefore', () => {
  it('goes back whole calendar months, across a year and past a short month', () => {
    expect(monthsBefore('2026-08-22', 4)).toBe('2026-04-22');
    expect(monthsBefore('2021-09-21', 4)).toBe('2021-05-21');
    expect(monthsBefore('2026-02-10', 4)).toBe('2025-10-10');
    expect(monthsBefore('2026-06-30', 4)).toBe('2026-03-02');
  });
});

describe('deriveCategories', () => {
  const ctx: CategoryContext = { medianPricePerLitreByType: { 'Rött vin': 200, 'Vitt vin': 100 }, dataDate: '2021-09-21' };
  const wine = (over: Partial<CategoryFacts>): CategoryFacts => ({
    wineType: 'Rött vin',
    price: 500,
    volumeMl: 750,
    launchDate: '2015-01-01',
    discontinuedOn: null,
    ...over,
  });

  it('makes a wine a FYND at exactly 50 % of its type’s median price per litre', () => {
    // 75 SEK / 0.75 l = 100 SEK/l = 50 % of 200.
    expect(deriveCategories(wine({ price: 75 }), ctx)).toEqual(['FYND']);
  });

  it('does not make a wine a FYND above 50 % of its type’s median', () => {
    expect(deriveCategories(wine({ price: 75.5 }), ctx)).toEqual([]);
  });

  it('compares per litre, so a 3 l box and a 187 ml bottle are judged alike', () => {
    // 300 SEK / 3 l = 100 SEK/l; 18.7 SEK / 0.187 l = 100 SEK/l: both FYND. 20 SEK / 0.187 l ≈ 107: not.
    expect(deriveCategories(wine({ price: 300, volumeMl: 3000 }), ctx)).toEqual(['FYND']);
    expect(deriveCategories(wine({ price: 18.7, volumeMl: 187 }), ctx)).toEqual(['FYND']);
    expect(deriveCategories(wine({ price: 20, volumeMl: 187 }), ctx)).toEqual([]);
  });

  it('uses the median of the wine’s own type, and makes no FYND without a median or a volume', () => {
    // 100 SEK/l is a FYND for a red (median 200) but not for a white (median 100).
    expect(deriveCategories(wine({ wineType: 'Vitt vin', price: 75 }), ctx)).toEqual([]);
    expect(deriveCategories(wine({ wineType: 'Rosévin', price: 1 }), ctx)).toEqual([]);
    expect(deriveCategories(wine({ price: 1, volumeMl: null }), ctx)).toEqual([]);
  });

  it('makes a wine NYLANSERAD when launched in the four months up to the data’s date, or announced after it', () => {
    expect(deriveCategories(wine({ launchDate: '2021-05-21' }), ctx)).toEqual(['NYLANSERAD']);
    expect(deriveCategories(wine({ launchDate: '2021-09-21' }), ctx)).toEqual(['NYLANSERAD']);
    expect(deriveCategories(wine({ launchDate: '2021-10-05' }), ctx)).toEqual(['NYLANSERAD']);
    expect(deriveCategories(wine({ launchDate: '2021-05-20' }), ctx)).toEqual([]);
    expect(deriveCategories(wine({ launchDate: null }), ctx)).toEqual([]);
    expect(deriveCategories(wine({ price: 75, launchDate: '2021-07-01' }), ctx)).toEqual(['FYND', 'NYLANSERAD']);
  });

  it('follows the newest data’s date', () => {
    const later = { ...ctx, dataDate: '2026-08-22' };
    expect(deriveCategories(wine({ launchDate: '2021-09-01' }), later)).toEqual([]);
    expect(deriveCategories(wine({ launchDate: '2026-05-22' }), later)).toEqual(['NYLANSERAD']);
  });

  it('puts a wine no longer sold (Utgått) in no list', () => {
    expect(deriveCategories(wine({ price: 75, launchDate: '2021-07-01', discontinuedOn: '2026-08-22' }), ctx)).toEqual([]);
  });

  it('never gives FOLKETS_VAL (only community reviews do)', () => {
    for (const r of realRows) {
      const facts = { wineType: r.type, price: r.price, volumeMl: r.volumeMl, launchDate: r.launchDate, discontinuedOn: null };
      expect(deriveCategories(facts, { medianPricePerLitreByType: { [r.type]: 1e9 }, dataDate: r.sourceDate })).not.toContain('FOLKETS_VAL');
    }
  });
});

describe('mapSystembolagetRow', () => {
  it('maps a real white wine with a second name (Leva, 261915)', () => {
    const source = realRow('261915');

    const wine = mapSystembolagetRow(source);

    expect(wine).toMatchObject({
      id: wineIdForProductNumber('261915'),
      product_number: '261915',
      name: 'Leva Chardonnay Dimiat & Muscat',
      description: source.taste,
      price: 29,
      volume_ml: 250,
      vintage: 2020,
      wine_type: 'Vitt vin',
      systembolaget_url: 'https://www.systembolaget.se/261915',
      serving: source.usage,
      body: tasteClockToScale(4),
      sweetness: tasteClockToScale(2),
      acidity: tasteClockToScale(9),
      tannins: null,
      fruity: null,
      approval_status: 'approved',
      source: 'systembolaget',
      product_id: source.productId,
      launch_date: source.launchDate,
      sugar_g_per_100ml: source.sugarGramPer100ml,
      is_news: source.isNews,
      price_date: '2021-09-21',
    });
    expect(source.launchDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(wine).not.toHaveProperty('image_url');
    // Fisk → fish; Grönsaker has no counterpart and is kept in Swedish; Sällskapsdryck is an occasion.
    expect(wine.food_pairings).toEqual(['fish', 'Grönsaker']);
    expect(wine.occasions).toEqual(['gathering']);
  });

  it('maps a real red with lamb, pork and vegetables (Le Chef Rouge, 7104601)', () => {
    const wine = mapSystembolagetRow(realRow('7104601'));

    expect(wine.name).toBe('Le Chef Rouge');
    expect(wine.sweetness).toBeNull();
    expect(wine.tannins).toBe(tasteClockToScale(6));
    expect(wine.food_pairings).toEqual(['meat', 'poultry', 'light_meat', 'Grönsaker']);
    expect(wine.occasions).toEqual([]);
  });

  it('maps lamb, beef and game to one "meat" and keeps a name without name2 as it is (Brolio, 270501)', () => {
    const source = realRow('270501');

    const wine = mapSystembolagetRow(source);

    expect(wine.name).toBe('Brolio');
    expect(wine.food_pairings).toEqual(['meat']);
    expect(wine.grape_variety).toBe('Sangiovese, Merlot, Cabernet sauvignon');
    expect(wine.alcohol_content).toBe(13.5);
    expect(wine.producer).toBe('Barone Ricasoli');
    expect(wine.region).toBe('Toscana');
    expect(wine.country).toBe('Italien');
  });

  it('gives every real row a valid wine: 1–5 scales, a name and a positive price', () => {
    for (const r of realRows) {
      const wine = mapSystembolagetRow(r);
      for (const v of [wine.sweetness, wine.acidity, wine.body, wine.tannins]) {
        if (v !== null) expect(v >= 1 && v <= 5).toBe(true);
      }
      expect(wine.name.trim().length).toBeGreaterThan(0);
      expect(wine.price).toBeGreaterThan(0);
    }
  });
});
