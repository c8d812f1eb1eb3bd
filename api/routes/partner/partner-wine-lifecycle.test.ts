import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/auth-rules';
import { AdminWinePage } from '../../contract/admin-wines';
import { PartnerWine } from '../../contract/partner';
import { PARTNER_MESSAGES as M } from '../../contract/partner-rules';
import { buildImage, buildWine } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, signedInPartner, useTestDatabase } from '../../test/test-db';

// The rest of a partner wine's life on a real Postgres: deleting a draft, copying a wine as a new draft, and opening
// a rejected wine again to revise and send in again (the admin's queue then shows it as a resubmission with the
// earlier reason). Another partner's wine is a 404 like a missing one — and so is a malformed id, by the API's
// convention (README 'The error shape': it names no resource), with the field in details.
const getDb = useTestDatabase();

let app: ReturnType<typeof createTestApp>;
beforeAll(() => {
  app = createTestApp(getDb().db);
});
beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, wines, images cascade');
});

const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lind Riesling Trocken',
  description: 'Torr och mineralisk med toner av grönt äpple och lime.',
  price: '129,50 kr',
  rating: 4,
  vintage: 2022,
  region: 'Mosel',
  grapeVariety: 'Riesling',
  alcoholContent: '11,5',
  sweetness: 2,
  acidity: 5,
  foodPairings: ['fish', 'seafood'],
  occasions: ['dinner'],
  ...overrides,
});

const wineRow = (id: string) => getDb().db('wines').where({ id }).first();
const wineCount = async () => Number((await getDb().db('wines').count({ n: '*' }).first())!.n);
type Agent = Awaited<ReturnType<typeof signedInPartner>>['agent'];
const createDraft = async (agent: Agent, overrides: Record<string, unknown> = {}) =>
  PartnerWine.parse((await agent.post('/api/partner/wines').send(form(overrides)).expect(201)).body);

describe('the lifecycle routes: authentication, role and ids', () => {
  const id = randomUUID();
  const routes: [string, string][] = [
    ['delete', `/api/partner/wines/${id}`],
    ['post', `/api/partner/wines/${id}/duplicate`],
    ['post', `/api/partner/wines/${id}/revise`],
  ];

  it.each(routes)('%s %s requires authentication (401) and refuses users, moderators and admins (403)', async (method, path) => {
    const call = (agent: ReturnType<typeof browserAgent>) =>
      (agent as unknown as Record<string, (u: string) => ReturnType<typeof agent.get>>)[method]!(path);
    expect((await call(browserAgent(app))).status).toBe(401);
    for (const role of ['user', 'moderator', 'admin'] as const) {
      const { agent } = await signedInAgent(app, getDb().db, role);
      const res = await call(agent);
      expect(res.status, role).toBe(403);
      expect(res.body.error.message).toBe(AUTH_MESSAGES.forbidden);
    }
  });

  it.each(['delete /api/partner/wines/%s', 'post /api/partner/wines/%s/duplicate', 'post /api/partner/wines/%s/revise'])(
    '%s answers 404 for a malformed id (naming params.id) and for an unknown one, changing nothing',
    async (route) => {
      const { agent, user } = await signedInPartner(app, getDb().db);
      const wine = await buildWine(getDb().db, { source: 'partner', owner_user_id: user.id, approval_status: 'rejected' });
      const [method, path] = route.split(' ') as [string, string];
      const call = (id: string) => (agent as unknown as Record<string, (u: string) => ReturnType<typeof agent.get>>)[method]!(path.replace('%s', id));
      for (const bad of ['not-a-uuid', '123', `${wine.id}x`]) {
        const res = await call(bad);
        expect(res.status, bad).toBe(404);
        expect(res.body.error).toMatchObject({ code: 'not_found', details: [{ path: 'params.id', message: 'Ogiltigt vin-id' }] });
      }
      const unknown = await call(randomUUID());
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({ code: 'wine_not_found', message: M.wineNotFound });
      expect(await wineCount()).toBe(1);
      expect(await wineRow(wine.id)).toMatchObject({ approval_status: 'rejected', version: 1 });
    },
  );
});

