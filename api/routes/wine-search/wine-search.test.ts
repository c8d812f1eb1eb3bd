import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { Catalogue, FACETS, WineSearchPage, WineSearchQuery } from '../../contract/wine-search';
import { searchPublicWines } from '../../queries/wine-search';
import { buildWine, type WineOverrides } from '../../test/factories';
import { expectError } from '../../test/expect-error';
import { createTestApp, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;

// Realistic rows (the shapes of db/data/systembolaget-wines.json), plus a partner wine, a discontinued wine and a
// wine awaiting review. Built once: every test here only reads.
const WINES: WineOverrides[] = [
  {
    name: 'Château Mont-Redon Châteauneuf-du-Pape',
    producer: 'Château Mont-Redon',
    grape_variety: 'Grenache, Syrah, Mourvèdre',
    country: 'Frankrike',
    region: 'Rhônedalen',
    wine_type: 'Rött vin',
    style: 'Kryddigt & Mustigt vin',
    price: 329,
    volume_ml: 750,
    vintage: 2019,
    body: 4,
    sweetness: 1,
    acidity: 3,
    tannins: 4,
    food_pairings: ['meat'],
    occasions: [],
    assortment: 'Fast sortiment',
    rating: 4.2,
    launch_date: '2021-03-01',
    description: 'Kryddig smak med inslag av mörka körsbär, plommon och lakrits.',
  },
  {
    name: 'Leth Grüner Veltliner',
    producer: 'Weingut Leth',
    grape_variety: 'Grüner veltliner',
    country: 'Österrike',
    region: 'Niederösterreich',
    wine_type: 'Vitt vin',
    style: 'Friskt & Fruktigt vin',
    price: 109,
    volume_ml: 750,
    vintage: 2021,
    body: 2,
    sweetness: 1,
    acidity: 4,
    tannins: null,
    food_pairings: ['fish', 'seafood'],
    occasions: ['gathering'],
    assortment: 'Fast sortiment',
    categories: ['NYLANSERAD'],
    launch_date: '2022-05-01',
    description: 'Frisk smak med inslag av gröna äpplen, vitpeppar och citrus.',
  },
  {
    name: 'Viña Ardanza Reserva',
    producer: 'La Rioja Alta',
    grape_variety: 'Tempranillo, Garnacha',
    country: 'Spanien',
    region: 'Rioja',
    wine_type: 'Rött vin',
    style: 'Mjukt & Bärigt vin',
    price: 299,
    volume_ml: 750,
    vintage: 2016,
    body: 4,
    sweetness: 2,
    acidity: 3,
    tannins: 3,
    food_pairings: ['meat', 'cheese'],
    occasions: [],
    assortment: 'Fast sortiment',
    rating: 4.6,
    categories: ['FOLKETS_VAL'],
    is_granskad_vinpressen: true,
    launch_date: '2020-01-15',
    description: 'Mogen, nyanserad smak med inslag av fat, torkade körsbär och vanilj.',
  },
  {
    name: 'Moulin Blanc Sauvignon Blanc',
    producer: 'Les Vignerons',
    grape_variety: 'Sauvignon blanc',
    country: 'Frankrike',
    region: 'Loiredalen',
    wine_type: 'Vitt vin',
    style: 'Friskt & Fruktigt vin',
    price: 89,
    volume_ml: 750,
    vintage: 2021,
    body: 2,
    sweetness: 1,
    acidity: 5,
    tannins: null,
    food_pairings: ['fish', 'aperitif'],
    occasions: ['gathering'],
    assortment: 'Tillfälligt sortiment',
    description: 'Frisk, fruktig smak med inslag av krusbär, fläder och citrus.',
  },
  {
    name: 'Casillero Cabernet Merlot',
    producer: 'Concha y Toro',
    grape_variety: 'Cabernet sauvignon,Merlot',
    country: 'Chile',
    region: 'Central Valley',
    wine_type: 'Rött vin',
    packaging: 'Box',
    style: 'Fruktigt & Smakrikt vin',
    price: 249,
    volume_ml: 3000,
    vintage: 2020,
    body: 3,
    sweetness: 2,
    acidity: 3,
    tannins: 3,
    food_pairings: ['meat'],
    occasions: ['gathering'],
    assortment: 'Fast sortiment',
    categories: ['FYND'],
    description: 'Fruktig smak med inslag av svarta vinbär, choklad och plommon.',
  },
  {
    name: 'Canti Prosecco Extra Dry',
    producer: 'Fratelli Martini',
    grape_variety: 'Glera',
    country: 'Italien',
    region: 'Veneto',
    wine_type: 'Mousserande vin',
    style: 'Mousserande vin',
    price: 69,
    volume_ml: 375,
    vintage: null,
    body: 1,
    sweetness: 2,
    acidity: 4,
    tannins: null,
    food_pairings: ['aperitif'],
    occasions: [],
    assortment: 'Ordervaror',
    is_organic: true,
    description: 'Frisk, fruktig smak med inslag av päron och citrus.',
  },
  {
    name: "Graham's Six Grapes",
    producer: "W & J Graham's",
    grape_variety: 'Touriga nacional, Touriga franca',
    country: 'Portugal',
    region: 'Douro',
    wine_type: 'Starkvin',
    style: null,
    price: 199,
    volume_ml: 750,
    vintage: null,
    body: 5,
    sweetness: 4,
    acidity: 2,
    tannins: 3,
    food_pairings: ['cheese'],
    occasions: [],
    assortment: 'Fast sortiment',
    description: 'Söt, fruktig smak med inslag av russin, choklad och fikon.',
  },
  // A partner's wine: approved, no categories, no assortment, no volume (750 ml assumed per litre).
  {
    name: 'Gotlands Solaris',
    producer: 'Gute Vingård',
    grape_variety: 'Solaris',
    country: 'Sverige',
    region: 'Gotland',
    wine_type: 'Vitt vin',
    price: 225,
    volume_ml: null,
    vintage: 2022,
    source: 'partner',
    assortment: null,
    food_pairings: ['fish'],
    occasions: [],
    description: 'Frisk smak med toner av äpple och fläder.',
  },
  // No longer sold ('Utgått').
  {
    name: 'Rioja Crianza Utgången',
    producer: 'Bodegas Viejas',
    grape_variety: 'Tempranillo',
    country: 'Spanien',
    region: 'Rioja',
    wine_type: 'Rött vin',
    price: 119,
    volume_ml: 750,
    vintage: 2015,
    assortment: 'Fast sortiment',
    discontinued_on: '2026-08-22',
    price_date: '2026-08-22',
    description: 'Mjuk smak med inslag av jordgubbar och vanilj.',
  },
  // Not public.
  {
    name: 'Hemlig Rioja Gran Reserva',
    producer: 'Bodegas Hemliga',
    grape_variety: 'Tempranillo',
    country: 'Spanien',
    region: 'Rioja',
    wine_type: 'Rött vin',
    price: 399,
    source: 'partner',
    approval_status: 'pending',
  },
];

const ids = new Map<string, string>();

beforeAll(async () => {
  api = request(createTestApp(getDb().db).callback());
  await getDb().db.raw('truncate wines, users cascade');
  for (const w of WINES) ids.set(w.name!, (await buildWine(getDb().db, w)).id);
});

async function search(query: string): Promise<WineSearchPage> {
  const res = await api.get(`/api/wines/search${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return WineSearchPage.parse(res.body);
}
const names = (page: { items: { name: string }[] }) => page.items.map((w) => w.name);
const q = (text: string) => `q=${encodeURIComponent(text)}`;

describe('GET /api/wines/search: the text', () => {
  it.each([
    ['chateau', 'Château Mont-Redon Châteauneuf-du-Pape'],
    ['CHÂTEAUNEUF', 'Château Mont-Redon Châteauneuf-du-Pape'],
    ['gruner', 'Leth Grüner Veltliner'],
    ['grüner veltliner', 'Leth Grüner Veltliner'],
    ['rhone', 'Château Mont-Redon Châteauneuf-du-Pape'],
    ['osterrike', 'Leth Grüner Veltliner'],
    ['mourvedre', 'Château Mont-Redon Châteauneuf-du-Pape'],
    ['vina ardanza', 'Viña Ardanza Reserva'],
    ['rioj', 'Viña Ardanza Reserva'],
    ['six grap', "Graham's Six Grapes"],
    ['solaris gotland', 'Gotlands Solaris'],
    ['krusbär', 'Moulin Blanc Sauvignon Blanc'],
  ])('%s finds %s (folded case and accents, word prefixes)', async (text, name) => {
    const page = await search(q(text));
    expect(names(page)[0]).toBe(name);
  });

  it('finds only the wines holding every word', async () => {
    expect(names(await search(q('rioja reserva')))).toEqual(['Viña Ardanza Reserva']);
    expect(names(await search(q('frisk citrus')))).toEqual(
      expect.arrayContaining(['Leth Grüner Veltliner', 'Moulin Blanc Sauvignon Blanc', 'Canti Prosecco Extra Dry']),
    );
  });

  it.each([
    ['sauvignon blnc', 'Moulin Blanc Sauvignon Blanc'],
    ['chateauneuf du pap', 'Château Mont-Redon Châteauneuf-du-Pape'],
    ['grunner veltliner', 'Leth Grüner Veltliner'],
    ['casilero cabernet', 'Casillero Cabernet Merlot'],
  ])('tolerates the typo in %s (finds %s first)', async (text, name) => {
    const page = await search(q(text));
    expect(names(page)[0]).toBe(name);
  });

  it('ranks a match in the name above one in the description', async () => {
    // 'Fruktig' is in the style of the box (weight C) and the descriptions of others (D).
    const page = await search(q('fruktigt'));
    expect(names(page)[0]).toBe('Casillero Cabernet Merlot');
  });

  it.each([
    `!&|:*()'"\\`,
    "' or 1=1 --",
    ':*',
    'rioja & | ! <-> :* (reserva',
    '\\',
    "d'Asti",
    '½ flaska',
    '🍷 vin',
    'a'.repeat(200),
    'ord '.repeat(40),
  ])('answers %j without an error (no tsquery syntax reaches Postgres)', async (text) => {
    await search(q(text));
  });

  it('finds nothing for words no wine has, with empty facets and null ranges', async () => {
    const page = await search(q('xyzzyqwerty'));
    expect(page.total).toBe(0);
    expect(page.items).toEqual([]);
    expect(page.ranges).toEqual({ price: { min: null, max: null }, pricePerLitre: { min: null, max: null } });
    for (const f of FACETS) expect(page.facets[f]).toEqual([]);
  });

  it('lists every wine still sold when q holds no letters or digits', async () => {
    expect((await search(q('!!! ***'))).total).toBe(8);
  });

  it('never shows wines awaiting review, and finds approved partner wines', async () => {
    expect(names(await search(q('hemlig')))).toEqual([]);
    expect(names(await search(q('gotlands')))).toEqual(['Gotlands Solaris']);
    expect(names(await search('country=Sverige'))).toEqual(['Gotlands Solaris']);
  });
});

