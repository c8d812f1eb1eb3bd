import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UserReview } from '../../contract/reviews';
import { WineDetail, WINE_PAGE_SIZE, WinePage, WineSummary } from '../../contract/wines';
import { buildReview, buildUser, buildWine, unknownId } from '../../test/factories';
import { createTestApp, useTestDatabase } from '../../test/test-db';
import { expectError as expectErrorShape } from '../../test/expect-error';

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;

beforeAll(() => {
  api = request(createTestApp(getDb().db).callback());
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, users cascade');
});

const names = (items: { name: string }[]) => items.map((w) => w.name);

describe('GET /api/wines', () => {
  it('lists every approved wine', async () => {
    const { db } = getDb();
    await buildWine(db, { name: 'Alfa' });
    await buildWine(db, { name: 'Beta', categories: ['FYND'] });

    const res = await api.get('/api/wines');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(names(res.body.items).sort()).toEqual(['Alfa', 'Beta']);
  });

  it.each(['FYND', 'NYLANSERAD', 'FOLKETS_VAL'] as const)('keeps only wines of category %s', async (category) => {
    const { db } = getDb();
    await buildWine(db, { name: 'Fynd', categories: ['FYND'] });
    await buildWine(db, { name: 'Ny', categories: ['NYLANSERAD'] });
    await buildWine(db, { name: 'Folket', categories: ['FOLKETS_VAL'] });
    await buildWine(db, { name: 'Alla', categories: ['FYND', 'NYLANSERAD', 'FOLKETS_VAL'] });
    await buildWine(db, { name: 'Ingen' });

    const res = await api.get(`/api/wines?category=${category}`);

    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.total).toBe(2);
    for (const wine of res.body.items as WineSummary[]) expect(wine.categories).toContain(category);
    expect(names(res.body.items)).toContain('Alla');
  });

  it('never shows draft, pending or rejected wines', async () => {
    const { db } = getDb();
    await buildWine(db, { name: 'Godkänd', categories: ['FYND'] });
    for (const status of ['draft', 'pending', 'rejected'] as const) {
      await buildWine(db, { name: `Ej publik ${status}`, approval_status: status, source: 'partner', categories: ['FYND'] });
    }

    const all = await api.get('/api/wines');
    const fynd = await api.get('/api/wines?category=FYND');

    expect(names(all.body.items)).toEqual(['Godkänd']);
    expect(names(fynd.body.items)).toEqual(['Godkänd']);
  });

  it('returns the wines named by ?ids= in the order given', async () => {
    const { db } = getDb();
    const a = await buildWine(db, { name: 'A' });
    const b = await buildWine(db, { name: 'B' });
    const c = await buildWine(db, { name: 'C' });

    const res = await api.get(`/api/wines?ids=${c.id},${a.id},${b.id}`);

    expect(res.status).toBe(200);
    expect(names(res.body.items)).toEqual(['C', 'A', 'B']);
  });

  it('leaves out non-public and unknown wines asked for by id', async () => {
    const { db } = getDb();
    const a = await buildWine(db, { name: 'A' });
    const draft = await buildWine(db, { name: 'Utkast', approval_status: 'draft', source: 'partner' });

    const res = await api.get(`/api/wines?ids=${draft.id},${unknownId()},${a.id}`);

    expect(res.status).toBe(200);
    expect(names(res.body.items)).toEqual(['A']);
  });

  it('answers an unknown category with 400 and the error shape', async () => {
    const res = await api.get('/api/wines?category=BILLIGT');

    expect(res.status).toBe(400);
    const error = expectErrorShape(res.body);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toEqual(expect.any(String));
    expect(error.details?.[0]?.path).toBe('query.category');
  });

  it('refuses an unknown query parameter with 400', async () => {
    const res = await api.get('/api/wines?sort=price');

    expect(res.status).toBe(400);
    expectErrorShape(res.body);
  });

  it.each([
    ['not a uuid', 'abc'],
    ['an empty list', ','],
    ['more than 100 ids', Array.from({ length: 101 }, () => unknownId()).join(',')],
  ])('refuses ?ids= with %s with 400', async (_what, ids) => {
    const res = await api.get(`/api/wines?ids=${ids}`);

    expect(res.status).toBe(400);
    const error = expectErrorShape(res.body);
    expect(error.details?.every((d) => d.path.startsWith('query.ids'))).toBe(true);
  });

  it('pages with ?limit= and ?offset=, with the total of all matching wines', async () => {
    const { db } = getDb();
    for (const name of ['A', 'B', 'C', 'D', 'E']) await buildWine(db, { name });

    const first = await api.get('/api/wines?limit=2');
    const second = await api.get('/api/wines?limit=2&offset=2');
    const last = await api.get('/api/wines?limit=2&offset=4');
    const beyond = await api.get('/api/wines?limit=2&offset=10');

    expect(first.body).toMatchObject({ total: 5, limit: 2, offset: 0 });
    expect(names(first.body.items)).toEqual(['A', 'B']);
    expect(names(second.body.items)).toEqual(['C', 'D']);
    expect(names(last.body.items)).toEqual(['E']);
    expect(beyond.body).toEqual({ items: [], total: 5, limit: 2, offset: 10 });
  });

  it(`answers ${WINE_PAGE_SIZE} wines by default`, async () => {
    const { db } = getDb();
    for (let i = 0; i < WINE_PAGE_SIZE + 2; i += 1) await buildWine(db, { name: `Vin ${String(i).padStart(2, '0')}` });

    const res = await api.get('/api/wines');

    expect(res.body.items).toHaveLength(WINE_PAGE_SIZE);
    expect(res.body.total).toBe(WINE_PAGE_SIZE + 2);
  });

  it('never repeats or skips a wine across pages, also when sort keys tie', async () => {
    const { db } = getDb();
    for (let i = 0; i < 7; i += 1) await buildWine(db, { name: 'Samma namn', price: 100, volume_ml: 750, categories: ['FYND'] });

    const pages = await Promise.all([0, 3, 6].map((offset) => api.get(`/api/wines?category=FYND&limit=3&offset=${offset}`)));
    const ids = pages.flatMap((p) => (p.body.items as WineSummary[]).map((w) => w.id));

    expect(ids).toHaveLength(7);
    expect(new Set(ids).size).toBe(7);
  });

  it('orders FYND cheapest per litre first', async () => {
    const { db } = getDb();
    await buildWine(db, { name: 'Flaska', price: 100, volume_ml: 750, categories: ['FYND'] });
    await buildWine(db, { name: 'Box', price: 200, volume_ml: 3000, categories: ['FYND'] });
    await buildWine(db, { name: 'Halvflaska', price: 60, volume_ml: 375, categories: ['FYND'] });

    const res = await api.get('/api/wines?category=FYND');

    expect(names(res.body.items)).toEqual(['Box', 'Flaska', 'Halvflaska']);
  });

  it.each(['0', '101', '-1', '2.5', 'tio'])('refuses ?limit=%s with 400', async (limit) => {
    const res = await api.get(`/api/wines?limit=${limit}`);

    expect(res.status).toBe(400);
    expect(expectErrorShape(res.body).details?.[0]?.path).toBe('query.limit');
  });

  it.each(['-1', '1.5', 'noll'])('refuses ?offset=%s with 400', async (offset) => {
    const res = await api.get(`/api/wines?offset=${offset}`);

    expect(res.status).toBe(400);
    expect(expectErrorShape(res.body).details?.[0]?.path).toBe('query.offset');
  });

  it('accepts the bounds ?limit=1 and ?limit=100', async () => {
    const { db } = getDb();
    await buildWine(db);
    await buildWine(db);

    const one = await api.get('/api/wines?limit=1');
    const max = await api.get('/api/wines?limit=100');

    expect(one.body.items).toHaveLength(1);
    expect(max.body.items).toHaveLength(2);
  });

  it('sends an ETag and answers If-None-Match with 304', async () => {
    const { db } = getDb();
    await buildWine(db);

    const first = await api.get('/api/wines');
    const etag = first.headers.etag as string;
    const again = await api.get('/api/wines').set('If-None-Match', etag);

    expect(etag).toMatch(/^(W\/)?".+"$/);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('answers 200 with a new ETag after the wines changed', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    const first = await api.get('/api/wines');

    await db('wines').where({ id: wine.id }).update({ price: 99 });
    const after = await api.get('/api/wines').set('If-None-Match', first.headers.etag as string);

    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.body.items[0].price).toBe(99);
  });

  it('names the fields in camelCase exactly as the contract and leaks no internal column', async () => {
    const { db } = getDb();
    await buildWine(db, {
      categories: ['FYND'],
      rejection_reason: 'hemlig anledning',
      product_number: '123456',
      assortment: 'Fast sortiment',
      source: 'systembolaget',
    });

    const res = await api.get('/api/wines');
    const wine = res.body.items[0] as Record<string, unknown>;

    expect(Object.keys(res.body).sort()).toEqual(['items', 'limit', 'offset', 'total']);
    expect(Object.keys(wine).sort()).toEqual(Object.keys(WineSummary.shape).sort());
    expect(Object.keys(wine).filter((k) => k.includes('_'))).toEqual([]);
    for (const internal of ['version', 'rejectionReason', 'rejection_reason', 'source', 'updatedAt', 'assortment']) {
      expect(wine).not.toHaveProperty(internal);
    }
    expect(res.text).not.toContain('hemlig anledning');
    expect(WineSummary.strict().safeParse(wine).success).toBe(true);
    expect(WinePage.safeParse(res.body).success).toBe(true);
  });
});