describe('DELETE /api/partner/wines/:id', () => {
  it('deletes the partner’s own draft for good (204)', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const keep = await createDraft(agent, { name: 'Behålls' });
    const draft = await createDraft(agent);
    const res = await agent.delete(`/api/partner/wines/${draft.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toEqual({});
    expect(await wineRow(draft.id)).toBeUndefined();
    expect(await wineRow(keep.id)).toMatchObject({ name: 'Behålls' });
    expect((await agent.get(`/api/partner/wines/${draft.id}`)).status).toBe(404);
    expect((await agent.delete(`/api/partner/wines/${draft.id}`)).status).toBe(404);
  });

  it.each(['pending', 'approved', 'rejected'] as const)("refuses a %s wine (409 'not_deletable') and keeps it", async (status) => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const wine = await buildWine(getDb().db, { source: 'partner', owner_user_id: user.id, approval_status: status });
    const res = await agent.delete(`/api/partner/wines/${wine.id}`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'not_deletable', message: M.notDeletable });
    expect(await wineRow(wine.id)).toMatchObject({ approval_status: status, version: 1 });
  });

  it('deletes a rejected wine once it is opened again as a draft', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const wine = await buildWine(getDb().db, { source: 'partner', owner_user_id: user.id, approval_status: 'rejected', rejection_reason: 'Nej.' });
    await agent.post(`/api/partner/wines/${wine.id}/revise`).expect(200);
    expect((await agent.delete(`/api/partner/wines/${wine.id}`)).status).toBe(204);
    expect(await wineRow(wine.id)).toBeUndefined();
  });

  it("answers 404 for another partner's draft and leaves it", async () => {
    const a = await signedInPartner(app, getDb().db);
    const b = await signedInPartner(app, getDb().db);
    const theirs = await createDraft(a.agent);
    const res = await b.agent.delete(`/api/partner/wines/${theirs.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('wine_not_found');
    expect(await wineRow(theirs.id)).toMatchObject({ owner_user_id: a.user.id, approval_status: 'draft' });
  });

  it('never deletes a wine of another source, even an admin draft', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const admins = await buildWine(getDb().db, { source: 'admin', approval_status: 'draft' });
    expect((await agent.delete(`/api/partner/wines/${admins.id}`)).status).toBe(404);
    expect(await wineRow(admins.id)).toBeDefined();
  });

  it('deletes once when a delete and a submit race: one wins, the other is refused', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const draft = await createDraft(agent);
    const [del, submit] = await Promise.all([agent.delete(`/api/partner/wines/${draft.id}`), agent.post(`/api/partner/wines/${draft.id}/submit`)]);
    const row = await wineRow(draft.id);
    if (del.status === 204) {
      expect(submit.status).toBe(404);
      expect(row).toBeUndefined();
    } else {
      expect([del.status, submit.status]).toEqual([409, 200]);
      expect(row).toMatchObject({ approval_status: 'pending' });
    }
  });
});

describe('POST /api/partner/wines/:id/duplicate', () => {
  it('copies the form’s fields into a new draft under a new id, with the same name', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const image = await buildImage(getDb().db);
    const original = await createDraft(agent, { imageUrl: image.url });
    const res = await agent.post(`/api/partner/wines/${original.id}/duplicate`);
    expect(res.status).toBe(201);
    const copy = PartnerWine.strict().parse(res.body);
    expect(res.headers.location).toBe(`/api/partner/wines/${copy.id}`);
    expect(copy.id).not.toBe(original.id);
    const { id: _o, createdAt: _c1, updatedAt: _u1, ...originalFields } = original;
    const { id: _i, createdAt: _c2, updatedAt: _u2, ...copyFields } = copy;
    expect(copyFields).toEqual({ ...originalFields, version: 1 });
    expect(await wineRow(copy.id)).toMatchObject({
      owner_user_id: user.id,
      source: 'partner',
      approval_status: 'draft',
      name: 'Lind Riesling Trocken',
      price: 129.5,
      image_url: image.url,
      food_pairings: ['fish', 'seafood'],
    });
    expect(await wineCount()).toBe(2);
  });

  it('copies an approved, reviewed wine with a medal as a plain draft: no status, mark, medal, reason, categories or review times', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const reviewer = await signedInAgent(app, getDb().db, 'admin');
    const approved = await buildWine(getDb().db, {
      source: 'partner',
      owner_user_id: user.id,
      name: 'Prisat vin',
      approval_status: 'approved',
      is_granskad_vinpressen: true,
      medal_design_id: 'granskad-av-vinpressen',
      categories: ['FOLKETS_VAL'],
      producer_rating: 4.5,
      rejection_reason: 'Gammal anledning',
      submitted_at: new Date('2026-10-01T10:00:00Z'),
      reviewed_at: new Date('2026-10-02T10:00:00Z'),
      reviewed_by: reviewer.user.id,
    });
    const res = await agent.post(`/api/partner/wines/${approved.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Prisat vin',
      rating: 4.5,
      approvalStatus: 'draft',
      isGranskadVinpressen: false,
      medal: null,
      rejectionReason: null,
      submittedAt: null,
    });
    expect(await wineRow(res.body.id)).toMatchObject({
      approval_status: 'draft',
      is_granskad_vinpressen: false,
      medal_design_id: null,
      categories: '{}',
      rejection_reason: null,
      submitted_at: null,
      reviewed_at: null,
      reviewed_by: null,
    });
    expect(await wineRow(approved.id)).toMatchObject({ approval_status: 'approved', version: 1 });
  });

  it('leaves out an uploaded image that no longer exists instead of refusing the copy', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const wine = await buildWine(getDb().db, {
      source: 'partner',
      owner_user_id: user.id,
      approval_status: 'pending',
      image_url: `/api/images/${randomUUID()}`,
    });
    const res = await agent.post(`/api/partner/wines/${wine.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body.imageUrl).toBeNull();
  });

  it("answers 404 for another partner's wine and copies nothing", async () => {
    const a = await signedInPartner(app, getDb().db);
    const b = await signedInPartner(app, getDb().db);
    const theirs = await createDraft(a.agent);
    const res = await b.agent.post(`/api/partner/wines/${theirs.id}/duplicate`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('wine_not_found');
    expect(await wineCount()).toBe(1);
  });
});

