import 'fake-indexeddb/auto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { Catalogue, type WineSearchInput, WineSearchPage } from '../../../api/contract/wine-search';
import { importRealCatalogue } from '../../../api/test/real-catalogue';
import { createTestApp, useTestDatabase } from '../../../api/test/test-db';
import { db } from '../db';
import { searchCatalogueOffline } from './search';

// The same search online and offline (docs/catalogue.md 'Words'): the real catalogue (db/data, the 2021 file with the
// 2026-08-22 assortment applied) in Postgres, searched through GET /api/wines/search, and its own GET
// /api/wines/catalogue answer stored on the device, searched by searchCatalogueOffline. Every search must find the
// same wines with the same total, facet counts and price ranges.

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;

beforeAll(async () => {
  const { db: pg } = getDb();
  await importRealCatalogue(pg);
  api = request(createTestApp(pg).callback());
  const res = await api.get('/api/wines/catalogue').expect(200);
  await db.catalogue.put({ key: 'current', catalogue: Catalogue.parse(res.body), etag: res.headers.etag ?? null, savedAt: 1, checkedAt: 1 });
}, 120_000);

const PAGE = 100;

/** Every page of a search on the server, as one page. */
async function online(input: Record<string, string | number | string[]>): Promise<WineSearchPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) for (const v of [value].flat()) params.append(key, String(v));
  let first: WineSearchPage | undefined;
  const items: WineSearchPage['items'] = [];
  do {
    params.set('limit', String(PAGE));
    params.set('offset', String(items.length));
    const page = WineSearchPage.parse((await api.get(`/api/wines/search?${params}`).expect(200)).body);
    first ??= page;
    items.push(...page.items);
    if (!page.items.length) break;
  } while (items.length < first.total);
  return { ...first, items };
}

/** Every page of the same search on the device. */
async function offline(input: WineSearchInput): Promise<WineSearchPage> {
  const first = await searchCatalogueOffline({ ...input, limit: PAGE });
  const items = [...first.items];
  while (items.length < first.total) items.push(...(await searchCatalogueOffline({ ...input, limit: PAGE, offset: items.length })).items);
  return { ...first, items };
}

const ids = (page: WineSearchPage) => page.items.map((w) => w.id).sort();
const facetCounts = (page: WineSearchPage) =>
  Object.fromEntries(Object.entries(page.facets).map(([facet, values]) => [facet, values.map((v) => `${v.value}=${v.count}`).sort()]));

describe('the same search online and offline', () => {
  it.each([
    'chateau',
    'CHÂTEAUNEUF',
    'gruner',
    'rioj',
    'rioja reserva',
    'sauvignon blnc',
    'casilero cabernet',
    'grunner veltliner',
    'pinot noir',
    'krusbär',
    'bourgogne',
    'champagne brut',
    'riesling',
    'syrah',
    'italien',
    'smak av mörka körsbär',
    'a',
    '2019',
    "d'Asti",
    'xyzzyqwerty',
  ])('%j finds the same wines, counts and ranges', async (text) => {
    const server = await online({ q: text });
    const device = await offline({ q: text });
    expect(device.total).toBe(server.total);
    expect(ids(device)).toEqual(ids(server));
    expect(facetCounts(device)).toEqual(facetCounts(server));
    expect(device.ranges).toEqual(server.ranges);
  });

  it.each<Record<string, string | number | string[]>>([
    { q: 'pinot', type: 'red', priceMax: 300 },
    { q: 'chardonnay', country: 'Frankrike', sort: 'price_asc' },
    { q: 'sauvignon blnc', food: 'fish', pricePerLitreMax: 400 },
    { type: ['red', 'white'], country: 'Italien', bodyMin: 4 },
    { grape: 'Merlot', priceMax: 250, sort: 'newest' },
    { q: 'vernissage', discontinued: 'include' },
    { packaging: 'Bag-in-box', sort: 'price_per_litre' },
  ])('%j finds the same wines, counts and ranges', async (input) => {
    const server = await online(input);
    const device = await offline(input as WineSearchInput);
    expect(device.total).toBe(server.total);
    expect(ids(device)).toEqual(ids(server));
    expect(facetCounts(device)).toEqual(facetCounts(server));
    expect(device.ranges).toEqual(server.ranges);
  });
});
