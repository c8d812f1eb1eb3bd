import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it } from 'vitest';
import { foldSwedish } from '../../../api/contract/search-terms';
import { WINE_TYPES, type CatalogueWine, type WineSearchInput } from '../../../api/contract/wine-search';
import { WineSummary } from '../../../api/contract/wines';
import { realCatalogue, realCatalogueWines } from '../../../api/services/test-fixtures';
import { db } from '../db';
import { searchCatalogueOffline } from './search';

// The offline search over real rows: 600 wines of db/data/systembolaget-wines.json as the catalogue sends them, a
// few of them marked no longer sold. Expected answers are worked out here by plain filtering of the same rows.
const DISCONTINUED = new Set<string>();
const wines: (CatalogueWine & { isDiscontinued: boolean })[] = realCatalogueWines()
  .slice(0, 600)
  .map((w, i) => {
    if (i % 50 === 7) DISCONTINUED.add(w.id);
    return { ...w, isDiscontinued: i % 50 === 7 };
  });
const sold = wines.filter((w) => !w.isDiscontinued);
const byId = new Map<string, CatalogueWine>(wines.map((w) => [w.id, w]));
const full = (w: { id: string }) => byId.get(w.id)!;

beforeAll(async () => {
  await db.catalogue.put({ key: 'current', catalogue: realCatalogue(wines), etag: 'W/"test"', savedAt: 1, checkedAt: 1 });
});

const all = (input: WineSearchInput) =>
  searchCatalogueOffline({ ...input, limit: 100 }).then(async (first) => {
    const items = [...first.items];
    while (items.length < first.total) items.push(...(await searchCatalogueOffline({ ...input, limit: 100, offset: items.length })).items);
    return { ...first, items };
  });
const ids = (list: { id: string }[]) => list.map((w) => w.id).sort();
const sv = new Intl.Collator('sv-SE');
const byName = (a: CatalogueWine, b: CatalogueWine) => sv.compare(a.name, b.name) || (a.id < b.id ? -1 : 1);
const words = (w: CatalogueWine) =>
  foldSwedish([w.name, w.producer, w.grapeVariety, w.country, w.region, w.style, w.description].join(' '))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

describe('searchCatalogueOffline: defaults', () => {
  it('lists every wine still sold by name, 24 at a time, as the server does with no parameter', async () => {
    const page = await searchCatalogueOffline({});
    // Cards only, as the server's search answers them.
    expect(Object.keys(page.items[0]!).sort()).toEqual(Object.keys(WineSummary.shape).sort());
    expect(page.total).toBe(sold.length);
    expect(page.limit).toBe(24);
    expect(page.offset).toBe(0);
    expect(page.items.map((w) => w.id)).toEqual(
      [...sold]
        .sort(byName)
        .slice(0, 24)
        .map((w) => w.id),
    );
  });

  it('coerces the address values as the server does, and refuses what the server refuses', async () => {
    const page = await searchCatalogueOffline({ limit: '5', offset: '10', priceMax: '99' } as unknown as WineSearchInput);
    expect(page.limit).toBe(5);
    expect(page.offset).toBe(10);
    expect(page.total).toBe(sold.filter((w) => w.price <= 99).length);
    await expect(searchCatalogueOffline({ type: ['blue'] } as unknown as WineSearchInput)).rejects.toThrow();
  });
});

describe('searchCatalogueOffline: words', () => {
  it("folds Swedish and French letters: 'chateau' finds every Château", async () => {
    const found = await all({ q: 'chateau' });
    const chateaux = sold.filter((w) => w.name.includes('Château'));
    expect(chateaux.length).toBeGreaterThan(3);
    expect(ids(found.items)).toEqual(expect.arrayContaining(ids(chateaux)));
    // Name hits weigh most: the first ten are named Château or Chateau.
    expect(found.items.slice(0, 10).every((w) => foldSwedish(w.name).includes('chateau'))).toBe(true);
    expect(found.items.some((w) => w.name.startsWith('Chateau '))).toBe(true);
  });

  it("finds 'gruner' in Grüner veltliner and 'rioj' as the start of Rioja", async () => {
    const gruner = await all({ q: 'gruner' });
    const veltliners = sold.filter((w) => w.grapeVariety?.includes('Grüner'));
    expect(veltliners.length).toBeGreaterThan(0);
    expect(ids(gruner.items)).toEqual(expect.arrayContaining(ids(veltliners)));
    const rioja = await all({ q: 'rioj' });
    const riojas = sold.filter((w) => w.region === 'Rioja');
    expect(riojas.length).toBeGreaterThan(0);
    expect(ids(rioja.items)).toEqual(expect.arrayContaining(ids(riojas)));
    for (const w of rioja.items) expect(words(full(w)).some((t) => t.startsWith('rio'))).toBe(true);
  });

  it("forgives a typo: 'sauvignon blnc' finds the Sauvignon blancs, and needs every word", async () => {
    const found = await all({ q: 'sauvignon blnc' });
    const blancs = sold.filter((w) => /sauvignon blanc/i.test(w.grapeVariety ?? ''));
    expect(blancs.length).toBeGreaterThan(5);
    expect(ids(found.items)).toEqual(expect.arrayContaining(ids(blancs)));
    for (const w of found.items) expect(words(full(w)).some((t) => t.startsWith('sauvign'))).toBe(true);
    expect((await searchCatalogueOffline({ q: 'sauvignon zzzqqq' })).total).toBe(0);
  });
});

