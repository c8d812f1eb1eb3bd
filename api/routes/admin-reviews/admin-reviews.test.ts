import { beforeEach, describe, expect, it } from 'vitest';
import { FOLKETS_VAL_SETTINGS } from '../../contract/admin-content';
import { REVIEW_MESSAGES as M } from '../../contract/review-rules';
import { ModerationResult, PendingReviewList } from '../../contract/reviews';
import { parsePgArray } from '../../presenters/wine';
import type { DbWineRow } from '../../queries/wines';
import { buildUser, buildWine, unknownId } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, useTestDatabase } from '../../test/test-db';
import { expectError } from '../../test/expect-error';

// Moderation (spec 001 §2 'Reviews moderation tab'): the pending list with real figures, approve with a
// final rating (the wine's rating and Folkets Val follow), reject with a reason; admins and moderators only.
const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let wine: DbWineRow;

beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, reviews, wines, site_settings, admin_audit_log cascade');
  app = createTestApp(getDb().db);
  wine = await buildWine(getDb().db, { name: 'Rioja Reserva', rating: 3, categories: ['FYND'] });
});

/** Inserts a pending review by a new user, analysed with `ai` (null: not yet analysed). */
async function pendingReview(
  opts: {
    wineId?: string;
    ai?: number | null;
    flags?: string[];
    reasons?: { code: string; message: string; flag?: string }[];
    content?: string;
    createdAt?: Date;
  } = {},
) {
  const user = await buildUser(getDb().db, { first_name: 'Karin', last_name: 'Berg' });
  const [row] = await getDb()
    .db('reviews')
    .insert({
      wine_id: opts.wineId ?? wine.id,
      user_id: user.id,
      content: opts.content ?? 'Mjuk och fruktig, passar till grillat.',
      price_worth_rating: 4,
      quality_rating: 4,
      overall_experience: 4,
      status: 'pending',
      ai_processed_rating: opts.ai === undefined ? 4.1 : opts.ai,
      ai_reasons:
        opts.ai === null
          ? null
          : JSON.stringify({
              reasons: opts.reasons ?? [{ code: 'sentiment_positive', message: 'Texten är positiv.' }],
              flags: opts.flags ?? [],
              sentiment: 0.6,
              provider: 'local',
            }),
      created_at: opts.createdAt ?? new Date(),
    })
    .returning('*');
  return { review: row as { id: string }, user };
}

const reviewRow = (id: string) => getDb().db('reviews').where({ id }).first();
const wineRow = () => getDb().db('wines').where({ id: wine.id }).first();

