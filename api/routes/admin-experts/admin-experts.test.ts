import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_WINE_MESSAGES } from '../../contract/admin-wines';
import { REVIEW_CONTENT_MAX } from '../../contract/review-rules';
import { AdminExpert, AdminExpertList, AdminExpertReview, AdminExpertReviewPage, EXPERT_MESSAGES as M } from '../../contract/experts';
import type { ExpertReview } from '../../contract/reviews';
import { buildExpert, buildExpertReview, buildWine, unknownId } from '../../test/factories';
import { browserAgent, type createTestApp, signedInAgent, useTestDatabase, signedInApp } from '../../test/test-db';
import { tinyPng } from '../images/test-images';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
let adminId: string;

const EXPERTS = '/api/admin/experts';
const REVIEWS = '/api/admin/expert-reviews';
const FEATURED = '/api/expert-reviews/featured';

beforeAll(async () => {
  const signedIn = await signedInApp(getDb().db, 'admin');
  ({ app, agent: admin } = signedIn);
  adminId = signedIn.user.id;
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, experts, admin_audit_log, images cascade');
});

type Body = { error: { code: string; message: string; details?: { path: string; message: string }[] } };

/** The 400's field messages by path ('body.name' → message). */
function detailsOf(body: Body): Record<string, string> {
  return Object.fromEntries((body.error.details ?? []).map((d) => [d.path, d.message]));
}

async function audit() {
  return (await getDb().db('admin_audit_log').orderBy('id').select('action', 'entity_type', 'entity_id', 'summary', 'actor_id')) as {
    action: string;
    entity_type: string;
    entity_id: string;
    summary: string;
    actor_id: string;
  }[];
}

const countRows = async (table: string) => Number((await getDb().db(table).count<{ count: string }[]>('* as count'))[0]!.count);

async function featured(): Promise<ExpertReview[]> {
  const res = await browserAgent(app).get(FEATURED);
  expect(res.status).toBe(200);
  return res.body as ExpertReview[];
}

/** A complete review body for `wineId` by `expertId`. */
const reviewBody = (wineId: string, expertId: string, extra: Record<string, unknown> = {}) => ({
  wineId,
  expertId,
  title: 'Elegant och prisvärt',
  content: 'Mörka körsbär, fin syra och en lång, kryddig eftersmak.',
  rating: 4,
  ...extra,
});