describe('searchCatalogueOffline: filters and facets', () => {
  const pricePerLitre = (w: CatalogueWine) => (w.price * 1000) / (w.volumeMl ?? 750);

  it('combines filters with AND and one filter’s values with OR', async () => {
    const input: WineSearchInput = { type: ['red'], country: ['Frankrike', 'Italien'], priceMax: 150, bodyMin: 4, sort: 'name' };
    const expected = sold.filter(
      (w) => w.wineType === 'Rött vin' && (w.country === 'Frankrike' || w.country === 'Italien') && w.price <= 150 && (w.body ?? 0) >= 4,
    );
    expect(expected.length).toBeGreaterThan(5);
    const found = await all(input);
    expect(found.total).toBe(expected.length);
    expect(found.items.map((w) => w.id)).toEqual([...expected].sort(byName).map((w) => w.id));
    expect(found.ranges.price).toEqual({ min: Math.min(...expected.map((w) => w.price)), max: Math.max(...expected.map((w) => w.price)) });
  });

  it('counts each facet as if its own choice were not made, with Swedish labels', async () => {
    const page = await searchCatalogueOffline({ type: ['red'], country: ['Italien'] });
    const countOf = (list: { value: string; count: number }[], value: string) => list.find((v) => v.value === value)?.count;

    const reds = sold.filter((w) => w.wineType === 'Rött vin');
    expect(countOf(page.facets.country, 'Frankrike')).toBe(reds.filter((w) => w.country === 'Frankrike').length);
    expect(countOf(page.facets.country, 'Italien')).toBe(reds.filter((w) => w.country === 'Italien').length);

    const italians = sold.filter((w) => w.country === 'Italien');
    for (const [slug, stored] of Object.entries(WINE_TYPES)) {
      const n = italians.filter((w) => w.wineType === stored).length;
      expect(countOf(page.facets.type, slug) ?? 0).toBe(n);
    }
    expect(page.facets.type.map((v) => v.label)).toEqual(expect.arrayContaining(['Rött', 'Vitt']));

    const both = reds.filter((w) => w.country === 'Italien');
    expect(page.total).toBe(both.length);
    expect(countOf(page.facets.assortment, 'fast')).toBe(both.filter((w) => w.assortment === 'Fast sortiment').length);
    expect(page.facets.assortment.find((v) => v.value === 'fast')?.label).toBe('Fast sortiment');
    expect(page.facets.volume.find((v) => v.value === '750')?.label).toBe('750 ml');
    expect(page.facets.category.find((v) => v.value === 'FYND')?.label).toBe('Fynd');
    const grapeCount = both.filter((w) => (w.grapeVariety ?? '').split(', ').includes('Sangiovese')).length;
    expect(countOf(page.facets.grape, 'Sangiovese')).toBe(grapeCount);
  });

  it('keeps a chosen value that no wine has, with 0, so it can be unticked', async () => {
    const page = await searchCatalogueOffline({ country: ['Atlantis'] });
    expect(page.total).toBe(0);
    expect(page.facets.country).toContainEqual({ value: 'Atlantis', label: 'Atlantis', count: 0 });
    expect(page.ranges).toEqual({ price: { min: null, max: null }, pricePerLitre: { min: null, max: null } });
  });

  it('filters kr/l, organic, grapes, food and categories', async () => {
    const found = await all({ pricePerLitreMax: 120, organic: 'true', category: ['FYND'] });
    expect(ids(found.items)).toEqual(ids(sold.filter((w) => pricePerLitre(w) <= 120 && w.isOrganic === true && w.categories.includes('FYND'))));
    const fish = await all({ food: ['fish'], grape: ['Chardonnay'] });
    expect(ids(fish.items)).toEqual(
      ids(sold.filter((w) => w.foodPairings.includes('fish') && (w.grapeVariety ?? '').split(', ').includes('Chardonnay'))),
    );
    expect(fish.total).toBeGreaterThan(0);
  });

  it('hides wines no longer sold unless asked for', async () => {
    expect((await searchCatalogueOffline({})).total).toBe(sold.length);
    expect((await searchCatalogueOffline({ discontinued: 'include' })).total).toBe(wines.length);
    expect(ids((await all({ discontinued: 'only' })).items)).toEqual([...DISCONTINUED].sort());
  });
});

describe('searchCatalogueOffline: orders and pages', () => {
  it.each([
    ['price_asc', (w: CatalogueWine) => w.price, 1],
    ['price_desc', (w: CatalogueWine) => w.price, -1],
    ['price_per_litre', (w: CatalogueWine) => (w.price * 1000) / (w.volumeMl ?? 750), 1],
    ['newest', (w: CatalogueWine) => (w.launchDate ? Date.parse(w.launchDate) : 0), -1],
  ] as const)('sorts by %s', async (sort, key, dir) => {
    // The answer's items are cards (WineSummary); the test reads the same wines' catalogue rows.
    const found = await all({ type: ['white'], sort });
    expect(found.total).toBe(sold.filter((w) => w.wineType === 'Vitt vin').length);
    const rows = found.items.map(full);
    for (let i = 1; i < rows.length; i += 1) expect((key(rows[i]!) - key(rows[i - 1]!)) * dir).toBeGreaterThanOrEqual(0);
  });

  it('pages without repeating or skipping a wine', async () => {
    const pages = await Promise.all([0, 24, 48].map((offset) => searchCatalogueOffline({ sort: 'price_asc', offset })));
    const seen = pages.flatMap((p) => p.items.map((w) => w.id));
    expect(new Set(seen).size).toBe(72);
    const expected = [...sold].sort((a, b) => a.price - b.price || byName(a, b)).slice(0, 72);
    expect(seen).toEqual(expected.map((w) => w.id));
  });
});
