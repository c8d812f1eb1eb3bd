import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/auth-rules';
import { ADMIN_WINE_MESSAGES as W, currentSwedishYear } from '../../contract/admin-wines';
import { PartnerWine, PartnerWineList } from '../../contract/partner';
import { PARTNER_MESSAGES as M } from '../../contract/partner-rules';
import { CLIENT_WINE_ID_MESSAGE, wineIdForProductNumber } from '../../contract/wine-id';
import { buildWine } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, signedInPartner, useTestDatabase } from '../../test/test-db';

// The partner's own wines on a real Postgres: ownership (another partner's wine is a 404), the draft → pending
// transition, the only-drafts-can-change rule, and input validation shared with the Excel upload.
const getDb = useTestDatabase();

let app: ReturnType<typeof createTestApp>;
beforeAll(() => {
  app = createTestApp(getDb().db);
});
beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, wines cascade');
});

/** A complete form as the PWA sends it (price as the partner typed it). */
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lind Riesling Trocken',
  description: 'Torr och mineralisk med toner av grönt äpple och lime.',
  price: '129,50 kr',
  rating: 4,
  vintage: 2022,
  country: 'Tyskland',
  region: 'Mosel',
  grapeVariety: 'Riesling',
  alcoholContent: '11,5',
  systembolagetUrl: 'https://www.systembolaget.se/produkt/vin/lind-riesling-123401/',
  imageUrl: null,
  sweetness: 2,
  acidity: 5,
  body: 2,
  tannins: null,
  fruity: 4,
  foodPairings: ['fish', 'seafood', 'fish'],
  occasions: ['dinner'],
  ...overrides,
});

const wineRow = (id: string) => getDb().db('wines').where({ id }).first();
const wineCount = async () => Number((await getDb().db('wines').count({ n: '*' }).first())!.n);

async function twoPartners() {
  const a = await signedInPartner(app, getDb().db);
  const b = await signedInPartner(app, getDb().db);
  return { a, b };
}

describe('partner wine routes: authentication and role', () => {
  const id = randomUUID();
  const routes: [string, string][] = [
    ['get', '/api/partner/wines'],
    ['get', `/api/partner/wines/${id}`],
    ['post', '/api/partner/wines'],
    ['put', `/api/partner/wines/${id}`],
    ['post', `/api/partner/wines/${id}/submit`],
  ];

  it.each(routes)('%s %s requires authentication (401) and refuses users, moderators and admins (403)', async (method, path) => {
    const call = (agent: ReturnType<typeof browserAgent>) => {
      const req = (agent as unknown as Record<string, (u: string) => ReturnType<typeof agent.get>>)[method]!(path);
      return method === 'get' ? req : req.send(form());
    };
    const guest = await call(browserAgent(app));
    expect(guest.status).toBe(401);
    expect(guest.body.error.message).toBe(AUTH_MESSAGES.notSignedIn);
    for (const role of ['user', 'moderator', 'admin'] as const) {
      const { agent } = await signedInAgent(app, getDb().db, role);
      const res = await call(agent);
      expect(res.status, role).toBe(403);
      expect(res.body.error.message).toBe(AUTH_MESSAGES.forbidden);
    }
    expect(await wineCount()).toBe(0);
  });
});