describe('POST /api/partner/wines/:id/revise', () => {
  const REASON = 'Etiketten saknar alkoholhalt. Lägg till den och skicka in igen.';

  async function rejectedWine(ownerId: string) {
    return buildWine(getDb().db, {
      source: 'partner',
      owner_user_id: ownerId,
      name: 'Avvisat vin',
      approval_status: 'rejected',
      rejection_reason: REASON,
      submitted_at: new Date('2026-11-01T08:00:00Z'),
      reviewed_at: new Date('2026-11-02T08:00:00Z'),
    });
  }

  it('opens a rejected wine again as a draft with its reason shown; it can then be edited and sent in again', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const wine = await rejectedWine(user.id);
    const res = await agent.post(`/api/partner/wines/${wine.id}/revise`);
    expect(res.status).toBe(200);
    expect(PartnerWine.strict().parse(res.body)).toMatchObject({ id: wine.id, approvalStatus: 'draft', rejectionReason: REASON, version: 2 });
    expect(await wineRow(wine.id)).toMatchObject({ approval_status: 'draft', rejection_reason: REASON });
    expect((await agent.get('/api/partner/wines')).body.items[0]).toMatchObject({ approvalStatus: 'draft', rejectionReason: REASON });

    const edit = await agent.put(`/api/partner/wines/${wine.id}`).send(form({ name: 'Avvisat vin', alcoholContent: '12,5' }));
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ alcoholContent: 12.5, rejectionReason: REASON });

    const submit = await agent.post(`/api/partner/wines/${wine.id}/submit`);
    expect(submit.status).toBe(200);
    // Sent in again: the reason is no longer the partner's to read, but the admin still sees it.
    expect(submit.body).toMatchObject({ approvalStatus: 'pending', rejectionReason: null });
    expect(Date.parse(submit.body.submittedAt)).toBeGreaterThan(Date.parse('2026-11-02T08:00:00Z'));
    const admin = await signedInAgent(app, getDb().db, 'admin');
    const queue = AdminWinePage.parse((await admin.agent.get('/api/admin/wines/pending')).body);
    expect(queue.items).toEqual([expect.objectContaining({ id: wine.id, approvalStatus: 'pending', rejectionReason: REASON })]);
  });

  it.each(['draft', 'pending', 'approved'] as const)("refuses a %s wine (409 'not_rejected') and leaves it", async (status) => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const wine = await buildWine(getDb().db, { source: 'partner', owner_user_id: user.id, approval_status: status });
    const res = await agent.post(`/api/partner/wines/${wine.id}/revise`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'not_rejected', message: M.notRejected });
    expect(await wineRow(wine.id)).toMatchObject({ approval_status: status, version: 1 });
  });

  it("answers 404 for another partner's rejected wine and leaves it rejected", async () => {
    const a = await signedInPartner(app, getDb().db);
    const b = await signedInPartner(app, getDb().db);
    const theirs = await rejectedWine(a.user.id);
    const res = await b.agent.post(`/api/partner/wines/${theirs.id}/revise`);
    expect(res.status).toBe(404);
    expect(await wineRow(theirs.id)).toMatchObject({ approval_status: 'rejected', rejection_reason: REASON, version: 1 });
  });
});