describe("GET /api/wines/search: 'Utgått'", () => {
  it('leaves out wines no longer sold, includes them with discontinued=include, shows only them with only', async () => {
    expect(names(await search('region=Rioja'))).toEqual(['Viña Ardanza Reserva']);
    expect(names(await search('region=Rioja&discontinued=include&sort=name'))).toEqual(['Rioja Crianza Utgången', 'Viña Ardanza Reserva']);
    expect(names(await search('discontinued=only'))).toEqual(['Rioja Crianza Utgången']);
    expect((await search('')).total).toBe(8);
    expect((await search('discontinued=include')).total).toBe(9);
  });
});

describe('GET /api/wines/search: filters', () => {
  it.each([
    ['type=white', ['Gotlands Solaris', 'Leth Grüner Veltliner', 'Moulin Blanc Sauvignon Blanc']],
    ['type=sparkling&type=fortified', ['Canti Prosecco Extra Dry', "Graham's Six Grapes"]],
    ['packaging=Box', ['Casillero Cabernet Merlot']],
    ['volume=375&volume=3000', ['Canti Prosecco Extra Dry', 'Casillero Cabernet Merlot']],
    ['priceMin=200&priceMax=300', ['Casillero Cabernet Merlot', 'Gotlands Solaris', 'Viña Ardanza Reserva']],
    // kr/l: the box 83, the Prosecco 184, the partner wine 300 (750 ml assumed), Ardanza 398.67
    ['pricePerLitreMax=200', ['Canti Prosecco Extra Dry', 'Casillero Cabernet Merlot', 'Leth Grüner Veltliner', 'Moulin Blanc Sauvignon Blanc']],
    ['pricePerLitreMin=300&pricePerLitreMax=400', ['Gotlands Solaris', 'Viña Ardanza Reserva']],
    ['country=Frankrike&country=Chile', ['Casillero Cabernet Merlot', 'Château Mont-Redon Châteauneuf-du-Pape', 'Moulin Blanc Sauvignon Blanc']],
    ['region=Veneto', ['Canti Prosecco Extra Dry']],
    ['grape=Syrah', ['Château Mont-Redon Châteauneuf-du-Pape']],
    ['grape=Merlot', ['Casillero Cabernet Merlot']],
    ['grape=Tempranillo&grape=Glera', ['Canti Prosecco Extra Dry', 'Viña Ardanza Reserva']],
    ['grape=Sauvignon', []],
    ['bodyMin=4', ['Château Mont-Redon Châteauneuf-du-Pape', "Graham's Six Grapes", 'Viña Ardanza Reserva']],
    ['bodyMax=1', ['Canti Prosecco Extra Dry']],
    ['sweetnessMin=3', ["Graham's Six Grapes"]],
    ['acidityMin=5', ['Moulin Blanc Sauvignon Blanc']],
    ['tanninsMin=4&tanninsMax=4', ['Château Mont-Redon Châteauneuf-du-Pape']],
    ['food=cheese', ["Graham's Six Grapes", 'Viña Ardanza Reserva']],
    ['food=fish&food=aperitif', ['Canti Prosecco Extra Dry', 'Gotlands Solaris', 'Leth Grüner Veltliner', 'Moulin Blanc Sauvignon Blanc']],
    ['occasion=gathering', ['Casillero Cabernet Merlot', 'Leth Grüner Veltliner', 'Moulin Blanc Sauvignon Blanc']],
    ['organic=true', ['Canti Prosecco Extra Dry']],
    ['assortment=tillfalligt&assortment=order', ['Canti Prosecco Extra Dry', 'Moulin Blanc Sauvignon Blanc']],
    ['assortment=lokalt', []],
    ['vintage=2021', ['Leth Grüner Veltliner', 'Moulin Blanc Sauvignon Blanc']],
    ['category=FYND&category=FOLKETS_VAL', ['Casillero Cabernet Merlot', 'Viña Ardanza Reserva']],
    ['granskad=true', ['Viña Ardanza Reserva']],
    ['type=red&country=Frankrike&priceMax=400', ['Château Mont-Redon Châteauneuf-du-Pape']],
    ['q=frisk&type=white&food=fish', ['Gotlands Solaris', 'Leth Grüner Veltliner', 'Moulin Blanc Sauvignon Blanc']],
  ])('%s', async (query, expected) => {
    const page = await search(`${query}&sort=name`);
    expect(names(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('gives the price (SEK) and kr/l ranges of the matching wines', async () => {
    const page = await search('type=red');
    expect(page.ranges).toEqual({ price: { min: 249, max: 329 }, pricePerLitre: { min: 83, max: 438.67 } });
  });
});

describe('GET /api/wines/search: facets', () => {
  it('labels every facet in Swedish, lists types, assortments and categories in their fixed order, and drops the values no filter can choose', async () => {
    const { facets } = await search('');
    expect(Object.keys(facets).sort()).toEqual([...FACETS].sort());
    expect(facets.type).toEqual([
      { value: 'red', label: 'Rött', count: 3 },
      { value: 'white', label: 'Vitt', count: 3 },
      { value: 'sparkling', label: 'Mousserande', count: 1 },
      { value: 'fortified', label: 'Starkvin', count: 1 },
    ]);
    expect(facets.assortment).toEqual([
      { value: 'fast', label: 'Fast sortiment', count: 5 },
      { value: 'tillfalligt', label: 'Tillfälligt sortiment', count: 1 },
      { value: 'order', label: 'Ordervaror', count: 1 },
    ]);
    expect(facets.category).toEqual([
      { value: 'FYND', label: 'Fynd', count: 1 },
      { value: 'NYLANSERAD', label: 'Aktuella vintips', count: 1 },
      { value: 'FOLKETS_VAL', label: 'Folkets val', count: 1 },
    ]);
    expect(facets.volume).toContainEqual({ value: '750', label: '750 ml', count: 5 });
    expect(facets.food).toContainEqual({ value: 'fish', label: 'Fisk', count: 3 });
    expect(facets.occasion).toEqual([{ value: 'gathering', label: 'Umgänge', count: 3 }]);
    expect(facets.vintage).toContainEqual({ value: '2021', label: '2021', count: 2 });
    const numbers = (list: { value: string }[]) => list.map((v) => Number(v.value));
    expect(numbers(facets.vintage)).toEqual(numbers(facets.vintage).sort((a, b) => b - a));
    expect(numbers(facets.volume)).toEqual(numbers(facets.volume).sort((a, b) => a - b));
    const counts = facets.country.map((v) => v.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(facets.grape.map((v) => v.value)).toEqual(expect.arrayContaining(['Cabernet sauvignon', 'Merlot', 'Syrah', 'Grenache']));
  });

  it('counts each facet given every OTHER filter, as direct SQL counts (a chosen value keeps its count)', async () => {
    const { db } = getDb();
    const page = await search('type=red&type=white&country=Frankrike&country=Spanien&priceMax=320&food=fish&food=meat');
    const base = `approval_status = 'approved' and discontinued_on is null and price <= 320`;
    const types = `wine_type in ('Rött vin', 'Vitt vin')`;
    const countries = `country in ('Frankrike', 'Spanien')`;
    const foods = `food_pairings && array['fish', 'meat']`;
    const counts = async (sql: string) => Object.fromEntries(((await db.raw(sql)).rows as { v: string; n: number }[]).map((r) => [r.v, Number(r.n)]));
    const byFacet = (facet: keyof WineSearchPage['facets']) => Object.fromEntries(page.facets[facet].map((v) => [v.value, v.count]));

    const typeCounts = await counts(`select wine_type v, count(*) n from wines where ${base} and ${countries} and ${foods} group by 1`);
    expect(byFacet('type')).toEqual({ red: typeCounts['Rött vin'], white: typeCounts['Vitt vin'] });
    expect(byFacet('country')).toEqual(await counts(`select country v, count(*) n from wines where ${base} and ${types} and ${foods} group by 1`));
    expect(byFacet('food')).toEqual(
      await counts(`select f v, count(*) n from wines, unnest(food_pairings) f where ${base} and ${types} and ${countries} group by 1`),
    );
    expect(byFacet('grape')).toEqual(
      await counts(
        `select btrim(g) v, count(*) n from wines, unnest(string_to_array(grape_variety, ',')) g where ${base} and ${types} and ${countries} and ${foods} group by 1`,
      ),
    );
    expect(byFacet('region')).toEqual(
      await counts(`select region v, count(*) n from wines where ${base} and ${types} and ${countries} and ${foods} group by 1`),
    );
    expect(page.total).toBe(
      Number((await db.raw(`select count(*) n from wines where ${base} and ${types} and ${countries} and ${foods}`)).rows[0].n),
    );
  });

  it('keeps a chosen value with count 0 when the other filters leave none of it', async () => {
    const page = await search('type=fortified&country=Chile');
    expect(page.total).toBe(0);
    expect(page.facets.type).toContainEqual({ value: 'fortified', label: 'Starkvin', count: 0 });
    expect(page.facets.type).toContainEqual({ value: 'red', label: 'Rött', count: 1 });
    expect(page.facets.country).toContainEqual({ value: 'Chile', label: 'Chile', count: 0 });
    expect(page.facets.country).toContainEqual({ value: 'Portugal', label: 'Portugal', count: 1 });
  });
});

describe('searchPublicWines: split over three connections', () => {
  // A large catalogue's search runs as three statements on three connections in one snapshot; a small one (as here)
  // as one statement. Both ways must give the same answer.
  it.each([
    '',
    'q=chateau',
    'type=red&country=Frankrike&priceMax=300&sort=price_per_litre',
    'type=red&type=white&country=Frankrike&country=Spanien&priceMax=320&food=fish&food=meat',
    'grape=Merlot&occasion=gathering&sort=newest',
    'q=gruner&type=white&food=fish&sort=relevance',
    'category=FYND&assortment=fast&vintage=2021&volume=750&limit=2&offset=1',
    'type=fortified&country=Chile',
    'discontinued=only',
  ])('%s', async (params) => {
    const { db } = getDb();
    const query = WineSearchQuery.parse(
      Object.fromEntries(
        [...new URLSearchParams(params).keys()].map((k) => {
          const all = new URLSearchParams(params).getAll(k);
          return [k, all.length > 1 ? all : all[0]];
        }),
      ),
    );
    const sorted = (r: Awaited<ReturnType<typeof searchPublicWines>>) => ({
      ...r,
      rows: r.rows.map((w) => w.id),
      facets: [...r.facets].sort((a, b) => `${a.facet}/${a.value}`.localeCompare(`${b.facet}/${b.value}`)),
    });
    const split = sorted(await searchPublicWines(db, query, 'split'));
    expect(split).toEqual(sorted(await searchPublicWines(db, query, 'single')));
    expect(split.facets.length).toBeGreaterThan(0);
  });
});

describe('GET /api/wines/search: sorts and pages', () => {
  it.each([
    ['price_asc', ['Canti Prosecco Extra Dry', 'Moulin Blanc Sauvignon Blanc', 'Leth Grüner Veltliner', "Graham's Six Grapes"]],
    ['price_desc', ['Château Mont-Redon Châteauneuf-du-Pape', 'Viña Ardanza Reserva', 'Casillero Cabernet Merlot', 'Gotlands Solaris']],
    ['price_per_litre', ['Casillero Cabernet Merlot', 'Moulin Blanc Sauvignon Blanc', 'Leth Grüner Veltliner', 'Canti Prosecco Extra Dry']],
    ['newest', ['Leth Grüner Veltliner', 'Château Mont-Redon Châteauneuf-du-Pape', 'Viña Ardanza Reserva']],
    ['rating', ['Viña Ardanza Reserva', 'Château Mont-Redon Châteauneuf-du-Pape']],
    ['name', ['Canti Prosecco Extra Dry', 'Casillero Cabernet Merlot', 'Château Mont-Redon Châteauneuf-du-Pape', 'Gotlands Solaris']],
    ['relevance', ['Canti Prosecco Extra Dry', 'Casillero Cabernet Merlot', 'Château Mont-Redon Châteauneuf-du-Pape', 'Gotlands Solaris']],
  ])('sort=%s', async (sort, first) => {
    const page = await search(`sort=${sort}`);
    expect(names(page).slice(0, first.length)).toEqual(first);
    expect(page.total).toBe(8);
  });

  it('sorts the rated wines first and the unrated after them (rating)', async () => {
    const ratings = (await search('sort=rating')).items.map((w) => w.rating);
    expect(ratings).toEqual([4.6, 4.2, null, null, null, null, null, null]);
  });

  it('pages without repeating or skipping a wine, also among equal prices', async () => {
    const all = names(await search('sort=price_asc&limit=100'));
    const paged: string[] = [];
    for (let offset = 0; offset < 8; offset += 3) paged.push(...names(await search(`sort=price_asc&limit=3&offset=${offset}`)));
    expect(paged).toEqual(all);
    const page = await search('limit=3&offset=6');
    expect(page).toMatchObject({ limit: 3, offset: 6, total: 8 });
    expect(page.items).toHaveLength(2);
  });

  it('answers the card fields of GET /api/wines', async () => {
    const [wine] = (await search(q('ardanza'))).items;
    const list = await api.get(`/api/wines?ids=${ids.get('Viña Ardanza Reserva')}`);
    expect(wine).toEqual(list.body.items[0]);
  });
});

describe('GET /api/wines/search: bad input', () => {
  it.each([
    'type=purple',
    'type=RED',
    'volume=abc',
    'volume=0',
    'volume=1.5',
    'priceMin=-1',
    'priceMin=abc',
    'priceMax=1e400',
    `priceMax=${'9'.repeat(400)}`,
    'pricePerLitreMin=2000000',
    'pricePerLitreMax=NaN',
    'bodyMin=0',
    'bodyMax=6',
    'sweetnessMin=2.5',
    'acidityMax=x',
    'tanninsMin=-1',
    'vintage=1800',
    'vintage=20x1',
    'category=BILLIGT',
    'assortment=fast-sortiment',
    'organic=false',
    'granskad=1',
    'discontinued=yes',
    'sort=cheapest',
    'limit=0',
    'limit=101',
    'limit=1e309',
    'offset=-1',
    'offset=100001',
    `q=${'a'.repeat(201)}`,
    'q=rioja%00',
    'q=%01rioja',
    'q=rioja%1b%5b31m',
    'q=%c2%85',
    'country=%00',
    'grape=',
    `region=${'x'.repeat(101)}`,
    `type=${Array.from({ length: 51 }, () => 'red').join('&type=')}`,
    'foo=bar',
    'q=rioja&ids=1',
  ])('answers ?%s with 400 and the error shape', async (query) => {
    const res = await api.get(`/api/wines/search?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expectError(res.body);
  });
});

describe('GET /api/wines/catalogue', () => {
  it('answers every public wine, also those no longer sold, with the fields the offline search reads', async () => {
    const res = await api.get('/api/wines/catalogue');
    expect(res.status).toBe(200);
    const catalogue = Catalogue.parse(res.body);
    expect(catalogue.items.map((w) => w.name).sort()).toEqual(
      WINES.filter((w) => w.approval_status === undefined)
        .map((w) => w.name)
        .sort(),
    );
    const grune = catalogue.items.find((w) => w.name === 'Leth Grüner Veltliner')!;
    expect(grune).toMatchObject({
      producer: 'Weingut Leth',
      style: 'Friskt & Fruktigt vin',
      sweetness: 1,
      acidity: 4,
      body: 2,
      tannins: null,
      foodPairings: ['fish', 'seafood'],
      occasions: ['gathering'],
      isOrganic: null,
      assortment: 'Fast sortiment',
      categories: ['NYLANSERAD'],
    });
    const card = (await search(q('leth'))).items[0]!;
    expect(grune).toMatchObject(card);
    expect(catalogue.dataDate).toBe('2026-08-22');
    const newest = (await getDb().db('wines').where('approval_status', 'approved').max('updated_at as t').first()) as { t: Date };
    expect(catalogue.generatedAt).toBe(newest.t.toISOString());
  });

  it('dates the data by the newest applied assortment file when it is later than every price', async () => {
    const { db } = getDb();
    await db('assortment_imports').insert({ source_date: '2026-11-01', sha256: 'a'.repeat(64) });
    try {
      expect((await api.get('/api/wines/catalogue')).body.dataDate).toBe('2026-11-01');
    } finally {
      await db('assortment_imports').delete();
    }
  });

  it('answers with an ETag and 304 when unchanged, compressed for clients that accept it', async () => {
    const first = await api.get('/api/wines/catalogue').set('Accept-Encoding', 'gzip');
    expect(first.headers.etag).toMatch(/^W\//);
    expect(first.headers['content-encoding']).toBe('gzip');
    // The same data makes the same answer (generatedAt is the newest change, not the time of the request).
    const again = await api.get('/api/wines/catalogue').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
  });
});

describe('GET /api/wines/search after writes', () => {
  it('follows every write of a wine: price, type, approval and deletion (the search tables are kept by trigger)', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Ändringsvinet Reserve', grape_variety: 'Zweigelt', price: 120, country: 'Österrike' });
    try {
      expect(names(await search(`${q('zweigelt')}&priceMax=150`))).toEqual(['Ändringsvinet Reserve']);

      await db('wines').where({ id: wine.id }).update({ price: 180, wine_type: 'Rosévin', grape_variety: 'Blaufränkisch' });
      expect(names(await search(`${q('zweigelt')}`))).toEqual([]);
      expect(names(await search(`${q('blaufrankisch')}&priceMin=150&type=rose`))).toEqual(['Ändringsvinet Reserve']);
      expect((await search('type=rose')).facets.grape).toEqual([{ value: 'Blaufränkisch', label: 'Blaufränkisch', count: 1 }]);

      await db('wines').where({ id: wine.id }).update({ approval_status: 'rejected' });
      expect(names(await search(q('blaufrankisch')))).toEqual([]);
      await db('wines').where({ id: wine.id }).update({ approval_status: 'approved', discontinued_on: '2026-09-01' });
      expect(names(await search(q('blaufrankisch')))).toEqual([]);
      expect(names(await search(`${q('blaufrankisch')}&discontinued=only`))).toEqual(['Ändringsvinet Reserve']);
    } finally {
      await db('wines').where({ id: wine.id }).delete();
    }
    expect(names(await search(`${q('blaufrankisch')}&discontinued=include`))).toEqual([]);
    expect((await db('wine_search_facts').where({ id: wine.id })).length).toBe(0);
  });
});

describe('GET /api/wines/search: the FYND line', () => {
  it("gives a FYND's card the same FYND line as GET /api/wines (medians per type of Systembolaget's wines)", async () => {
    const { db } = getDb();
    const made = [
      await buildWine(db, { name: 'Medianvin Ett', source: 'systembolaget', product_number: '990001', price: 150, volume_ml: 750 }),
      await buildWine(db, { name: 'Medianvin Två', source: 'systembolaget', product_number: '990002', price: 160, volume_ml: 750 }),
      await buildWine(db, {
        name: 'Fyndboxen',
        source: 'systembolaget',
        product_number: '990003',
        price: 199,
        volume_ml: 3000,
        categories: ['FYND'],
      }),
    ];
    try {
      const [card] = (await search(q('fyndboxen'))).items;
      const listed = (await api.get(`/api/wines?ids=${made[2]!.id}`)).body.items[0];
      expect(card!.fyndReason).toMatch(/^Literpris 66 kr – \d+ % av medianen för rött vin/);
      expect(card).toEqual(listed);
      // A page without a FYND shows no line (and needs no medians).
      expect((await search(q('medianvin'))).items.map((w) => w.fyndReason)).toEqual([null, null]);
    } finally {
      await db('wines')
        .whereIn(
          'id',
          made.map((w) => w.id),
        )
        .delete();
    }
  });
});