describe('POST /api/partner/wines', () => {
  it('refuses a client-chosen id that is not a random UUID (v4): an importer id (v5) could later collide with the import', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const res = await agent.post('/api/partner/wines').send({ ...form(), id: wineIdForProductNumber('105501') });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toContainEqual({ path: 'body.id', message: CLIENT_WINE_ID_MESSAGE });
    expect(await getDb().db('wines').count('* as n').first()).toEqual({ n: 0 });
  });

  it("creates a draft owned by the partner (source 'partner'), price and alcohol read from Swedish text", async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const res = await agent.post('/api/partner/wines').send(form());

    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/partner/wines/${res.body.id}`);
    const wine = PartnerWine.strict().parse(res.body);
    expect(wine).toMatchObject({
      name: 'Lind Riesling Trocken',
      price: 129.5,
      rating: 4,
      alcoholContent: 11.5,
      foodPairings: ['fish', 'seafood'],
      approvalStatus: 'draft',
      isGranskadVinpressen: false,
      medal: null,
      rejectionReason: null,
      submittedAt: null,
      version: 1,
    });
    expect(await wineRow(wine.id)).toMatchObject({
      owner_user_id: user.id,
      source: 'partner',
      approval_status: 'draft',
      price: 129.5,
      categories: '{}',
    });
  });

  it('defaults rating to 4 and leaves the optional fields empty', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const res = await agent.post('/api/partner/wines').send({ name: 'Bara det nödvändiga', description: 'Kort.', price: 99 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ rating: 4, vintage: null, alcoholContent: null, sweetness: null, foodPairings: [], occasions: [] });
  });

  it('refuses missing name, description and price with their Swedish messages, and writes nothing', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const res = await agent.post('/api/partner/wines').send(form({ name: '  ', description: undefined, price: '' }));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'body.name', message: W.nameRequired },
        { path: 'body.description', message: W.descriptionRequired },
        { path: 'body.price', message: W.priceRequired },
      ]),
    );
    expect(await wineCount()).toBe(0);
  });

  it.each([
    ['rating', 6, W.ratingRange],
    ['rating', 0, W.ratingRange],
    ['sweetness', 6, W.scaleRange],
    ['acidity', 0, W.scaleRange],
    ['tannins', 2.5, W.scaleRange],
    ['price', 'gratis', W.priceUnreadable],
    ['price', '12,345', W.priceDecimals],
    ['price', -5, W.pricePositive],
    ['alcoholContent', 101, W.alcoholRange],
    ['vintage', 1899, W.vintageRange(currentSwedishYear())],
    ['systembolagetUrl', 'javascript:alert(1)', W.urlInvalid],
    ['imageUrl', 'data:image/png;base64,AAAA', W.imageDataUrl],
    ['foodPairings', ['fish', 'pizza'], 'Okänd matkombination.'],
    ['occasions', ['bröllop'], 'Okänt tillfälle.'],
  ])('refuses %s = %j (400, Swedish message on the field)', async (field, value, message) => {
    const { agent } = await signedInPartner(app, getDb().db);
    const res = await agent.post('/api/partner/wines').send(form({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toHaveLength(1);
    expect(res.body.error.details[0].path).toMatch(new RegExp(`^body\\.${field}(\\.\\d+)?$`));
    expect(res.body.error.details[0].message).toBe(message);
    expect(await wineCount()).toBe(0);
  });

  it('refuses an uploaded-image address that names no image', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const res = await agent.post('/api/partner/wines').send(form({ imageUrl: `/api/images/${randomUUID()}` }));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body.imageUrl', message: W.imageMissing }]);
    expect(await wineCount()).toBe(0);
  });

  it('with a client-made id: creates once (201), answers a repeat with the stored wine unchanged (200)', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const first = await agent.post('/api/partner/wines').send(form({ id }));
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);

    const again = await agent.post('/api/partner/wines').send(form({ id, name: 'Ett annat namn' }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await getDb().db('wines').where({ owner_user_id: user.id }).pluck('name')).toEqual(['Lind Riesling Trocken']);
  });

  it("refuses an id that is another partner's wine or a Vinpressen wine (409), changing nothing", async () => {
    const { a, b } = await twoPartners();
    const created = await a.agent.post('/api/partner/wines').send(form());
    const published = await buildWine(getDb().db, { name: 'Publikt vin' });
    for (const id of [created.body.id, published.id]) {
      const res = await b.agent.post('/api/partner/wines').send(form({ id, name: 'Kapning' }));
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({ code: 'wine_id_taken', message: M.wineIdTaken });
    }
    expect((await wineRow(created.body.id)).owner_user_id).toBe(a.user.id);
    expect(await getDb().db('wines').where({ name: 'Kapning' }).count({ n: '*' }).first()).toMatchObject({ n: 0 });
  });

  it('refuses an id that is not a uuid', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const res = await agent.post('/api/partner/wines').send(form({ id: '42' }));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body.id', message: 'Ogiltigt vin-id' }]);
  });
});

describe('GET /api/partner/wines and /api/partner/wines/:id', () => {
  it("lists only the partner's own wines, every status, newest first", async () => {
    const { a, b } = await twoPartners();
    const { db } = getDb();
    const statuses = ['draft', 'pending', 'approved', 'rejected'] as const;
    for (const [i, status] of statuses.entries()) {
      await buildWine(db, {
        name: `A ${status}`,
        source: 'partner',
        owner_user_id: a.user.id,
        approval_status: status,
        created_at: new Date(Date.UTC(2026, 0, i + 1)),
      } as never);
    }
    await buildWine(db, { name: 'B utkast', source: 'partner', owner_user_id: b.user.id, approval_status: 'draft' });
    await buildWine(db, { name: 'Vinpressens eget' });

    const res = await a.agent.get('/api/partner/wines');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = PartnerWineList.strict().parse(res.body);
    expect(list.items.map((w) => w.name)).toEqual(['A rejected', 'A approved', 'A pending', 'A draft']);
    expect(list.total).toBe(4);
    expect((await b.agent.get('/api/partner/wines')).body.items.map((w: PartnerWine) => w.name)).toEqual(['B utkast']);
  });

  it("answers another partner's wine exactly like a missing one (404)", async () => {
    const { a, b } = await twoPartners();
    const own = await a.agent.post('/api/partner/wines').send(form());

    const mine = await a.agent.get(`/api/partner/wines/${own.body.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(own.body);

    const theirs = await b.agent.get(`/api/partner/wines/${own.body.id}`);
    const missing = await b.agent.get(`/api/partner/wines/${randomUUID()}`);
    expect(theirs.status).toBe(404);
    // The same body but for the request id.
    const withoutRequestId = ({ requestId, ...rest }: { requestId?: string }) => {
      expect(requestId).toBeTruthy();
      return rest;
    };
    expect(withoutRequestId(theirs.body.error)).toEqual(withoutRequestId(missing.body.error));
    expect(withoutRequestId(theirs.body.error)).toEqual({ code: 'wine_not_found', message: M.wineNotFound });
    expect((await b.agent.get('/api/partner/wines/inte-ett-id')).status).toBe(404);
  });

  it("shows a rejected wine's reason and an approved wine's medal and review mark", async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const owned = { source: 'partner', owner_user_id: user.id } as const;
    const rejected = await buildWine(getDb().db, { ...owned, approval_status: 'rejected', rejection_reason: 'Beskrivningen saknar smaknoter.' });
    const approved = await buildWine(getDb().db, {
      ...owned,
      approval_status: 'approved',
      is_granskad_vinpressen: true,
      medal_design_id: 'fynd',
    } as never);

    expect((await agent.get(`/api/partner/wines/${rejected.id}`)).body).toMatchObject({
      approvalStatus: 'rejected',
      rejectionReason: 'Beskrivningen saknar smaknoter.',
      medal: null,
    });
    expect((await agent.get(`/api/partner/wines/${approved.id}`)).body).toMatchObject({
      approvalStatus: 'approved',
      isGranskadVinpressen: true,
      medal: { id: 'fynd', name: 'Fynd', category: 'FYND' },
    });
  });
});