describe('GET /api/admin/reviews/pending', () => {
  it('is for admins and moderators only', async () => {
    expect((await browserAgent(app).get('/api/admin/reviews/pending')).status).toBe(401);
    for (const role of ['user', 'partner'] as const) {
      const { agent } = await signedInAgent(app, getDb().db, role);
      expect((await agent.get('/api/admin/reviews/pending')).status).toBe(403);
    }
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    expect((await agent.get('/api/admin/reviews/pending')).status).toBe(200);
  });

  it("lists pending reviews oldest first with author, wine, AI rating and reasons, and the tab's real figures", async () => {
    const older = await pendingReview({ ai: 2.4, createdAt: new Date(Date.now() - 60_000) });
    await pendingReview({ ai: 4.6 });
    await pendingReview({ ai: null });
    const { agent } = await signedInAgent(app, getDb().db, 'admin');
    const res = await agent.get('/api/admin/reviews/pending').expect(200);
    const body = PendingReviewList.parse(res.body);
    expect(body.items[0]!.id).toBe(older.review.id);
    expect(body.items[0]).toMatchObject({
      aiProcessedRating: 2.4,
      wine: { name: 'Rioja Reserva', vintage: 2020 },
      user: { firstName: 'Karin', lastName: 'Berg' },
      aiReasons: [{ code: 'sentiment_positive', message: 'Texten är positiv.' }],
    });
    expect(body.items.map((r) => r.needsAttention)).toEqual([false, false, null]);
    // The mean of the analysed ones (2.4 and 4.6 → 3.5); no flag needs a moderator, however low 2.4 is.
    expect(body.stats).toEqual({ pending: 3, averageAiRating: 3.5, needsAttention: 0 });
    expect(JSON.stringify(res.body)).not.toContain('@');
  });

  it("counts 'Kräver uppmärksamhet' by the moderation flags only: an honest 1.7 stays out, spam 2.0 and abuse 1.0 are in", async () => {
    const honest = await pendingReview({
      ai: 1.7,
      content: 'Tunn och sur med en bitter, kort eftersmak. Eken tar över och frukten saknas. För priset finns bättre.',
      reasons: [{ code: 'sentiment_negative', message: 'Texten är negativ och stämmer med betygen (snitt 1,7 av 5).' }],
    });
    const spam = await pendingReview({
      ai: 2,
      flags: ['spam', 'link', 'shouting'],
      reasons: [
        { code: 'spam_promo', message: 'Innehåller reklam eller säljfraser.', flag: 'spam' },
        { code: 'link', message: 'Innehåller en länk.', flag: 'link' },
      ],
    });
    const abuse = await pendingReview({ ai: 1, flags: ['profanity', 'abuse'], reasons: [] });
    const loud = await pendingReview({ ai: 4.8, flags: ['shouting', 'too_short'] });
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    const body = PendingReviewList.parse((await agent.get('/api/admin/reviews/pending').expect(200)).body);
    const byId = new Map(body.items.map((r) => [r.id, r]));

    expect(body.stats.needsAttention).toBe(2);
    expect(byId.get(honest.review.id)).toMatchObject({ aiProcessedRating: 1.7, needsAttention: false, attentionReasons: [] });
    expect(byId.get(loud.review.id)).toMatchObject({ needsAttention: false, attentionReasons: [] });
    expect(byId.get(spam.review.id)).toMatchObject({
      needsAttention: true,
      attentionReasons: [
        { code: 'spam', message: 'Innehåller reklam eller säljfraser.' },
        { code: 'link', message: 'Innehåller en länk.' },
      ],
    });
    // Without the analyser's own sentence (an older analysis, a language model), the flag's Swedish name.
    expect(byId.get(abuse.review.id)).toMatchObject({
      needsAttention: true,
      attentionReasons: [
        { code: 'profanity', message: 'Svordomar.' },
        { code: 'abuse', message: 'Påhopp.' },
      ],
    });
  });
});