describe('GET /api/wines/:id', () => {
  it('returns one approved wine', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Barolo Riserva', price: 389.5, categories: ['NYLANSERAD'] });

    const res = await api.get(`/api/wines/${wine.id}`);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: wine.id, name: 'Barolo Riserva', price: 389.5, categories: ['NYLANSERAD'] });
    expect(WineDetail.strict().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ reviewCount: 0, reviewerCount: 0, reviewAverage: null });
  });

  it('counts the published reviews with a rating, their different authors and the mean of their final ratings', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { rating: 5 }); // a rating set by hand is not the reviews' mean
    const other = await buildWine(db);
    for (const final_rating of [4, 3.5, 4.5]) await buildReview(db, { wine_id: wine.id, final_rating });
    await buildReview(db, { wine_id: wine.id, final_rating: 1, status: 'pending' });
    await buildReview(db, { wine_id: wine.id, final_rating: 1, status: 'rejected' });
    await buildReview(db, { wine_id: wine.id }); // approved without a final rating (older rows): not counted
    await buildReview(db, { wine_id: other.id, final_rating: 1 });

    const res = await api.get(`/api/wines/${wine.id}`);

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rating: 5, reviewCount: 3, reviewerCount: 3, reviewAverage: 4 });
    expect(WineDetail.strict().safeParse(res.body).success).toBe(true);
  });

  it('answers an unknown id with 404 and the error shape', async () => {
    const res = await api.get(`/api/wines/${unknownId()}`);

    expect(res.status).toBe(404);
    expect(expectErrorShape(res.body).code).toBe('wine_not_found');
  });

  it('answers a malformed id with 404', async () => {
    const res = await api.get('/api/wines/inte-ett-id');

    expect(res.status).toBe(404);
    expectErrorShape(res.body);
  });

  it.each(['draft', 'pending', 'rejected'] as const)('hides a %s wine behind 404', async (status) => {
    const { db } = getDb();
    const wine = await buildWine(db, { approval_status: status, source: 'partner' });

    const res = await api.get(`/api/wines/${wine.id}`);

    expect(res.status).toBe(404);
    expect(expectErrorShape(res.body).code).toBe('wine_not_found');
  });
});