describe('PUT /api/partner/wines/:id', () => {
  it('replaces a draft with the whole form and bumps its version', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const created = (await agent.post('/api/partner/wines').send(form())).body as PartnerWine;

    const res = await agent.put(`/api/partner/wines/${created.id}`).send(form({ price: '1 299 kr', region: '', foodPairings: [] }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, price: 1299, region: null, foodPairings: [], approvalStatus: 'draft', version: 2 });
    expect(await wineRow(created.id)).toMatchObject({ price: 1299, region: null, version: 2 });
  });

  it.each(['pending', 'approved', 'rejected'] as const)("refuses a %s wine (409 'not_editable') and leaves it as it was", async (status) => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const wine = await buildWine(getDb().db, { source: 'partner', owner_user_id: user.id, approval_status: status, name: 'Orört' });
    const res = await agent.put(`/api/partner/wines/${wine.id}`).send(form());
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'not_editable', message: M.notEditable });
    expect(await wineRow(wine.id)).toMatchObject({ name: 'Orört', approval_status: status, version: 1 });
  });

  it("answers 404 for another partner's wine and changes nothing", async () => {
    const { a, b } = await twoPartners();
    const own = await a.agent.post('/api/partner/wines').send(form());
    const res = await b.agent.put(`/api/partner/wines/${own.body.id}`).send(form({ name: 'Kapning' }));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('wine_not_found');
    expect((await wineRow(own.body.id)).name).toBe('Lind Riesling Trocken');
  });

  it('validates the whole form (400) before touching the wine', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const own = await agent.post('/api/partner/wines').send(form());
    const res = await agent.put(`/api/partner/wines/${own.body.id}`).send(form({ description: '', body: 7 }));
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'body.description', message: W.descriptionRequired },
        { path: 'body.body', message: W.scaleRange },
      ]),
    );
    expect((await wineRow(own.body.id)).version).toBe(1);
  });
});