describe('POST /api/admin/reviews/:id/approve', () => {
  it("publishes the review with the final rating and notes; the wine's rating becomes the mean of final ratings", async () => {
    const { review } = await pendingReview();
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    const res = await agent.post(`/api/admin/reviews/${review.id}/approve`).send({ finalRating: 4.5, moderatorNotes: 'Bra och saklig.' }).expect(200);
    expect(ModerationResult.parse(res.body)).toMatchObject({ status: 'approved', finalRating: 4.5, wine: { rating: 4.5, approvedReviews: 1 } });
    expect(await reviewRow(review.id)).toMatchObject({ status: 'approved', final_rating: 4.5, moderator_notes: 'Bra och saklig.' });
    expect((await reviewRow(review.id)).published_at).not.toBeNull();

    const published = await browserAgent(app).get(`/api/wines/${wine.id}/reviews`).expect(200);
    expect(published.body.map((r: { id: string }) => r.id)).toEqual([review.id]);
    const publicWine = await browserAgent(app).get(`/api/wines/${wine.id}`).expect(200);
    expect(publicWine.body.rating).toBe(4.5);

    const second = await pendingReview();
    await agent.post(`/api/admin/reviews/${second.review.id}/approve`).send({ finalRating: 3 }).expect(200);
    expect((await wineRow()).rating).toBe(3.8); // (4.5 + 3) / 2 = 3.75 → one decimal
  });

  it('adds the wine to FOLKETS_VAL once it has 3 approved reviews averaging at least 4 (the default rule)', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'admin');
    for (const [i, rating] of [4, 4.5, 4].entries()) {
      const { review } = await pendingReview();
      const res = await agent.post(`/api/admin/reviews/${review.id}/approve`).send({ finalRating: rating }).expect(200);
      expect(res.body.wine.categories.includes('FOLKETS_VAL'), `after review ${i + 1}`).toBe(i === 2);
    }
    expect(parsePgArray((await wineRow()).categories)).toEqual(['FYND', 'FOLKETS_VAL']);
    const list = await browserAgent(app).get('/api/wines?category=FOLKETS_VAL').expect(200);
    expect(list.body.items.map((w: { id: string }) => w.id)).toEqual([wine.id]);
  });

  it('follows the rule in the site settings, and does not add the wine when the average is too low', async () => {
    await getDb()
      .db('site_settings')
      .insert([
        { key: FOLKETS_VAL_SETTINGS.minReviews.key, value: '1', description: '' },
        { key: FOLKETS_VAL_SETTINGS.minRating.key, value: '4,5', description: '' },
      ]);
    const { agent } = await signedInAgent(app, getDb().db, 'admin');
    const low = await pendingReview();
    expect((await agent.post(`/api/admin/reviews/${low.review.id}/approve`).send({ finalRating: 4 }).expect(200)).body.wine.categories).toEqual([
      'FYND',
    ]);
    const other = await buildWine(getDb().db, { name: 'Amarone' });
    const high = await pendingReview({ wineId: other.id });
    expect((await agent.post(`/api/admin/reviews/${high.review.id}/approve`).send({ finalRating: 5 }).expect(200)).body.wine.categories).toEqual([
      'FOLKETS_VAL',
    ]);
  });

  it('refuses final ratings outside 1–5 or off the 0.5 steps, and changes nothing', async () => {
    const { review } = await pendingReview();
    const { agent } = await signedInAgent(app, getDb().db, 'admin');
    for (const finalRating of [0.5, 5.5, 4.2, '4']) {
      const res = await agent.post(`/api/admin/reviews/${review.id}/approve`).send({ finalRating });
      expect(res.status, String(finalRating)).toBe(400);
      expect(expectError(res.body).details![0]!.path).toBe('body.finalRating');
    }
    expect((await reviewRow(review.id)).status).toBe('pending');
    expect((await wineRow()).rating).toBe(3);
  });

  it('answers 409 for a review already decided and 404 for an unknown one', async () => {
    const { review } = await pendingReview();
    const { agent } = await signedInAgent(app, getDb().db, 'admin');
    await agent.post(`/api/admin/reviews/${review.id}/approve`).send({ finalRating: 4 }).expect(200);
    const again = await agent.post(`/api/admin/reviews/${review.id}/reject`).send({ reason: 'Sent' });
    expect(again.status).toBe(409);
    expect(expectError(again.body).message).toBe(M.notPending);
    expect((await agent.post(`/api/admin/reviews/${unknownId()}/approve`).send({ finalRating: 4 })).status).toBe(404);
  });

  it('records the decision in the audit log for the dashboard', async () => {
    const { review } = await pendingReview();
    const { agent, user } = await signedInAgent(app, getDb().db, 'admin');
    await agent.post(`/api/admin/reviews/${review.id}/approve`).send({ finalRating: 3.5 }).expect(200);
    const log = await getDb().db('admin_audit_log').select('*');
    expect(log).toEqual([
      expect.objectContaining({
        actor_id: user.id,
        action: 'review.approve',
        entity_id: review.id,
        summary: 'Godkände en recension av "Rioja Reserva" (slutbetyg 3,5)',
      }),
    ]);
  });
});

describe('POST /api/admin/reviews/:id/reject', () => {
  it('keeps the review unpublished with its reason and notes; the wine is unchanged', async () => {
    const { review } = await pendingReview();
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    const res = await agent
      .post(`/api/admin/reviews/${review.id}/reject`)
      .send({ reason: ' Innehåller reklam. ', moderatorNotes: 'Länk till butik.' })
      .expect(200);
    expect(ModerationResult.parse(res.body)).toMatchObject({ status: 'rejected', finalRating: null, wine: { rating: 3, approvedReviews: 0 } });
    expect(await reviewRow(review.id)).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Innehåller reklam.',
      moderator_notes: 'Länk till butik.',
      published_at: null,
    });
    expect((await browserAgent(app).get(`/api/wines/${wine.id}/reviews`).expect(200)).body).toEqual([]);
  });

  it("requires a reason: 400 'Anledning krävs'", async () => {
    const { review } = await pendingReview();
    const { agent } = await signedInAgent(app, getDb().db, 'admin');
    for (const body of [{}, { reason: '   ' }]) {
      const res = await agent.post(`/api/admin/reviews/${review.id}/reject`).send(body);
      expect(res.status).toBe(400);
      expect(expectError(res.body).details).toContainEqual({ path: 'body.reason', message: M.reasonMissing });
    }
    expect((await reviewRow(review.id)).status).toBe('pending');
  });
});