describe('GET /api/wines/:id/reviews', () => {
  it('lists only approved reviews, newest first, with the author’s public names', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    const anna = await buildUser(db, { username: 'anna', first_name: 'Anna', last_name: 'Berg', is_verified: true });
    const bo = await buildUser(db, { username: 'bo', first_name: null, last_name: null, is_verified: false });
    const cilla = await buildUser(db, { username: 'cilla' });
    await buildReview(db, { wine_id: wine.id, user_id: anna.id, content: 'Äldre', created_at: new Date('2026-01-01T10:00:00Z') });
    await buildReview(db, { wine_id: wine.id, user_id: bo.id, content: 'Nyare', created_at: new Date('2026-03-01T10:00:00Z') });
    await buildReview(db, { wine_id: wine.id, user_id: cilla.id, content: 'Väntar', status: 'pending' });

    const res = await api.get(`/api/wines/${wine.id}/reviews`);

    expect(res.status).toBe(200);
    expect(res.body.map((r: { content: string }) => r.content)).toEqual(['Nyare', 'Äldre']);
    expect(res.body[0].user).toEqual({ username: 'bo', firstName: null, lastName: null, isVerified: false });
    expect(res.body[1].user).toEqual({ username: 'anna', firstName: 'Anna', lastName: 'Berg', isVerified: true });
    for (const review of res.body) expect(UserReview.strict().safeParse(review).success).toBe(true);
  });

  it('leaves out rejected reviews and reviews of other wines', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    const other = await buildWine(db);
    await buildReview(db, { wine_id: wine.id, status: 'rejected' });
    await buildReview(db, { wine_id: other.id });

    const res = await api.get(`/api/wines/${wine.id}/reviews`);

    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('never sends the author’s e-mail address', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    const user = await buildUser(db, { email: 'hemlig.person@example.se' });
    await buildReview(db, { wine_id: wine.id, user_id: user.id });

    const res = await api.get(`/api/wines/${wine.id}/reviews`);

    expect(res.body).toHaveLength(1);
    expect(res.text).not.toContain('hemlig.person');
    expect(res.body[0].user).not.toHaveProperty('email');
  });

  it('answers an unknown wine with 404', async () => {
    const res = await api.get(`/api/wines/${unknownId()}/reviews`);

    expect(res.status).toBe(404);
    expect(expectErrorShape(res.body).code).toBe('wine_not_found');
  });

  it('answers a draft wine with 404', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { approval_status: 'draft', source: 'partner' });
    await buildReview(db, { wine_id: wine.id });

    const res = await api.get(`/api/wines/${wine.id}/reviews`);

    expect(res.status).toBe(404);
  });
});

