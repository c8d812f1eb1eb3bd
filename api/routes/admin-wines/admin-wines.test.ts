import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_WINE_MESSAGES as M, AdminWine, AdminWineDeleted, AdminWinePage, currentSwedishYear, parsePriceSek } from '../../contract/admin-wines';
import { buildExpertReview, buildReview, buildSliderEntry, buildWine, unknownId } from '../../test/factories';
import { browserAgent, type createTestApp, signedInAgent, useTestDatabase, signedInApp } from '../../test/test-db';
import { tinyPng } from '../images/test-images';
import { expectError } from '../../test/expect-error';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
let adminId: string;

const BASE = '/api/admin/wines';
const YEAR = currentSwedishYear();

beforeAll(async () => {
  const signedIn = await signedInApp(getDb().db, 'admin');
  ({ app, agent: admin } = signedIn);
  adminId = signedIn.user.id;
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, admin_audit_log, images cascade');
});

/** The error's details as { path: message }. */
function detailsOf(body: unknown): Record<string, string> {
  return Object.fromEntries((expectError(body).details ?? []).map((d) => [d.path, d.message]));
}

async function auditRows() {
  return (await getDb().db('admin_audit_log').orderBy('id').select('action', 'entity_type', 'entity_id', 'summary', 'actor_id')) as {
    action: string;
    entity_type: string;
    entity_id: string;
    summary: string;
    actor_id: string;
  }[];
}

const wineCount = async () => Number((await getDb().db('wines').count({ n: '*' }))[0]!.n);

/** A valid create body: the admin form's required fields. */
const minimal = (overrides: Record<string, unknown> = {}) => ({
  name: 'Château Testvin',
  description: 'Mörka bär och lakrits.',
  price: '199 kr',
  ...overrides,
});

