import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExpertReview } from '../../contract/reviews';
import { buildExpert, buildExpertReview, buildWine } from '../../test/factories';
import { createTestApp, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;

beforeAll(() => {
  api = request(createTestApp(getDb().db).callback());
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, experts cascade');
});

describe('GET /api/expert-reviews/featured', () => {
  it('lists featured expert reviews, newest first', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    await buildExpertReview(db, { wine_id: wine.id, title: 'Äldst', created_at: new Date('2026-01-01T09:00:00Z') });
    await buildExpertReview(db, { wine_id: wine.id, title: 'Nyast', created_at: new Date('2026-05-01T09:00:00Z') });
    await buildExpertReview(db, { wine_id: wine.id, title: 'Mitten', created_at: new Date('2026-03-01T09:00:00Z') });
    await buildExpertReview(db, { wine_id: wine.id, title: 'Inte utvald', is_featured: false });

    const res = await api.get('/api/expert-reviews/featured');

    expect(res.status).toBe(200);
    expect(res.body.map((r: ExpertReview) => r.title)).toEqual(['Nyast', 'Mitten', 'Äldst']);
  });

  it('sends the expert {name, title, imageUrl} and the wine {name, price}', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Chablis Premier Cru', price: 259 });
    const expert = await buildExpert(db, { name: 'Eva Sommelier', title: 'Sommelier, Stockholm', image_url: 'https://example.se/eva.jpg' });
    const review = await buildExpertReview(db, { wine_id: wine.id, expert_id: expert.id, rating: 5, is_fynd: true });

    const res = await api.get('/api/expert-reviews/featured');

    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      id: review.id,
      wineId: wine.id,
      expert: { name: 'Eva Sommelier', title: 'Sommelier, Stockholm', imageUrl: 'https://example.se/eva.jpg' },
      rating: 5,
      isFynd: true,
      wine: { name: 'Chablis Premier Cru', price: 259 },
    });
    expect(ExpertReview.strict().safeParse(res.body[0]).success).toBe(true);
    expect(res.body[0]).not.toHaveProperty('is_featured');
    expect(res.body[0]).not.toHaveProperty('isFeatured');
  });

  it('gives an expert without an image imageUrl null', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);
    await buildExpertReview(db, { wine_id: wine.id });

    const res = await api.get('/api/expert-reviews/featured');

    expect(res.body[0].expert.imageUrl).toBeNull();
  });

  it('leaves out reviews of wines that are not public', async () => {
    const { db } = getDb();
    const draft = await buildWine(db, { approval_status: 'draft', source: 'partner' });
    await buildExpertReview(db, { wine_id: draft.id });

    const res = await api.get('/api/expert-reviews/featured');

    expect(res.body).toEqual([]);
  });
});