describe('prices, their dates and wines no longer sold', () => {
  /** Systembolaget wines whose medians per litre the lists read: reds at 100, 200 (the FYND) and 300 SEK/l medians. */
  async function importedReds() {
    const { db } = getDb();
    const base = { source: 'systembolaget' as const, wine_type: 'Rött vin', volume_ml: 750, price_date: '2026-08-22' };
    await buildWine(db, { ...base, name: 'Medel', price: 150, product_number: '1' });
    await buildWine(db, { ...base, name: 'Dyr', price: 300, product_number: '2' });
    const fynd = await buildWine(db, { ...base, name: 'Fynd', price: 45, product_number: '3', categories: ['FYND'], launch_date: '2026-05-22' });
    return { fynd };
  }

  it('gives every card its price per litre, the price date and, for a FYND, the line with its inputs', async () => {
    await importedReds();

    const res = await api.get('/api/wines?category=FYND');

    expect(res.status).toBe(200);
    expect(WinePage.safeParse(res.body).success).toBe(true);
    // Medians per litre of the reds still sold: 60, 200, 400 kr/l → 200; 60 kr/l is 30 % of it.
    expect(res.body.items).toEqual([
      expect.objectContaining({
        name: 'Fynd',
        pricePerLitre: 60,
        priceDate: '2026-08-22',
        launchDate: '2026-05-22',
        isDiscontinued: false,
        fyndReason: 'Literpris 60 kr – 30 % av medianen för rött vin (200 kr/l)',
      }),
    ]);
    const all = await api.get('/api/wines');
    expect(all.body.items.find((w: WineSummary) => w.name === 'Medel')).toMatchObject({ pricePerLitre: 200, fyndReason: null });
  });

  it('leaves a wine no longer sold (Utgått) out of the lists and the medians, but keeps it by id', async () => {
    const { db } = getDb();
    const { fynd } = await importedReds();
    const gone = await buildWine(db, {
      source: 'systembolaget',
      name: 'Utgången',
      wine_type: 'Rött vin',
      price: 10,
      product_number: '4',
      price_date: '2021-09-21',
      discontinued_on: '2026-08-22',
      categories: ['FYND'],
    });

    const lists = await Promise.all(['/api/wines', '/api/wines?category=FYND'].map((url) => api.get(url)));
    const byIds = await api.get(`/api/wines?ids=${gone.id},${fynd.id}`);
    const page = await api.get(`/api/wines/${gone.id}`);

    for (const res of lists) expect(names(res.body.items)).not.toContain('Utgången');
    expect(names(byIds.body.items)).toEqual(['Utgången', 'Fynd']);
    expect(byIds.body.items[0]).toMatchObject({ isDiscontinued: true, priceDate: '2021-09-21' });
    // The median stays 200 kr/l: the 13 kr/l of the wine no longer sold doesn't count.
    expect(byIds.body.items[1].fyndReason).toBe('Literpris 60 kr – 30 % av medianen för rött vin (200 kr/l)');
    expect(page.body).toMatchObject({ isDiscontinued: true, discontinuedOn: '2026-08-22' });
  });

  it('answers a wine with its earlier prices, oldest first', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { source: 'systembolaget', product_number: '5', price: 129, vintage: 2024, price_date: '2026-08-22' });
    await db('wine_price_history').insert([
      { wine_id: wine.id, price_date: '2024-01-01', price: 119, vintage: 2022, volume_ml: 750 },
      { wine_id: wine.id, price_date: '2021-09-21', price: 99, vintage: 2019, volume_ml: 750 },
    ]);

    const res = await api.get(`/api/wines/${wine.id}`);

    expect(WineDetail.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ price: 129, priceDate: '2026-08-22', pricePerLitre: 172, isDiscontinued: false, discontinuedOn: null });
    expect(res.body.priceHistory).toEqual([
      { price: 99, vintage: 2019, volumeMl: 750, priceDate: '2021-09-21' },
      { price: 119, vintage: 2022, volumeMl: 750, priceDate: '2024-01-01' },
    ]);
  });

  it('dates the price of a partner or admin wine by the Swedish day it was last saved, and has no price per litre without a volume', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { source: 'admin', volume_ml: null, updated_at: new Date('2026-06-30T22:30:00Z') });

    const res = await api.get(`/api/wines/${wine.id}`);

    // 22:30 UTC on 30 June is 00:30 on 1 July in Stockholm.
    expect(res.body).toMatchObject({ priceDate: '2026-07-01', pricePerLitre: null, launchDate: null, productId: null, priceHistory: [] });
  });
});
