import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BulkSubmitResult } from '../../contract/partner';
import { BULK_SUBMIT_MAX_IDS, PARTNER_MESSAGES as M } from '../../contract/partner-rules';
import { buildWine } from '../../test/factories';
import { expectError } from '../../test/expect-error';
import { browserAgent, createTestApp, signedInAgent, signedInPartner, useTestDatabase } from '../../test/test-db';
import { BULK_SUBMIT_PATH } from './router';

// POST /api/partner/wines/bulk-submit on a real Postgres: a mix of ready and unready drafts, wines already sent,
// another partner's and unknown ids; each wine judged as the single submit judges it and written on its own.
const getDb = useTestDatabase();

let app: ReturnType<typeof createTestApp>;
beforeAll(() => {
  app = createTestApp(getDb().db);
});
beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, wines cascade');
});

const rows = (ids: string[]) => getDb().db('wines').whereIn('id', ids).select('id', 'approval_status', 'submitted_at', 'version');

describe('POST /api/partner/wines/bulk-submit', () => {
  it('requires a signed-in partner', async () => {
    expect(
      (
        await browserAgent(app)
          .post(BULK_SUBMIT_PATH)
          .send({ ids: [randomUUID()] })
      ).status,
    ).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.post(BULK_SUBMIT_PATH).send({ ids: [randomUUID()] })).status).toBe(403);
  });

  it("submits the ready drafts and refuses, each with its reason, the unready, the sent, another partner's and unknown ids", async () => {
    const db = getDb().db;
    const { agent, user } = await signedInPartner(app, db);
    const other = await signedInPartner(app, db);
    const mine = { source: 'partner' as const, owner_user_id: user.id, approval_status: 'draft' as const };
    const ready1 = await buildWine(db, { ...mine, name: 'Klar ett', producer_rating: 4 });
    const ready2 = await buildWine(db, { ...mine, name: 'Klar två', producer_rating: 3.5 });
    const noRating = await buildWine(db, { ...mine, name: 'Utan betyg', producer_rating: null });
    const blank = await buildWine(db, { ...mine, name: 'Tom beskrivning', description: '   ', producer_rating: null });
    const pending = await buildWine(db, { ...mine, name: 'Redan inskickat', approval_status: 'pending', submitted_at: new Date() });
    const theirs = await buildWine(db, { source: 'partner', owner_user_id: other.user.id, approval_status: 'draft', name: 'Den andras' });
    const unknown = randomUUID();

    const ids = [ready1.id, noRating.id, theirs.id, ready2.id, pending.id, blank.id, unknown, ready1.id];
    const res = await agent.post(BULK_SUBMIT_PATH).send({ ids });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = BulkSubmitResult.parse(res.body);
    expect(body.submittedCount).toBe(2);
    expect(body.refusedCount).toBe(5);
    expect(body.submitted).toEqual([
      { id: ready1.id, name: 'Klar ett' },
      { id: ready2.id, name: 'Klar två' },
    ]);
    expect(body.refused).toEqual([
      { id: noRating.id, name: 'Utan betyg', code: 'submit_not_ready', error: M.bulkSubmitNotReady('betyg'), missing: ['rating'] },
      { id: theirs.id, name: null, code: 'wine_not_found', error: M.wineNotFound, missing: [] },
      { id: pending.id, name: 'Redan inskickat', code: 'already_submitted', error: M.alreadySubmitted, missing: [] },
      {
        id: blank.id,
        name: 'Tom beskrivning',
        code: 'submit_not_ready',
        error: M.bulkSubmitNotReady('beskrivning, betyg'),
        missing: ['description', 'rating'],
      },
      { id: unknown, name: null, code: 'wine_not_found', error: M.wineNotFound, missing: [] },
    ]);

    // In Postgres: exactly the two ready drafts are pending with their submission time; nothing else moved.
    const after = new Map((await rows([ready1.id, ready2.id, noRating.id, blank.id, pending.id, theirs.id])).map((r) => [r.id, r]));
    for (const w of [ready1, ready2]) {
      expect(after.get(w.id)).toMatchObject({ approval_status: 'pending' });
      expect(after.get(w.id)!.submitted_at).toBeInstanceOf(Date);
    }
    for (const w of [noRating, blank, theirs])
      expect(after.get(w.id)).toMatchObject({ approval_status: 'draft', submitted_at: null, version: w.version });
    expect(after.get(pending.id)).toMatchObject({ approval_status: 'pending', version: pending.version });

    // Sent again: the two are now refused as already submitted.
    const again = BulkSubmitResult.parse((await agent.post(BULK_SUBMIT_PATH).send({ ids: [ready1.id, ready2.id] })).body);
    expect(again).toMatchObject({ submittedCount: 0, refusedCount: 2 });
    expect(again.refused.map((r) => r.code)).toEqual(['already_submitted', 'already_submitted']);
  });

  it("refuses another partner's drafts one by one and never submits them, even when all ids are theirs", async () => {
    const db = getDb().db;
    const { agent } = await signedInPartner(app, db);
    const other = await signedInPartner(app, db);
    const theirs = await Promise.all(
      [1, 2, 3].map((i) => buildWine(db, { source: 'partner', owner_user_id: other.user.id, approval_status: 'draft', name: `Deras ${i}` })),
    );
    const body = BulkSubmitResult.parse((await agent.post(BULK_SUBMIT_PATH).send({ ids: theirs.map((w) => w.id) })).body);
    expect(body).toMatchObject({ submittedCount: 0, refusedCount: 3 });
    expect(body.refused.every((r) => r.code === 'wine_not_found' && r.name === null)).toBe(true);
    expect((await rows(theirs.map((w) => w.id))).every((r) => r.approval_status === 'draft' && r.submitted_at === null)).toBe(true);
  });

  it('answers 400 for no ids, too many, or an id that is not a UUID, and submits nothing', async () => {
    const db = getDb().db;
    const { agent, user } = await signedInPartner(app, db);
    const draft = await buildWine(db, { source: 'partner', owner_user_id: user.id, approval_status: 'draft', producer_rating: 4 });
    for (const body of [
      { ids: [] },
      {},
      { ids: [draft.id, 'inte-ett-id'] },
      { ids: Array.from({ length: BULK_SUBMIT_MAX_IDS + 1 }, () => draft.id) },
    ]) {
      const res = await agent.post(BULK_SUBMIT_PATH).send(body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(expectError(res.body).code).toBe('validation_failed');
    }
    expect((await rows([draft.id]))[0]!.approval_status).toBe('draft');
  });

  it('submits a draft once when two bulk submits name it at the same moment', async () => {
    const db = getDb().db;
    const { agent, user } = await signedInPartner(app, db);
    const draft = await buildWine(db, { source: 'partner', owner_user_id: user.id, approval_status: 'draft', producer_rating: 4 });
    const answers = await Promise.all([1, 2].map(() => agent.post(BULK_SUBMIT_PATH).send({ ids: [draft.id] })));
    const parsed = answers.map((a) => BulkSubmitResult.parse(a.body));
    expect(parsed.map((p) => p.submittedCount).sort()).toEqual([0, 1]);
    expect(parsed.flatMap((p) => p.refused.map((r) => r.code))).toEqual(['already_submitted']);
  });
});