describe('POST /api/partner/wines/:id/submit', () => {
  it('turns a draft into pending with the submission time; a second submit is 409, and so is an edit', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const own = (await agent.post('/api/partner/wines').send(form())).body as PartnerWine;

    const res = await agent.post(`/api/partner/wines/${own.id}/submit`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: own.id, approvalStatus: 'pending', version: 2 });
    expect(Date.now() - Date.parse(res.body.submittedAt)).toBeLessThan(60_000);
    expect(await wineRow(own.id)).toMatchObject({ approval_status: 'pending' });

    const twice = await agent.post(`/api/partner/wines/${own.id}/submit`);
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({ code: 'already_submitted', message: M.alreadySubmitted });
    const edit = await agent.put(`/api/partner/wines/${own.id}`).send(form());
    expect(edit.status).toBe(409);
    expect(edit.body.error.code).toBe('not_editable');
  });

  it.each(['approved', 'rejected'] as const)("refuses a %s wine (409 'already_submitted')", async (status) => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const wine = await buildWine(getDb().db, { source: 'partner', owner_user_id: user.id, approval_status: status });
    const res = await agent.post(`/api/partner/wines/${wine.id}/submit`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('already_submitted');
    expect((await wineRow(wine.id)).approval_status).toBe(status);
  });

  it("refuses a draft without a rating ('Komplettera först') and keeps it a draft", async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const own = await agent.post('/api/partner/wines').send(form({ rating: null }));
    expect(own.body.rating).toBeNull();
    const res = await agent.post(`/api/partner/wines/${own.body.id}/submit`);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'submit_not_ready',
      message: M.submitNotReady,
      details: [{ path: 'rating', message: M.submitNotReady }],
    });
    expect(await wineRow(own.body.id)).toMatchObject({ approval_status: 'draft', submitted_at: null });
  });

  it("answers 404 for another partner's wine and leaves it a draft", async () => {
    const { a, b } = await twoPartners();
    const own = await a.agent.post('/api/partner/wines').send(form());
    const res = await b.agent.post(`/api/partner/wines/${own.body.id}/submit`);
    expect(res.status).toBe(404);
    expect((await wineRow(own.body.id)).approval_status).toBe('draft');
  });

  it('counts once when the same draft is submitted twice at the same moment', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const own = await agent.post('/api/partner/wines').send(form());
    const results = await Promise.all([1, 2].map(() => agent.post(`/api/partner/wines/${own.body.id}/submit`)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await wineRow(own.body.id)).version).toBe(2);
  });
});

describe('partner wines on the public site', () => {
  it('keeps drafts and pending wines out of /api/wines and /api/wines/:id until they are approved', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const draft = (await agent.post('/api/partner/wines').send(form({ name: 'Hemligt utkast' }))).body as PartnerWine;
    const pending = (await agent.post('/api/partner/wines').send(form({ name: 'Väntande vin' }))).body as PartnerWine;
    await agent.post(`/api/partner/wines/${pending.id}/submit`).expect(200);

    const guest = browserAgent(app);
    for (const wine of [draft, pending]) {
      expect((await guest.get(`/api/wines/${wine.id}`)).status, wine.name).toBe(404);
    }
    const names = (await guest.get('/api/wines')).body.items.map((w: { name: string }) => w.name);
    expect(names).not.toContain('Hemligt utkast');
    expect(names).not.toContain('Väntande vin');

    // Once approved (the admin's step) it is public.
    await getDb().db('wines').where({ id: pending.id }).update({ approval_status: 'approved' });
    expect((await guest.get(`/api/wines/${pending.id}`)).status).toBe(200);
    expect((await guest.get('/api/wines')).body.items.map((w: { name: string }) => w.name)).toContain('Väntande vin');
  });
});