describe('who may manage experts', () => {
  const routes = [
    ['get', EXPERTS],
    ['post', EXPERTS],
    ['put', `${EXPERTS}/${unknownId()}`],
    ['delete', `${EXPERTS}/${unknownId()}`],
    ['get', REVIEWS],
    ['post', REVIEWS],
    ['put', `${REVIEWS}/${unknownId()}`],
    ['delete', `${REVIEWS}/${unknownId()}`],
  ] as const;

  it('requires authentication (401 for guests)', async () => {
    const guest = browserAgent(app);
    for (const [method, path] of routes) {
      const res = await (method === 'get' || method === 'delete' ? guest[method](path) : guest[method](path).send({}));
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('refuses moderators, partners and users (403)', async () => {
    for (const role of ['moderator', 'partner', 'user'] as const) {
      const { agent } = await signedInAgent(app, getDb().db, role);
      for (const [method, path] of routes) {
        const res = await (method === 'get' || method === 'delete' ? agent[method](path) : agent[method](path).send({ name: 'X' }));
        expect(res.status, `${role}: ${method} ${path}`).toBe(403);
      }
    }
    expect(await countRows('experts')).toBe(0);
  });
});

describe('GET /api/admin/experts', () => {
  it('lists every expert in Swedish name order with their number of reviews, never cached', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    const asa = await buildExpert(db, { name: 'Åsa Öberg', title: 'Vinskribent' });
    const zorn = await buildExpert(db, { name: 'Zorn Zander', title: '' });
    const anna = await buildExpert(db, { name: 'Anna Lindqvist', image_url: 'https://example.se/anna.jpg' });
    await buildExpertReview(db, { wine_id: wine.id, expert_id: anna.id });
    await buildExpertReview(db, { wine_id: wine.id, expert_id: anna.id, is_featured: false });
    await buildExpertReview(db, { wine_id: wine.id, expert_id: asa.id });

    const res = await admin.get(EXPERTS);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AdminExpertList.safeParse(res.body).success).toBe(true);
    expect(res.body.items.map((e: AdminExpert) => [e.name, e.reviewCount])).toEqual([
      ['Anna Lindqvist', 2],
      ['Zorn Zander', 0],
      ['Åsa Öberg', 1],
    ]);
    expect(res.body.items[0]).toMatchObject({ id: anna.id, title: 'Sommelier', imageUrl: 'https://example.se/anna.jpg' });
    expect(res.body.items[1]).toMatchObject({ id: zorn.id, imageUrl: null });
    expect(AdminExpert.strict().safeParse(res.body.items[0]).success).toBe(true);
  });

  it('answers an empty list when there are no experts', async () => {
    const res = await admin.get(EXPERTS);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
  });
});

describe('POST /api/admin/experts', () => {
  it('adds an expert without an image (title defaults to empty) and records it in the audit log', async () => {
    const res = await admin.post(EXPERTS).send({ name: '  Karin Ek  ' });

    expect(res.status).toBe(201);
    expect(AdminExpert.strict().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ name: 'Karin Ek', title: '', imageUrl: null, reviewCount: 0 });
    const row = await getDb().db('experts').where({ id: res.body.id }).first();
    expect(row).toMatchObject({ name: 'Karin Ek', title: '', image_url: null });
    expect(await audit()).toEqual([
      { action: 'expert.create', entity_type: 'expert', entity_id: res.body.id, summary: 'Lade till experten "Karin Ek"', actor_id: adminId },
    ]);
  });

  it('accepts an uploaded image by its URL and an https address; refuses an uploaded image that does not exist', async () => {
    const upload = await admin.post('/api/admin/images').set('X-Vinpressen-Upload', '1').attach('image', tinyPng(), 'karin.png');
    expect(upload.status).toBe(201);

    const uploaded = await admin.post(EXPERTS).send({ name: 'Karin Ek', title: 'Sommelier', imageUrl: upload.body.url });
    const external = await admin.post(EXPERTS).send({ name: 'Per Holm', imageUrl: 'https://example.se/per.jpg' });
    const missing = await admin.post(EXPERTS).send({ name: 'Lisa Berg', imageUrl: `/api/images/${unknownId()}` });

    expect(uploaded.status).toBe(201);
    expect(uploaded.body.imageUrl).toBe(upload.body.url);
    expect(external.status).toBe(201);
    expect(external.body.imageUrl).toBe('https://example.se/per.jpg');
    expect(missing.status).toBe(400);
    expect(detailsOf(missing.body)).toEqual({ 'body.imageUrl': M.imageMissing });
    expect(await countRows('experts')).toBe(2);
  });

  it('answers 400 with a Swedish message on each bad field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{}, { 'body.name': M.nameRequired }],
      [{ name: '   ' }, { 'body.name': M.nameRequired }],
      [{ name: 'x'.repeat(101) }, { 'body.name': M.tooLong(100) }],
      [{ name: 'Karin', title: 'x'.repeat(101) }, { 'body.title': M.tooLong(100) }],
      [{ name: 'Karin', imageUrl: 'data:image/png;base64,AAAA' }, { 'body.imageUrl': ADMIN_WINE_MESSAGES.imageDataUrl }],
      [{ name: 'Karin', imageUrl: 'javascript:alert(1)' }, { 'body.imageUrl': ADMIN_WINE_MESSAGES.imageUrlInvalid }],
      [{ name: 'Karin', imageUrl: 'http://example.se/karin.jpg' }, { 'body.imageUrl': ADMIN_WINE_MESSAGES.imageUrlInvalid }],
      [{ name: 'Karin', imageUrl: '/api/images/inte-ett-id' }, { 'body.imageUrl': ADMIN_WINE_MESSAGES.imageUrlInvalid }],
      [{ name: 'Karin', role: 'admin' }, { body: 'Okänt fält: role' }],
    ];
    for (const [body, expected] of cases) {
      const res = await admin.post(EXPERTS).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(detailsOf(res.body), JSON.stringify(body)).toEqual(expected);
    }
    expect(await countRows('experts')).toBe(0);
    expect(await audit()).toEqual([]);
  });

  it("treats an empty image address as 'no image'", async () => {
    const res = await admin.post(EXPERTS).send({ name: 'Karin Ek', imageUrl: '' });
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toBeNull();
  });
});