describe('GET /api/admin/wines', () => {
  it('requires an admin', async () => {
    expect((await browserAgent(app).get(BASE)).status).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'partner');
    expect((await agent.get(BASE)).status).toBe(403);
  });

  it('lists wines of every approval status, newest first, in the admin view', async () => {
    const { db } = getDb();
    const statuses = ['approved', 'draft', 'pending', 'rejected'] as const;
    for (const [i, status] of statuses.entries()) {
      await buildWine(db, {
        name: `Vin ${status}`,
        approval_status: status,
        source: status === 'approved' ? 'admin' : 'partner',
        created_at: new Date(Date.UTC(2026, 0, 1 + i)),
        is_granskad_vinpressen: status === 'approved',
      });
    }

    const res = await admin.get(BASE);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = AdminWinePage.parse(res.body);
    expect(page.items.map((w) => w.name)).toEqual(['Vin rejected', 'Vin pending', 'Vin draft', 'Vin approved']);
    expect(page).toMatchObject({ total: 4, limit: 50, offset: 0 });
    const approved = page.items.find((w) => w.name === 'Vin approved')!;
    expect(approved).toMatchObject({
      approvalStatus: 'approved',
      source: 'admin',
      isGranskadVinpressen: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(page.items.find((w) => w.name === 'Vin draft')).toMatchObject({ approvalStatus: 'draft', source: 'partner' });
  });

  it('searches name, region and grape variety case-insensitively', async () => {
    const { db } = getDb();
    await buildWine(db, { name: 'Barolo Riserva', region: 'Piemonte', grape_variety: 'Nebbiolo' });
    await buildWine(db, { name: 'Sancerre', region: 'Loire', grape_variety: 'Sauvignon blanc' });
    await buildWine(db, { name: 'Rioja', region: 'RIOJA ALTA', grape_variety: 'Tempranillo' });

    const names = async (q: string) => ((await admin.get(BASE).query({ q })).body as AdminWinePage).items.map((w) => w.name).sort();

    expect(await names('barolo')).toEqual(['Barolo Riserva']);
    expect(await names('loire')).toEqual(['Sancerre']);
    expect(await names('NEBBIO')).toEqual(['Barolo Riserva']);
    expect(await names('rioja')).toEqual(['Rioja']);
    expect(await names('  sauvignon  ')).toEqual(['Sancerre']);
    expect(await names('zinfandel')).toEqual([]);
  });

  it('treats % and _ in the search as text, not wildcards', async () => {
    const { db } = getDb();
    await buildWine(db, { name: 'Rabatt 50% Rosé' });
    await buildWine(db, { name: 'Rabatt 500 Rosé' });
    await buildWine(db, { name: 'Vin_1' });
    await buildWine(db, { name: 'Vinx1' });

    expect((await admin.get(BASE).query({ q: '50%' })).body.items.map((w: AdminWine) => w.name)).toEqual(['Rabatt 50% Rosé']);
    expect((await admin.get(BASE).query({ q: 'n_1' })).body.items.map((w: AdminWine) => w.name)).toEqual(['Vin_1']);
  });

  it('filters by category and approval status, together with the search', async () => {
    const { db } = getDb();
    await buildWine(db, { name: 'Fynd godkänt', categories: ['FYND'] });
    await buildWine(db, { name: 'Fynd väntar', categories: ['FYND', 'NYLANSERAD'], approval_status: 'pending', source: 'partner' });
    await buildWine(db, { name: 'Nytt', categories: ['NYLANSERAD'] });

    const names = async (query: Record<string, string>) =>
      ((await admin.get(BASE).query(query)).body as AdminWinePage).items.map((w) => w.name).sort();

    expect(await names({ category: 'FYND' })).toEqual(['Fynd godkänt', 'Fynd väntar']);
    expect(await names({ approvalStatus: 'pending' })).toEqual(['Fynd väntar']);
    expect(await names({ category: 'NYLANSERAD', approvalStatus: 'approved' })).toEqual(['Nytt']);
    expect(await names({ category: 'FYND', q: 'godkänt' })).toEqual(['Fynd godkänt']);
    // The filter's 'all' sends empty values.
    expect(await names({ category: '', approvalStatus: '', q: '' })).toEqual(['Fynd godkänt', 'Fynd väntar', 'Nytt']);
  });

  it("filters by source, e.g. the partner review's pending partner wines", async () => {
    const { db } = getDb();
    await buildWine(db, { name: 'Partner väntar', approval_status: 'pending', source: 'partner' });
    await buildWine(db, { name: 'Partner avvisad', approval_status: 'rejected', source: 'partner', rejection_reason: 'Saknar etikett' });
    await buildWine(db, { name: 'Admin väntar', approval_status: 'pending', source: 'admin' });
    await buildWine(db, { name: 'Importerat', source: 'systembolaget' });

    const page = async (query: Record<string, string>) => (await admin.get(BASE).query(query)).body as AdminWinePage;
    const names = async (query: Record<string, string>) => (await page(query)).items.map((w) => w.name).sort();

    expect(await names({ source: 'partner' })).toEqual(['Partner avvisad', 'Partner väntar']);
    expect(await names({ source: 'partner', approvalStatus: 'pending' })).toEqual(['Partner väntar']);
    expect(await page({ source: 'partner', approvalStatus: 'pending' })).toMatchObject({ total: 1 });
    expect((await page({ source: 'partner', approvalStatus: 'rejected' })).items[0]).toMatchObject({
      source: 'partner',
      rejectionReason: 'Saknar etikett',
    });
    expect(await names({ source: 'systembolaget' })).toEqual(['Importerat']);
    expect(await names({ source: '' })).toHaveLength(4);
  });

  it('pages with limit and offset and counts all matches', async () => {
    const { db } = getDb();
    for (let i = 1; i <= 5; i++) await buildWine(db, { name: `Vin ${i}`, created_at: new Date(Date.UTC(2026, 1, i)) });

    const first = (await admin.get(BASE).query({ limit: 2 })).body as AdminWinePage;
    const third = (await admin.get(BASE).query({ limit: 2, offset: 4 })).body as AdminWinePage;

    expect(first.items.map((w) => w.name)).toEqual(['Vin 5', 'Vin 4']);
    expect(first).toMatchObject({ total: 5, limit: 2, offset: 0 });
    expect(third.items.map((w) => w.name)).toEqual(['Vin 1']);
    expect(third).toMatchObject({ total: 5, limit: 2, offset: 4 });
  });

  it.each([
    ['limit=0', 'query.limit'],
    ['limit=101', 'query.limit'],
    ['offset=-1', 'query.offset'],
    ['approvalStatus=published', 'query.approvalStatus'],
    ['category=RED', 'query.category'],
    ['source=import', 'query.source'],
    ['sort=name', 'query'],
  ])('answers 400 for ?%s', async (query, path) => {
    const res = await admin.get(`${BASE}?${query}`);
    expect(res.status).toBe(400);
    expect(Object.keys(detailsOf(res.body))).toContain(path);
  });
});

describe('GET /api/admin/wines/:id', () => {
  it('requires an admin', async () => {
    const wine = await buildWine(getDb().db);
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.get(`${BASE}/${wine.id}`)).status).toBe(403);
  });

  it('returns any wine, also a draft the public cannot see', async () => {
    const wine = await buildWine(getDb().db, { name: 'Utkastvin', approval_status: 'draft', source: 'partner', rejection_reason: null });

    const res = await admin.get(`${BASE}/${wine.id}`);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AdminWine.strict().parse(res.body)).toMatchObject({
      id: wine.id,
      name: 'Utkastvin',
      approvalStatus: 'draft',
      source: 'partner',
      rejectionReason: null,
    });
    expect((await browserAgent(app).get(`/api/wines/${wine.id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown id and for a malformed one', async () => {
    for (const id of [unknownId(), 'inte-ett-id']) {
      const res = await admin.get(`${BASE}/${id}`);
      expect(res.status).toBe(404);
      expectError(res.body);
    }
  });
});

describe('POST /api/admin/wines', () => {
  it('requires an admin', async () => {
    expect((await browserAgent(app).post(BASE).send(minimal())).status).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    expect((await agent.post(BASE).send(minimal())).status).toBe(403);
    expect(await wineCount()).toBe(0);
  });

  it("creates an approved admin wine with the form's defaults and records it in the audit log", async () => {
    const res = await admin.post(BASE).send(minimal());

    expect(res.status).toBe(201);
    const wine = AdminWine.strict().parse(res.body);
    expect(res.headers.location).toBe(`${BASE}/${wine.id}`);
    expect(wine).toMatchObject({
      name: 'Château Testvin',
      description: 'Mörka bär och lakrits.',
      price: 199,
      rating: 4,
      vintage: YEAR,
      categories: [],
      approvalStatus: 'approved',
      source: 'admin',
      isGranskadVinpressen: false,
      alcoholContent: null,
      imageUrl: null,
      sweetness: null,
      foodPairings: [],
      occasions: [],
    });
    const stored = await getDb().db('wines').where('id', wine.id).first();
    expect(stored).toMatchObject({ source: 'admin', approval_status: 'approved', price: 199, producer_rating: 4, rating: null, vintage: YEAR });
    expect(await auditRows()).toEqual([
      { action: 'wine.create', entity_type: 'wine', entity_id: wine.id, summary: 'Lade till "Château Testvin"', actor_id: adminId },
    ]);
  });

  it('stores every field of the form, and the approved wine shows on the public site', async () => {
    const res = await admin.post(BASE).send({
      name: '  Riesling Kabinett  ',
      description: 'Lime och petroleum.',
      price: 129.5,
      rating: 4.5,
      categories: ['FYND', 'NYLANSERAD', 'FYND'],
      vintage: 2019,
      country: 'Tyskland',
      region: 'Mosel',
      grapeVariety: 'Riesling',
      alcoholContent: '8,5',
      systembolagetUrl: 'https://www.systembolaget.se/12345',
      imageUrl: 'https://cdn.example.se/riesling.jpg',
      sweetness: 3,
      acidity: 5,
      body: 2,
      tannins: null,
      fruity: '4',
      foodPairings: ['fish', 'seafood', 'fish'],
      occasions: ['lunch', 'outdoor'],
      approvalStatus: 'approved',
      isGranskadVinpressen: true,
      // Fields the form may send back that are not the admin's to set: ignored.
      id: unknownId(),
      source: 'systembolaget',
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Riesling Kabinett',
      price: 129.5,
      rating: 4.5,
      categories: ['FYND', 'NYLANSERAD'],
      vintage: 2019,
      country: 'Tyskland',
      region: 'Mosel',
      grapeVariety: 'Riesling',
      alcoholContent: 8.5,
      systembolagetUrl: 'https://www.systembolaget.se/12345',
      imageUrl: 'https://cdn.example.se/riesling.jpg',
      sweetness: 3,
      acidity: 5,
      body: 2,
      tannins: null,
      fruity: 4,
      foodPairings: ['fish', 'seafood'],
      occasions: ['lunch', 'outdoor'],
      isGranskadVinpressen: true,
      source: 'admin',
    });
    const pub = await browserAgent(app).get(`/api/wines/${res.body.id}`);
    expect(pub.status).toBe(200);
    expect(pub.body.name).toBe('Riesling Kabinett');
  });

  it.each([
    ['299 kr', 299],
    ['129,50 kr', 129.5],
    ['129.5', 129.5],
    ['1 299 kr', 1299],
    ['1\u00a0299,90 kr', 1299.9],
    ['1.299,50 kr', 1299.5],
    ['89:-', 89],
    ['SEK 450', 450],
    [75, 75],
    [99.99, 99.99],
  ])('reads the price %j as %d SEK', async (price, sek) => {
    const res = await admin.post(BASE).send(minimal({ price }));
    expect(res.status).toBe(201);
    expect(res.body.price).toBe(sek);
    expect(Number((await getDb().db('wines').where('id', res.body.id).first()).price)).toBe(sek);
  });

  it.each([
    ['gratis', M.priceUnreadable],
    ['12,345 kr', M.priceDecimals],
    ['1.299', M.priceDecimals],
    [12.345, M.priceDecimals],
    ['-50 kr', M.priceUnreadable],
    [0, M.pricePositive],
    ['', M.priceRequired],
    [20_000_000, M.priceTooHigh],
    [true, M.priceRequired],
  ])('answers 400 for the price %j and stores nothing', async (price, message) => {
    const res = await admin.post(BASE).send(minimal({ price }));
    expect(res.status).toBe(400);
    expect(detailsOf(res.body)['body.price']).toBe(message);
    expect(await wineCount()).toBe(0);
    expect(await auditRows()).toEqual([]);
  });

  it('names each missing required field in Swedish', async () => {
    const res = await admin.post(BASE).send({ name: '   ', rating: 4 });
    expect(res.status).toBe(400);
    expect(detailsOf(res.body)).toEqual({
      'body.name': M.nameRequired,
      'body.description': M.descriptionRequired,
      'body.price': M.priceRequired,
    });
  });

  it.each([
    ['rating', 0, M.ratingRange],
    ['rating', 5.5, M.ratingRange],
    ['rating', 3.25, M.ratingStep],
    ['vintage', 1899, M.vintageRange(YEAR)],
    ['vintage', YEAR + 1, M.vintageRange(YEAR)],
    ['vintage', 2019.5, M.vintageType],
    ['categories', ['FYND', 'RÖTT'], M.categoryUnknown],
    ['alcoholContent', 101, M.alcoholRange],
    ['alcoholContent', 'stark', M.alcoholRange],
    ['sweetness', 6, M.scaleRange],
    ['tannins', 2.5, M.scaleRange],
    ['approvalStatus', 'draft', M.approvalStatusAdmin],
    ['systembolagetUrl', 'javascript:alert(1)', M.urlInvalid],
    ['systembolagetUrl', 'systembolaget.se/123', M.urlInvalid],
    ['imageUrl', 'data:image/png;base64,iVBORw0KGgo=', M.imageDataUrl],
    ['imageUrl', 'http://example.se/bild.jpg', M.imageUrlInvalid],
    ['imageUrl', '/uploads/bild.jpg', M.imageUrlInvalid],
    ['isGranskadVinpressen', 'ja', 'Ange ja eller nej.'],
  ])('answers 400 when %s is %j', async (field, value, message) => {
    const res = await admin.post(BASE).send(minimal({ [field]: value }));
    expect(res.status).toBe(400);
    const details = detailsOf(res.body);
    const key = Object.keys(details).find((k) => k === `body.${field}` || k.startsWith(`body.${field}.`));
    expect(key, JSON.stringify(details)).toBeDefined();
    expect(details[key!]).toBe(message);
    expect(await wineCount()).toBe(0);
  });

  it("reads empty form fields as 'not given'", async () => {
    const res = await admin.post(BASE).send(minimal({ alcoholContent: '', region: '', systembolagetUrl: '', imageUrl: '', sweetness: '' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ alcoholContent: null, region: null, systembolagetUrl: null, imageUrl: null, sweetness: null });
  });

  it('refuses food pairings and occasions outside the known lists', async () => {
    const res = await admin.post(BASE).send(minimal({ foodPairings: ['fish', 'glass'], occasions: ['brunch'] }));
    expect(res.status).toBe(400);
    expect(detailsOf(res.body)).toEqual({
      'body.foodPairings.1': M.foodPairingUnknown('glass'),
      'body.occasions.0': M.occasionUnknown('brunch'),
    });
    expect(await wineCount()).toBe(0);
  });

  it('accepts an uploaded image by its URL, and refuses an image id that does not exist', async () => {
    const upload = await admin.post('/api/admin/images').set('X-Vinpressen-Upload', '1').attach('image', tinyPng(), 'flaska.png');
    expect(upload.status).toBe(201);

    const ok = await admin.post(BASE).send(minimal({ imageUrl: upload.body.url }));
    const missing = await admin.post(BASE).send(minimal({ imageUrl: `/api/images/${unknownId()}` }));

    expect(ok.status).toBe(201);
    expect(ok.body.imageUrl).toBe(upload.body.url);
    expect(missing.status).toBe(400);
    expect(detailsOf(missing.body)).toEqual({ 'body.imageUrl': M.imageMissing });
    expect(await wineCount()).toBe(1);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await admin.post(BASE).set('Content-Type', 'application/json').send('{"name": ');
    expect(res.status).toBe(400);
    expectError(res.body);
  });
});

describe('PUT /api/admin/wines/:id', () => {
  it('requires an admin', async () => {
    const wine = await buildWine(getDb().db);
    const { agent } = await signedInAgent(app, getDb().db, 'partner');
    expect((await agent.put(`${BASE}/${wine.id}`).send(minimal())).status).toBe(403);
  });

  it('replaces the fields given, keeps the others, and records the change', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, {
      name: 'Gammalt namn',
      producer_rating: 3,
      vintage: 2018,
      region: 'Rhône',
      categories: ['FYND'],
      image_url: 'https://cdn.example.se/a.jpg',
    });

    const res = await admin.put(`${BASE}/${wine.id}`).send({
      name: 'Nytt namn',
      description: 'Ny beskrivning.',
      price: '249,00 kr',
      categories: ['FOLKETS_VAL'],
      region: '',
      isGranskadVinpressen: true,
    });

    expect(res.status).toBe(200);
    expect(AdminWine.strict().parse(res.body)).toMatchObject({
      id: wine.id,
      name: 'Nytt namn',
      description: 'Ny beskrivning.',
      price: 249,
      categories: ['FOLKETS_VAL'],
      region: null,
      isGranskadVinpressen: true,
      // kept:
      rating: 3,
      vintage: 2018,
      imageUrl: 'https://cdn.example.se/a.jpg',
      approvalStatus: 'approved',
      source: 'admin',
    });
    const stored = await db('wines').where('id', wine.id).first();
    expect(stored.version).toBe(wine.version + 1);
    expect(await auditRows()).toEqual([
      { action: 'wine.update', entity_type: 'wine', entity_id: wine.id, summary: 'Uppdaterade "Nytt namn"', actor_id: adminId },
    ]);
  });

  it("keeps a partner wine's status when the form leaves it out, and names a status change in the log", async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Partnervin', approval_status: 'pending', source: 'partner' });

    const kept = await admin.put(`${BASE}/${wine.id}`).send(minimal({ name: 'Partnervin' }));
    const approved = await admin.put(`${BASE}/${wine.id}`).send(minimal({ name: 'Partnervin', approvalStatus: 'approved' }));

    expect(kept.body).toMatchObject({ approvalStatus: 'pending', source: 'partner' });
    expect(approved.body).toMatchObject({ approvalStatus: 'approved', source: 'partner' });
    expect((await auditRows()).map((r) => r.summary)).toEqual(['Uppdaterade "Partnervin"', 'Uppdaterade "Partnervin" (status: Väntar → Godkänd)']);
  });

  it("accepts a draft's own status unchanged but refuses to set draft", async () => {
    const { db } = getDb();
    const draft = await buildWine(db, { approval_status: 'draft', source: 'partner' });
    const approved = await buildWine(db);

    const same = await admin.put(`${BASE}/${draft.id}`).send(minimal({ approvalStatus: 'draft' }));
    const toDraft = await admin.put(`${BASE}/${approved.id}`).send(minimal({ approvalStatus: 'draft' }));

    expect(same.status).toBe(200);
    expect(same.body.approvalStatus).toBe('draft');
    expect(toDraft.status).toBe(400);
    expect(detailsOf(toDraft.body)).toEqual({ 'body.approvalStatus': M.approvalStatusAdmin });
    const unknown = await admin.put(`${BASE}/${approved.id}`).send(minimal({ approvalStatus: 'published' }));
    expect(unknown.status).toBe(400);
    expect(detailsOf(unknown.body)).toEqual({ 'body.approvalStatus': M.approvalStatusAdmin });
    expect((await db('wines').where('id', approved.id).first()).approval_status).toBe('approved');
  });

  it('clears the rejection reason when a rejected wine is approved', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { approval_status: 'rejected', rejection_reason: 'Saknar druvsort', source: 'partner' });

    const res = await admin.put(`${BASE}/${wine.id}`).send(minimal({ approvalStatus: 'approved' }));

    expect(res.body).toMatchObject({ approvalStatus: 'approved', rejectionReason: null });
  });

  it('lets an imported wine keep food pairings outside the known list, but not gain new ones', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { source: 'systembolaget', food_pairings: ['meat', 'Grönsaker'] });

    const kept = await admin.put(`${BASE}/${wine.id}`).send(minimal({ foodPairings: ['Grönsaker', 'fish'] }));
    const added = await admin.put(`${BASE}/${wine.id}`).send(minimal({ foodPairings: ['Grönsaker', 'Dessert'] }));

    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ foodPairings: ['Grönsaker', 'fish'], source: 'systembolaget' });
    expect(added.status).toBe(400);
    expect(detailsOf(added.body)).toEqual({ 'body.foodPairings.1': M.foodPairingUnknown('Dessert') });
  });

  it('answers 400 without the required fields and changes nothing', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Orört' });

    const res = await admin.put(`${BASE}/${wine.id}`).send({ name: '', price: 'mycket' });

    expect(res.status).toBe(400);
    expect(detailsOf(res.body)).toEqual({ 'body.name': M.nameRequired, 'body.price': M.priceUnreadable, 'body.description': M.descriptionRequired });
    expect((await db('wines').where('id', wine.id).first()).name).toBe('Orört');
    expect(await auditRows()).toEqual([]);
  });

  it('answers 404 for an unknown wine', async () => {
    const res = await admin.put(`${BASE}/${unknownId()}`).send(minimal());
    expect(res.status).toBe(404);
    expect(expectError(res.body)).toMatchObject({ code: 'wine_not_found', message: M.notFound });
    expect(await auditRows()).toEqual([]);
  });
});

describe('DELETE /api/admin/wines/:id', () => {
  it('requires an admin', async () => {
    const wine = await buildWine(getDb().db);
    expect((await browserAgent(app).delete(`${BASE}/${wine.id}`)).status).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.delete(`${BASE}/${wine.id}`)).status).toBe(403);
    expect(await wineCount()).toBe(1);
  });

  it('deletes the wine with its reviews, expert reviews and slider places, and says so', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Borttaget vin' });
    const other = await buildWine(db, { name: 'Kvar' });
    await buildReview(db, { wine_id: wine.id });
    await buildReview(db, { wine_id: wine.id, status: 'pending' });
    await buildReview(db, { wine_id: other.id });
    await buildExpertReview(db, { wine_id: wine.id });
    await buildSliderEntry(db, { year: YEAR, month: 1, position: 1, wine_id: wine.id });
    await buildSliderEntry(db, { year: YEAR, month: 1, position: 2, wine_id: other.id });

    const res = await admin.delete(`${BASE}/${wine.id}`);

    expect(res.status).toBe(200);
    expect(AdminWineDeleted.parse(res.body)).toEqual({
      id: wine.id,
      name: 'Borttaget vin',
      removed: { reviews: 2, expertReviews: 1, sliderEntries: 1 },
    });
    expect(await db('wines').where('id', wine.id).first()).toBeUndefined();
    expect(await db('reviews').where('wine_id', wine.id)).toEqual([]);
    expect(await db('expert_reviews').where('wine_id', wine.id)).toEqual([]);
    expect(await db('slider_entries').where('wine_id', wine.id)).toEqual([]);
    // Nothing else went with it.
    expect(await db('reviews').where('wine_id', other.id)).toHaveLength(1);
    expect(await db('slider_entries').where('wine_id', other.id)).toHaveLength(1);
    expect(await auditRows()).toEqual([
      {
        action: 'wine.delete',
        entity_type: 'wine',
        entity_id: wine.id,
        summary: 'Tog bort "Borttaget vin" med 2 recensioner, 1 expertrecension, 1 sliderplats',
        actor_id: adminId,
      },
    ]);
    expect((await browserAgent(app).get(`/api/wines/${wine.id}`)).status).toBe(404);
  });

  it('answers 404 for an unknown wine, and for one already deleted', async () => {
    const wine = await buildWine(getDb().db, { name: 'En gång' });
    expect((await admin.delete(`${BASE}/${wine.id}`)).status).toBe(200);

    for (const id of [wine.id, unknownId()]) {
      const res = await admin.delete(`${BASE}/${id}`);
      expect(res.status).toBe(404);
      expect(expectError(res.body).code).toBe('wine_not_found');
    }
    expect((await auditRows()).map((r) => r.summary)).toEqual(['Tog bort "En gång"']);
  });
});

describe('parsePriceSek', () => {
  it('reads Swedish price texts and refuses guesses', () => {
    expect(parsePriceSek('299 kr')).toEqual({ ok: true, sek: 299 });
    expect(parsePriceSek('299,- ')).toEqual({ ok: true, sek: 299 });
    expect(parsePriceSek('1 299 kronor')).toEqual({ ok: true, sek: 1299 });
    expect(parsePriceSek('129,5')).toEqual({ ok: true, sek: 129.5 });
    expect(parsePriceSek(0.1 + 0.2)).toEqual({ ok: true, sek: 0.3 });
    expect(parsePriceSek('12 34').ok).toBe(false);
    expect(parsePriceSek('1,2,3').ok).toBe(false);
    expect(parsePriceSek('kr').ok).toBe(false);
  });
});
