import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as M } from '../../contract/review-rules';
import { MyReview, PendingReviewList, SubmittedReview } from '../../contract/reviews';
import type { Workers } from '../../jobs/workers';
import { startTestWorkers } from '../../test/test-workers';
import type { DbWineRow } from '../../queries/wines';
import { buildWine, unknownId } from '../../test/factories';
import { browserAgent, type createTestApp, signedInAgent, signedInPartner, useTestDatabase } from '../../test/test-db';
import { expectError } from '../../test/expect-error';

// Writing reviews: POST /api/wines/{id}/reviews → pending row + analysis job (real pg-boss worker with
// the local analyser) → aiProcessedRating stored; GET /api/user/reviews lists the author's own.
const getDb = useTestDatabase();
let workers: Workers;
let app: ReturnType<typeof createTestApp>;
let wine: DbWineRow;

beforeAll(async () => {
  ({ workers, app } = await startTestWorkers(getDb()));
});

afterAll(async () => {
  await workers?.stop();
});

beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, reviews, wines cascade');
  wine = await buildWine(getDb().db, { name: 'Barolo Riserva' });
});

const good = {
  content: 'Härlig Barolo med mogna körsbär, rosor och en lång, elegant eftersmak. Prisvärd för kvaliteten.',
  priceWorthRating: 4,
  qualityRating: 5,
  overallExperience: 5,
};

const reviewRows = () => getDb().db('reviews').select('*');