describe('PUT /api/admin/experts/:id', () => {
  it('changes name and title, keeps an omitted image, and records the change', async () => {
    const expert = await buildExpert(getDb().db, { name: 'Karin Ek', title: 'Sommelier', image_url: 'https://example.se/k.jpg' });

    const res = await admin.put(`${EXPERTS}/${expert.id}`).send({ name: 'Karin Ek-Holm', title: 'Vinskribent' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expert.id, name: 'Karin Ek-Holm', title: 'Vinskribent', imageUrl: 'https://example.se/k.jpg' });
    expect(await audit()).toEqual([
      {
        action: 'expert.update',
        entity_type: 'expert',
        entity_id: expert.id,
        summary: 'Uppdaterade experten "Karin Ek-Holm" (tidigare "Karin Ek")',
        actor_id: adminId,
      },
    ]);
  });

  it('removes the image with null (the site then draws the initials)', async () => {
    const expert = await buildExpert(getDb().db, { image_url: 'https://example.se/k.jpg' });
    const res = await admin.put(`${EXPERTS}/${expert.id}`).send({ name: expert.name, imageUrl: null });
    expect(res.status).toBe(200);
    expect(res.body.imageUrl).toBeNull();
  });

  it('keeps an unchanged uploaded image even when it is no longer stored', async () => {
    const gone = `/api/images/${unknownId()}`;
    const expert = await buildExpert(getDb().db, { image_url: gone });
    const same = await admin.put(`${EXPERTS}/${expert.id}`).send({ name: 'Nytt namn', imageUrl: gone });
    const other = await admin.put(`${EXPERTS}/${expert.id}`).send({ name: 'Nytt namn', imageUrl: `/api/images/${unknownId()}` });
    expect(same.status).toBe(200);
    expect(other.status).toBe(400);
    expect(detailsOf(other.body)).toEqual({ 'body.imageUrl': M.imageMissing });
  });

  it('answers 400 without a name, 404 for an unknown or malformed id', async () => {
    const expert = await buildExpert(getDb().db);
    const noName = await admin.put(`${EXPERTS}/${expert.id}`).send({ title: 'Sommelier' });
    expect(noName.status).toBe(400);
    expect(detailsOf(noName.body)).toEqual({ 'body.name': M.nameRequired });

    const unknown = await admin.put(`${EXPERTS}/${unknownId()}`).send({ name: 'Karin' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'expert_not_found', message: M.expertNotFound });
    expect((await admin.put(`${EXPERTS}/inte-ett-id`).send({ name: 'Karin' })).status).toBe(404);
  });

  it("changes the name the wine page shows on the expert's reviews", async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    const expert = await buildExpert(db, { name: 'Karin Ek' });
    await buildExpertReview(db, { wine_id: wine.id, expert_id: expert.id });

    await admin.put(`${EXPERTS}/${expert.id}`).send({ name: 'Karin Holm', title: 'Vinskribent' }).expect(200);

    expect((await featured()).map((r) => r.expert)).toEqual([{ name: 'Karin Holm', title: 'Vinskribent', imageUrl: null }]);
  });
});

describe('DELETE /api/admin/experts/:id', () => {
  it('deletes an expert without reviews and records it', async () => {
    const expert = await buildExpert(getDb().db, { name: 'Karin Ek' });

    const res = await admin.delete(`${EXPERTS}/${expert.id}`);

    expect(res.status).toBe(204);
    expect(await countRows('experts')).toBe(0);
    expect(await audit()).toEqual([
      { action: 'expert.delete', entity_type: 'expert', entity_id: expert.id, summary: 'Tog bort experten "Karin Ek"', actor_id: adminId },
    ]);
  });

  it('refuses (409, in Swedish) while the expert has reviews, and keeps the expert and the reviews', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    const one = await buildExpert(db);
    const two = await buildExpert(db);
    await buildExpertReview(db, { wine_id: wine.id, expert_id: one.id });
    await buildExpertReview(db, { wine_id: wine.id, expert_id: two.id });
    await buildExpertReview(db, { wine_id: wine.id, expert_id: two.id, is_featured: false });

    const single = await admin.delete(`${EXPERTS}/${one.id}`);
    const several = await admin.delete(`${EXPERTS}/${two.id}`);

    expect(single.status).toBe(409);
    expect(single.body.error).toEqual({
      code: 'expert_has_reviews',
      message: 'Experten har 1 recension och kan inte tas bort. Ta bort den eller flytta den till en annan expert först.',
      requestId: expect.any(String),
    });
    expect(several.status).toBe(409);
    expect(several.body.error.message).toBe(M.hasReviews(2));
    expect(several.body.error.message).toContain('Experten har 2 recensioner');
    expect(await countRows('experts')).toBe(2);
    expect(await countRows('expert_reviews')).toBe(3);
    expect(await audit()).toEqual([]);
  });

  it('answers 404 for an unknown expert', async () => {
    const res = await admin.delete(`${EXPERTS}/${unknownId()}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(M.expertNotFound);
  });
});

describe('GET /api/admin/expert-reviews', () => {
  it('lists a page of reviews, newest first, with the wine (and its status) and the expert', async () => {
    const { db } = getDb();
    const barolo = await buildWine(db, { name: 'Barolo', vintage: 2019, price: 349 });
    const draft = await buildWine(db, { name: 'Utkastvin', approval_status: 'pending' });
    const expert = await buildExpert(db, { name: 'Karin Ek', title: 'Sommelier' });
    await buildExpertReview(db, { wine_id: barolo.id, expert_id: expert.id, title: 'Äldst', created_at: new Date('2026-01-01T10:00:00Z') });
    await buildExpertReview(db, {
      wine_id: draft.id,
      expert_id: expert.id,
      title: 'Nyast',
      is_featured: false,
      created_at: new Date('2026-03-01T10:00:00Z'),
    });
    await buildExpertReview(db, { wine_id: barolo.id, title: 'Mitten', created_at: new Date('2026-02-01T10:00:00Z') });

    const res = await admin.get(REVIEWS);
    const page = await admin.get(REVIEWS).query({ limit: 2, offset: 2 });

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AdminExpertReviewPage.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ total: 3, limit: 50, offset: 0 });
    expect(res.body.items.map((r: AdminExpertReview) => r.title)).toEqual(['Nyast', 'Mitten', 'Äldst']);
    expect(res.body.items[0]).toMatchObject({
      wineId: draft.id,
      wine: { name: 'Utkastvin', approvalStatus: 'pending' },
      expertId: expert.id,
      expert: { name: 'Karin Ek', title: 'Sommelier', imageUrl: null },
      isFeatured: false,
    });
    expect(res.body.items[2]).toMatchObject({ wine: { name: 'Barolo', vintage: 2019, price: 349, approvalStatus: 'approved' } });
    expect(AdminExpertReview.strict().safeParse(res.body.items[0]).success).toBe(true);
    expect(page.body).toMatchObject({ total: 3, limit: 2, offset: 2 });
    expect(page.body.items.map((r: AdminExpertReview) => r.title)).toEqual(['Äldst']);
  });

  it('filters by wine, by expert, or both', async () => {
    const { db } = getDb();
    const [a, b] = [await buildWine(db, { name: 'A' }), await buildWine(db, { name: 'B' })];
    const [karin, per] = [await buildExpert(db, { name: 'Karin' }), await buildExpert(db, { name: 'Per' })];
    await buildExpertReview(db, { wine_id: a.id, expert_id: karin.id, title: 'A av Karin' });
    await buildExpertReview(db, { wine_id: a.id, expert_id: per.id, title: 'A av Per' });
    await buildExpertReview(db, { wine_id: b.id, expert_id: karin.id, title: 'B av Karin' });

    const titles = async (query: Record<string, string>) => {
      const res = await admin.get(REVIEWS).query(query);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      return res.body.items.map((r: AdminExpertReview) => r.title).sort();
    };
    expect(await titles({ wineId: a.id })).toEqual(['A av Karin', 'A av Per']);
    expect(await titles({ expertId: karin.id })).toEqual(['A av Karin', 'B av Karin']);
    expect(await titles({ wineId: a.id, expertId: per.id })).toEqual(['A av Per']);
    expect(await titles({ wineId: unknownId() })).toEqual([]);
  });

  it('answers 400 for a malformed filter or page', async () => {
    const res = await admin.get(REVIEWS).query({ wineId: 'inte-ett-id', limit: 500 });
    expect(res.status).toBe(400);
    expect(detailsOf(res.body)).toEqual({ 'query.wineId': 'Ogiltigt vin-id', 'query.limit': 'limit får vara högst 100' });
  });
});

describe('POST /api/admin/expert-reviews', () => {
  it('adds a review that GET /api/expert-reviews/featured then serves, and records it', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Chablis', price: 259 });
    const expert = await buildExpert(db, { name: 'Karin Ek', title: 'Sommelier' });
    expect(await featured()).toEqual([]);

    const res = await admin
      .post(REVIEWS)
      .send(reviewBody(wine.id, expert.id, { priceWorthRating: 5, qualityRating: 4, overallExperience: null, isFynd: true }));

    expect(res.status).toBe(201);
    expect(AdminExpertReview.strict().safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({
      wineId: wine.id,
      expertId: expert.id,
      title: 'Elegant och prisvärt',
      rating: 4,
      priceWorthRating: 5,
      qualityRating: 4,
      overallExperience: null,
      isFynd: true,
      isFeatured: true,
    });
    const served = await featured();
    expect(served).toHaveLength(1);
    expect(served[0]).toMatchObject({
      id: res.body.id,
      wineId: wine.id,
      expert: { name: 'Karin Ek', title: 'Sommelier', imageUrl: null },
      title: 'Elegant och prisvärt',
      rating: 4,
      isFynd: true,
      wine: { name: 'Chablis', price: 259 },
    });
    expect(await audit()).toEqual([
      {
        action: 'expert_review.create',
        entity_type: 'expert_review',
        entity_id: res.body.id,
        summary: 'Lade till en expertrecension av "Chablis" (Karin Ek), betyg 4/5',
        actor_id: adminId,
      },
    ]);
  });

  it('defaults the sub-ratings to null, isFynd to false and isFeatured to true', async () => {
    const { db } = getDb();
    const [wine, expert] = [await buildWine(db), await buildExpert(db)];
    const res = await admin.post(REVIEWS).send(reviewBody(wine.id, expert.id));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ priceWorthRating: null, qualityRating: null, overallExperience: null, isFynd: false, isFeatured: true });
  });

  it('keeps a review that is not featured off the public list', async () => {
    const { db } = getDb();
    const [wine, expert] = [await buildWine(db), await buildExpert(db)];
    const res = await admin.post(REVIEWS).send(reviewBody(wine.id, expert.id, { isFeatured: false }));
    expect(res.status).toBe(201);
    expect(await featured()).toEqual([]);
  });

  it('answers 400 with a Swedish message on each bad field, and stores nothing', async () => {
    const { db } = getDb();
    const [wine, expert] = [await buildWine(db), await buildExpert(db)];
    const missing = await admin.post(REVIEWS).send({});
    expect(missing.status).toBe(400);
    expect(detailsOf(missing.body)).toEqual({
      'body.wineId': M.wineRequired,
      'body.expertId': M.expertRequired,
      'body.title': M.titleRequired,
      'body.content': M.contentRequired,
      'body.rating': M.ratingRequired,
    });

    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        { title: '  ', content: ' ' },
        { 'body.title': M.titleRequired, 'body.content': M.contentRequired },
      ],
      [{ content: 'x'.repeat(REVIEW_CONTENT_MAX + 1) }, { 'body.content': M.contentTooLong }],
      [{ title: 'x'.repeat(201) }, { 'body.title': M.tooLong(200) }],
      [{ rating: 6 }, { 'body.rating': M.ratingInvalid }],
      [{ rating: 3.5 }, { 'body.rating': M.ratingInvalid }],
      [{ rating: '4' }, { 'body.rating': M.ratingInvalid }],
      [
        { priceWorthRating: 0, qualityRating: 6, overallExperience: 2.5 },
        {
          'body.priceWorthRating': M.subRatingInvalid,
          'body.qualityRating': M.subRatingInvalid,
          'body.overallExperience': M.subRatingInvalid,
        },
      ],
      [{ isFynd: 'ja' }, { 'body.isFynd': M.booleanExpected }],
      [{ wineId: 'inte-ett-id' }, { 'body.wineId': M.wineRequired }],
      [{ userId: unknownId() }, { body: 'Okänt fält: userId' }],
    ];
    for (const [extra, expected] of cases) {
      const res = await admin.post(REVIEWS).send(reviewBody(wine.id, expert.id, extra));
      expect(res.status, JSON.stringify(extra).slice(0, 80)).toBe(400);
      expect(detailsOf(res.body), JSON.stringify(extra).slice(0, 80)).toEqual(expected);
    }
    const longest = await admin.post(REVIEWS).send(reviewBody(wine.id, expert.id, { content: 'x'.repeat(REVIEW_CONTENT_MAX) }));
    expect(longest.status).toBe(201);
    expect(await countRows('expert_reviews')).toBe(1);
  });

  it('answers 400 on the field for a wine or an expert that does not exist', async () => {
    const { db } = getDb();
    const [wine, expert] = [await buildWine(db), await buildExpert(db)];

    const noWine = await admin.post(REVIEWS).send(reviewBody(unknownId(), expert.id));
    const noExpert = await admin.post(REVIEWS).send(reviewBody(wine.id, unknownId()));
    const neither = await admin.post(REVIEWS).send(reviewBody(unknownId(), unknownId()));

    expect(noWine.status).toBe(400);
    expect(noWine.body.error.message).toBe(M.wineNotFound);
    expect(detailsOf(noWine.body)).toEqual({ 'body.wineId': M.wineNotFound });
    expect(detailsOf(noExpert.body)).toEqual({ 'body.expertId': M.expertNotFound });
    expect(detailsOf(neither.body)).toEqual({ 'body.wineId': M.wineNotFound, 'body.expertId': M.expertNotFound });
    expect(await countRows('expert_reviews')).toBe(0);
  });
});

describe('PUT /api/admin/expert-reviews/:id', () => {
  it('changes the given fields, moves a review to another expert and records it', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Barolo' });
    const [karin, per] = [await buildExpert(db, { name: 'Karin' }), await buildExpert(db, { name: 'Per' })];
    const review = await buildExpertReview(db, { wine_id: wine.id, expert_id: karin.id, rating: 3 });

    const res = await admin.put(`${REVIEWS}/${review.id}`).send({ expertId: per.id, rating: 5, qualityRating: null, title: 'Ny rubrik' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      expertId: per.id,
      expert: { name: 'Per' },
      rating: 5,
      qualityRating: null,
      title: 'Ny rubrik',
      priceWorthRating: 5,
    });
    expect(res.body.content).toBe(review.content);
    expect((await featured())[0]).toMatchObject({ expert: { name: 'Per' }, rating: 5, title: 'Ny rubrik' });
    expect(await audit()).toEqual([
      {
        action: 'expert_review.update',
        entity_type: 'expert_review',
        entity_id: review.id,
        summary: 'Uppdaterade expertrecensionen av "Barolo" (Per)',
        actor_id: adminId,
      },
    ]);
  });

  it('takes a review off the wine page with isFeatured false, and says so in the audit log', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Barolo' });
    const expert = await buildExpert(db, { name: 'Karin' });
    const review = await buildExpertReview(db, { wine_id: wine.id, expert_id: expert.id });
    expect(await featured()).toHaveLength(1);

    const res = await admin.put(`${REVIEWS}/${review.id}`).send({ isFeatured: false });

    expect(res.status).toBe(200);
    expect(res.body.isFeatured).toBe(false);
    expect(await featured()).toEqual([]);
    expect((await audit())[0]!.summary).toBe('Uppdaterade expertrecensionen av "Barolo" (Karin), visas inte längre på vinsidan');
  });

  it('answers 400 for an empty change, a bad field or an unknown wine; 404 for an unknown review', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    const review = await buildExpertReview(db, { wine_id: wine.id });

    const empty = await admin.put(`${REVIEWS}/${review.id}`).send({});
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(M.nothingToChange);
    const bad = await admin.put(`${REVIEWS}/${review.id}`).send({ rating: 0, content: '' });
    expect(detailsOf(bad.body)).toEqual({ 'body.rating': M.ratingInvalid, 'body.content': M.contentRequired });
    const noWine = await admin.put(`${REVIEWS}/${review.id}`).send({ wineId: unknownId() });
    expect(detailsOf(noWine.body)).toEqual({ 'body.wineId': M.wineNotFound });

    const unknown = await admin.put(`${REVIEWS}/${unknownId()}`).send({ rating: 4 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'expert_review_not_found', message: M.reviewNotFound });
    expect(await audit()).toEqual([]);
  });
});

describe('DELETE /api/admin/expert-reviews/:id', () => {
  it('deletes the review, which leaves the wine page, and records it', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Barolo' });
    const expert = await buildExpert(db, { name: 'Karin' });
    const review = await buildExpertReview(db, { wine_id: wine.id, expert_id: expert.id });

    const res = await admin.delete(`${REVIEWS}/${review.id}`);

    expect(res.status).toBe(204);
    expect(await featured()).toEqual([]);
    expect(await countRows('experts')).toBe(1);
    expect(await audit()).toEqual([
      {
        action: 'expert_review.delete',
        entity_type: 'expert_review',
        entity_id: review.id,
        summary: 'Tog bort expertrecensionen av "Barolo" (Karin)',
        actor_id: adminId,
      },
    ]);
    // With its last review gone, the expert can be deleted.
    expect((await admin.delete(`${EXPERTS}/${expert.id}`)).status).toBe(204);
  });

  it('answers 404 for an unknown review', async () => {
    const res = await admin.delete(`${REVIEWS}/${unknownId()}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(M.reviewNotFound);
  });
});