/** Polls until `check` returns a value (the worker runs in the background), at most `ms`. */
async function eventually<T>(check: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('POST /api/wines/:id/reviews', () => {
  it('requires authentication', async () => {
    const res = await browserAgent(app).post(`/api/wines/${wine.id}/reviews`).send(good);
    expect(res.status).toBe(401);
    expect(await reviewRows()).toHaveLength(0);
  });

  it('stores a pending review by the signed-in user, trimmed, and does not publish it', async () => {
    const { agent, user } = await signedInAgent(app, getDb().db);
    const res = await agent
      .post(`/api/wines/${wine.id}/reviews`)
      .send({ ...good, content: `  ${good.content}\n `, userId: user.id, wineId: wine.id });
    expect(res.status).toBe(201);
    const body = SubmittedReview.strict().parse(res.body);
    expect(body).toMatchObject({ wineId: wine.id, userId: user.id, status: 'pending', content: good.content });

    const published = await browserAgent(app).get(`/api/wines/${wine.id}/reviews`).expect(200);
    expect(published.body).toEqual([]);
  });

  it('analyses a new review within seconds: aiProcessedRating 1–5 with one decimal, reasons and flags', async () => {
    const { agent } = await signedInAgent(app, getDb().db);
    const res = await agent.post(`/api/wines/${wine.id}/reviews`).send(good).expect(201);
    const started = Date.now();
    const row = await eventually(async () => {
      const r = await getDb().db('reviews').where({ id: res.body.id }).first();
      return r.ai_processed_rating === null ? undefined : r;
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(row.ai_processed_rating).toBeGreaterThanOrEqual(3.5);
    expect(Number.isInteger(row.ai_processed_rating * 10)).toBe(true);
    expect(row.ai_reasons.reasons.length).toBeGreaterThan(0);
    expect(row.ai_reasons.provider).toBe('local');
    expect(row.status).toBe('pending');
  });

  it('sends a spam review with a link to a moderator, whatever opinion it expresses', async () => {
    const { agent } = await signedInAgent(app, getDb().db);
    const res = await agent
      .post(`/api/wines/${wine.id}/reviews`)
      .send({
        content: 'KÖP BILLIGT VIN NU!!! Klicka här: http://billigt-vin.example.com rabattkod VIN50',
        priceWorthRating: 5,
        qualityRating: 5,
        overallExperience: 5,
      })
      .expect(201);
    const row = await eventually(async () => {
      const r = await getDb().db('reviews').where({ id: res.body.id }).first();
      return r.ai_processed_rating === null ? undefined : r;
    });
    expect(row.ai_reasons.flags).toEqual(expect.arrayContaining(['spam', 'link']));
    const { agent: moderator } = await signedInAgent(app, getDb().db, 'moderator');
    const pending = PendingReviewList.parse((await moderator.get('/api/admin/reviews/pending').expect(200)).body);
    const listed = pending.items.find((r) => r.id === res.body.id);
    expect(listed).toMatchObject({ needsAttention: true });
    expect(listed?.attentionReasons.map((r) => r.code)).toEqual(expect.arrayContaining(['spam', 'link']));
    expect(listed?.attentionReasons.find((r) => r.code === 'link')?.message).toBe('Innehåller en länk.');
    expect(pending.stats.needsAttention).toBe(1);
  });

  it('refuses a body naming another author (403) or another wine (400), and writes nothing', async () => {
    const { agent } = await signedInAgent(app, getDb().db);
    const other = await agent.post(`/api/wines/${wine.id}/reviews`).send({ ...good, userId: unknownId() });
    expect(other.status).toBe(403);
    expect(expectError(other.body).message).toBe(M.notYourName);
    const otherWine = await agent.post(`/api/wines/${wine.id}/reviews`).send({ ...good, wineId: unknownId() });
    expect(otherWine.status).toBe(400);
    expect(expectError(otherWine.body).details).toEqual([{ path: 'body.wineId', message: M.otherWine }]);
    expect(await reviewRows()).toHaveLength(0);
  });

  it("answers 400 'Recension saknas' for empty or blank content, and for content over 4,000 characters", async () => {
    const { agent } = await signedInAgent(app, getDb().db);
    for (const content of ['', '   \n ']) {
      const res = await agent.post(`/api/wines/${wine.id}/reviews`).send({ ...good, content });
      expect(res.status).toBe(400);
      expect(expectError(res.body).details).toContainEqual({ path: 'body.content', message: M.contentMissing });
    }
    const long = await agent.post(`/api/wines/${wine.id}/reviews`).send({ ...good, content: 'å'.repeat(4001) });
    expect(long.status).toBe(400);
    expect(expectError(long.body).details).toContainEqual({ path: 'body.content', message: M.contentTooLong });
    await agent
      .post(`/api/wines/${wine.id}/reviews`)
      .send({ ...good, content: 'å'.repeat(4000) })
      .expect(201);
  });

  it('answers 400 for ratings that are not integers 1–5, naming each field', async () => {
    const { agent } = await signedInAgent(app, getDb().db);
    const res = await agent.post(`/api/wines/${wine.id}/reviews`).send({ ...good, priceWorthRating: 0, qualityRating: 4.5, overallExperience: '5' });
    expect(res.status).toBe(400);
    const paths = expectError(res.body).details!.map((d) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['body.priceWorthRating', 'body.qualityRating', 'body.overallExperience']));
    expect(await reviewRows()).toHaveLength(0);
  });

  it('answers 409 with a Swedish message for a second review of the same wine, and keeps the first', async () => {
    const { agent } = await signedInAgent(app, getDb().db);
    await agent.post(`/api/wines/${wine.id}/reviews`).send(good).expect(201);
    const again = await agent.post(`/api/wines/${wine.id}/reviews`).send({ ...good, content: 'Andra gången.' });
    expect(again.status).toBe(409);
    expect(expectError(again.body)).toMatchObject({ code: 'review_exists', message: M.duplicate });
    expect((await reviewRows()).map((r) => r.content)).toEqual([good.content]);
  });

  it("refuses a partner's review of their own wine or a colleague's at the same company (403 own_wine), writing nothing; other partners may", async () => {
    const { db } = getDb();
    const owner = await signedInPartner(app, db, { partner: { company_name: 'Lind & Dotter AB' } });
    const colleague = await signedInPartner(app, db, { partner: { company_name: '  lind & dotter ab ' } });
    const stranger = await signedInPartner(app, db, { partner: { company_name: 'Annat Vinhus AB' } });
    const own = await buildWine(db, { name: 'Eget vin', source: 'partner', owner_user_id: owner.user.id });
    for (const who of [owner, colleague]) {
      const res = await who.agent.post(`/api/wines/${own.id}/reviews`).send(good);
      expect(res.status).toBe(403);
      expect(expectError(res.body)).toMatchObject({ code: 'own_wine', message: M.ownWine });
    }
    expect(await reviewRows()).toHaveLength(0);
    expect((await stranger.agent.post(`/api/wines/${own.id}/reviews`).send(good)).status).toBe(201);
  });

  it('answers 404 for an unknown wine and for a wine that is not public', async () => {
    const { agent } = await signedInAgent(app, getDb().db);
    expect((await agent.post(`/api/wines/${unknownId()}/reviews`).send(good)).status).toBe(404);
    const draft = await buildWine(getDb().db, { approval_status: 'draft', source: 'partner' });
    expect((await agent.post(`/api/wines/${draft.id}/reviews`).send(good)).status).toBe(404);
    expect(await reviewRows()).toHaveLength(0);
  });
});

describe('GET /api/user/reviews', () => {
  it('requires authentication', async () => {
    expect((await browserAgent(app).get('/api/user/reviews')).status).toBe(401);
  });

  it("lists only the user's own reviews, newest first, with status and wine name", async () => {
    const { agent } = await signedInAgent(app, getDb().db);
    const second = await buildWine(getDb().db, { name: 'Chablis Premier Cru', vintage: 2021 });
    await agent.post(`/api/wines/${wine.id}/reviews`).send(good).expect(201);
    await agent
      .post(`/api/wines/${second.id}/reviews`)
      .send({ ...good, content: 'Frisk och mineralisk.' })
      .expect(201);
    const { agent: someoneElse } = await signedInAgent(app, getDb().db);
    await someoneElse.post(`/api/wines/${wine.id}/reviews`).send(good).expect(201);

    const res = await agent.get('/api/user/reviews').expect(200);
    const items = res.body.items.map((i: unknown) => MyReview.strict().parse(i));
    expect(items.map((i: MyReview) => i.wine.name)).toEqual(['Chablis Premier Cru', 'Barolo Riserva']);
    expect(items.every((i: MyReview) => i.status === 'pending' && i.finalRating === null)).toBe(true);
  });
});
