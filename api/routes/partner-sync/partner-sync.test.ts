import { randomUUID } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_WINE_MESSAGES as W } from '../../contract/admin-wines';
import { PARTNER_MESSAGES } from '../../contract/partner-rules';
import { SyncAnswer, type SyncMutation } from '../../contract/partner-sync';
import { SYNC_MESSAGES } from '../../contract/sync-rules';
import { TEXT_MESSAGES } from '../../contract/text-rules';
import { pruneAppliedMutations } from '../../services/partner-sync';
import { buildImage, buildWine } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, signedInPartner, useTestDatabase } from '../../test/test-db';
import { CLIENT_WINE_ID_MESSAGE, wineIdForProductNumber } from '../../contract/wine-id';

// POST /api/partner/sync: exactly once, in seq order, field-level merge, per-mutation results.
const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
const PATH = '/api/partner/sync';

beforeAll(() => {
  app = createTestApp(getDb().db);
});

beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, wines, applied_mutations cascade');
});

type Agent = Awaited<ReturnType<typeof signedInPartner>>['agent'];
let seq = 0;

const newWine = { name: 'Tastingvin 2024', description: 'Noterat på mässan: körsbär och viol.', price: 189.5 };
const upsert = (wineId: string, patch: Record<string, unknown>, baseVersion = 0): SyncMutation => ({
  mutationId: randomUUID(),
  seq: ++seq,
  type: 'upsertWine',
  wineId,
  baseVersion,
  patch,
});
const submit = (wineId: string, baseVersion: number): SyncMutation => ({
  mutationId: randomUUID(),
  seq: ++seq,
  type: 'submitWine',
  wineId,
  baseVersion,
});

async function sync(agent: Agent, mutations: SyncMutation[], clientId = 'device-a') {
  const res = await agent.post(PATH).send({ clientId, mutations });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return SyncAnswer.parse(res.body).results;
}

const remove = (wineId: string, baseVersion: number): SyncMutation => ({
  mutationId: randomUUID(),
  seq: ++seq,
  type: 'deleteWine',
  wineId,
  baseVersion,
});

const wineRow = (id: string) => getDb().db('wines').where({ id }).first();
const mutationRows = () =>
  getDb()
    .db('applied_mutations')
    .count<{ count: string }[]>('* as count')
    .then((r) => Number(r[0]!.count));

describe('POST /api/partner/sync', () => {
  it('requires a signed-in partner', async () => {
    const body = { clientId: 'd', mutations: [upsert(randomUUID(), newWine)] };
    expect((await browserAgent(app).post(PATH).send(body)).status).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.post(PATH).send(body)).status).toBe(403);
    expect(await mutationRows()).toBe(0);
  });

  it('refuses a malformed batch with 400 and writes nothing', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    for (const body of [
      {},
      { clientId: 'd', mutations: [] },
      { clientId: 'bad id!', mutations: [upsert(randomUUID(), newWine)] },
      { clientId: 'd', mutations: [{ ...upsert(randomUUID(), newWine), mutationId: 'nope' }] },
      { clientId: 'd', mutations: [{ ...upsert(randomUUID(), newWine), type: 'renameWine' }] },
    ]) {
      const res = await agent.post(PATH).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await mutationRows()).toBe(0);
  });

  it('rejects a new wine under an id the importer makes (UUID v5) and applies the rest of the batch', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const importerId = wineIdForProductNumber('105501');
    const fine = randomUUID();
    const [bad, good] = await sync(agent, [upsert(importerId, newWine), upsert(fine, newWine)]);
    expect(bad).toMatchObject({ status: 'rejected', error: CLIENT_WINE_ID_MESSAGE });
    expect(good).toMatchObject({ status: 'applied' });
    expect(await wineRow(importerId)).toBeUndefined();
    expect(await wineRow(fine)).toBeDefined();
  });

  it('creates a wine under the id the device chose, as a draft of the partner', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const [result] = await sync(agent, [upsert(id, { ...newWine, price: '189,50 kr', foodPairings: ['cheese'] })]);
    expect(result).toMatchObject({ status: 'applied', version: 1, approvalStatus: 'draft' });
    expect(await wineRow(id)).toMatchObject({
      name: newWine.name,
      price: 189.5,
      owner_user_id: user.id,
      source: 'partner',
      approval_status: 'draft',
      food_pairings: ['cheese'],
    });
  });

  it('answers a repeated mutation id with the stored result and changes nothing (lost acknowledgement)', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const create = upsert(id, newWine);
    const edit = upsert(id, { price: 200 }, 1);
    const first = await sync(agent, [create, edit]);
    const before = await wineRow(id);
    const replay = await sync(agent, [create, edit]);
    expect(replay).toEqual(first);
    const after = await wineRow(id);
    expect(after.version).toBe(before.version);
    expect(after.updated_at).toEqual(before.updated_at);
    expect(
      await getDb()
        .db('wines')
        .count<{ count: string }[]>('* as count')
        .then((r) => Number(r[0]!.count)),
    ).toBe(1);
    expect(await mutationRows()).toBe(2);
  });

  it('applies mutations in seq order whatever order they arrive in (create + 3 edits)', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const create = upsert(id, newWine);
    const e1 = upsert(id, { price: 150 }, 0);
    const e2 = upsert(id, { price: 160, region: 'Rioja' }, 0);
    const e3 = upsert(id, { price: 170 }, 0);
    const results = await sync(agent, [e3, e1, create, e2]);
    expect(results.map((r) => r.mutationId)).toEqual([create, e1, e2, e3].map((m) => m.mutationId));
    // The device's own earlier edits never conflict with its later ones, whatever base they carry.
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(await wineRow(id)).toMatchObject({ price: 170, region: 'Rioja', version: 4 });
  });

  it('rejects one bad mutation with its reason and still applies the rest', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const results = await sync(agent, [
      upsert(id, newWine),
      upsert(id, { rating: 9, price: 'gratis' }, 1),
      upsert(id, { colour: 'röd' }, 1),
      upsert(id, { description: 'Bättre beskrivning.' }, 1),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'applied']);
    expect(results[1]!.error).toContain('rating: Betyget måste vara mellan 1 och 5.');
    expect(results[1]!.error).toContain('price: Priset går inte att läsa');
    expect(results[2]!.error).toBe(SYNC_MESSAGES.unknownField('colour'));
    expect(await wineRow(id)).toMatchObject({ description: 'Bättre beskrivning.', price: 189.5, producer_rating: 4, rating: null });
    const [incomplete] = await sync(agent, [upsert(randomUUID(), { name: 'Bara ett namn' })]);
    expect(incomplete).toMatchObject({ status: 'rejected' });
    expect(incomplete!.error).toContain('description: Beskrivning krävs');
  });

  it("answers another partner's wine exactly as a missing one and changes nothing", async () => {
    const { db } = getDb();
    const other = await signedInPartner(app, db);
    const wine = await buildWine(db, { source: 'partner', owner_user_id: other.user.id, approval_status: 'draft', name: 'Annans vin' });
    const { agent } = await signedInPartner(app, db);
    const missing = randomUUID();
    const results = await sync(agent, [
      upsert(wine.id, { name: 'Kapat' }, wine.version),
      upsert(missing, { name: 'Kapat' }, wine.version),
      submit(wine.id, wine.version),
      submit(missing, wine.version),
    ]);
    const [theirEdit, missingEdit, theirSubmit, missingSubmit] = results.map(({ mutationId, ...rest }) => rest);
    expect(theirEdit).toEqual(missingEdit);
    expect(theirEdit).toMatchObject({ status: 'rejected' });
    expect(theirEdit!.error).toContain('description: Beskrivning krävs');
    expect(theirSubmit).toEqual(missingSubmit);
    expect(theirSubmit).toEqual({ status: 'rejected', error: SYNC_MESSAGES.wineNotFound });
    // A whole form under its id cannot create a wine there either: the id is not the partner's.
    const [create] = await sync(agent, [upsert(wine.id, { ...newWine, name: 'Kapat' })]);
    expect(create).toMatchObject({ status: 'rejected', error: SYNC_MESSAGES.wineNotFound });
    expect(await wineRow(wine.id)).toMatchObject({ name: 'Annans vin', approval_status: 'draft', version: wine.version });
    expect(await wineRow(missing)).toBeUndefined();
  });

  it("finds only partner wines, like the REST routes: a wine of another source is not the partner's, whoever it names", async () => {
    const { db } = getDb();
    const { agent, user } = await signedInPartner(app, db);
    const adminWine = await buildWine(db, { source: 'admin', owner_user_id: user.id, approval_status: 'draft', name: 'Redaktionens vin' });
    const [edit, create, submitted] = await sync(agent, [
      upsert(adminWine.id, { price: 99 }, adminWine.version),
      upsert(adminWine.id, { ...newWine, name: 'Kapat' }),
      submit(adminWine.id, adminWine.version),
    ]);
    expect(edit).toMatchObject({ status: 'rejected' });
    expect(create).toMatchObject({ status: 'rejected', error: SYNC_MESSAGES.wineNotFound });
    expect(submitted).toMatchObject({ status: 'rejected', error: SYNC_MESSAGES.wineNotFound });
    expect((await agent.put(`/api/partner/wines/${adminWine.id}`).send(newWine)).status).toBe(404);
    expect((await agent.post(`/api/partner/wines/${adminWine.id}/submit`)).status).toBe(404);
    expect(await wineRow(adminWine.id)).toMatchObject({ name: 'Redaktionens vin', price: 149, approval_status: 'draft', version: 1 });
  });

  it('rejects queued edits of a wine that left draft, with the reason, never silently', async () => {
    const { db } = getDb();
    const { agent, user } = await signedInPartner(app, db);
    for (const status of ['pending', 'approved', 'rejected'] as const) {
      const wine = await buildWine(db, { source: 'partner', owner_user_id: user.id, approval_status: status });
      const [result] = await sync(agent, [upsert(wine.id, { price: 99 }, wine.version)]);
      expect(result).toMatchObject({ status: 'rejected', approvalStatus: status });
      expect(result!.error).toContain(PARTNER_MESSAGES.notEditable);
      expect((await wineRow(wine.id)).price).toBe(149);
    }
  });

  it('submits a draft once; a second submit is rejected as already submitted', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const results = await sync(agent, [upsert(id, newWine), submit(id, 1), submit(id, 1)]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'rejected']);
    expect(results[1]).toMatchObject({ approvalStatus: 'pending', version: 2 });
    expect(results[2]!.error).toContain(PARTNER_MESSAGES.alreadySubmitted);
    const row = await wineRow(id);
    expect(row.approval_status).toBe('pending');
    expect(row.submitted_at).not.toBeNull();
  });

  it.each([
    ['a blank description', { description: '   ' }, ['description']],
    ['no rating', { producer_rating: null }, ['rating']],
  ])('refuses the same not-ready draft as the REST submit, for the same reason: %s', async (_, columns, missing) => {
    const { db } = getDb();
    const { agent, user } = await signedInPartner(app, db);
    const wine = await buildWine(db, { source: 'partner', owner_user_id: user.id, approval_status: 'draft', producer_rating: 4, ...columns });
    const rest = await agent.post(`/api/partner/wines/${wine.id}/submit`);
    expect(rest.status).toBe(400);
    expect(rest.body.error).toMatchObject({
      code: 'submit_not_ready',
      message: PARTNER_MESSAGES.submitNotReady,
      details: missing.map((path) => ({ path, message: PARTNER_MESSAGES.submitNotReady })),
    });
    const [synced] = await sync(agent, [submit(wine.id, wine.version)]);
    expect(synced).toMatchObject({ status: 'rejected', version: 1, approvalStatus: 'draft', error: PARTNER_MESSAGES.submitNotReady });
    expect(await wineRow(wine.id)).toMatchObject({ approval_status: 'draft', submitted_at: null, version: 1 });
  });

  it('holds images to the REST rule: an uploaded image must exist, on a new wine and in an edit', async () => {
    const { db } = getDb();
    const { agent } = await signedInPartner(app, db);
    const gone = `/api/images/${randomUUID()}`;
    const image = await buildImage(db);
    const [fresh, withImage, drafted] = [randomUUID(), randomUUID(), randomUUID()];
    const results = await sync(agent, [
      upsert(fresh, { ...newWine, imageUrl: gone }),
      upsert(withImage, { ...newWine, imageUrl: image.url }),
      upsert(drafted, newWine),
      upsert(drafted, { imageUrl: gone, price: 120 }, 1),
    ]);
    const reason = `imageUrl: ${W.imageMissing}`;
    expect(results.map(({ mutationId, ...rest }) => rest)).toEqual([
      { status: 'rejected', error: reason },
      { status: 'applied', version: 1, approvalStatus: 'draft' },
      { status: 'applied', version: 1, approvalStatus: 'draft' },
      { status: 'rejected', version: 1, approvalStatus: 'draft', error: reason },
    ]);
    expect(await wineRow(fresh)).toBeUndefined();
    expect(await wineRow(withImage)).toMatchObject({ image_url: image.url });
    expect(await wineRow(drafted)).toMatchObject({ image_url: null, price: 189.5, version: 1 });
    // The form refuses the same address with the same message.
    const rest = await agent.post('/api/partner/wines').send({ ...newWine, imageUrl: gone });
    expect(rest.status).toBe(400);
    expect(rest.body.error.details).toEqual([{ path: 'body.imageUrl', message: W.imageMissing }]);
  });

  it('merges fields changed on different sides and reports a field changed on both as a conflict', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await sync(agent, [upsert(id, newWine)], 'phone');
    // The tablet, also at version 1, changes the price and the region.
    const [tablet] = await sync(agent, [upsert(id, { price: 210, region: 'Toscana' }, 1)], 'tablet');
    expect(tablet).toMatchObject({ status: 'applied', version: 2 });
    // The phone, still at version 1: its price edit meets the tablet's (conflict, server keeps 210); its vintage and
    // description merge silently; its region equals the tablet's (no conflict).
    const [phone] = await sync(agent, [upsert(id, { price: 199, vintage: 2021, description: 'Från telefonen.', region: 'Toscana' }, 1)], 'phone');
    expect(phone).toMatchObject({ status: 'conflict', version: 3, conflicts: [{ field: 'price', serverValue: 210, clientValue: 199 }] });
    expect(await wineRow(id)).toMatchObject({ price: 210, vintage: 2021, description: 'Från telefonen.', region: 'Toscana' });
    // The partner picks the phone's price: a new mutation on the current version applies.
    const [choice] = await sync(agent, [upsert(id, { price: 199 }, 3)], 'phone');
    expect(choice).toMatchObject({ status: 'applied', version: 4 });
    expect((await wineRow(id)).price).toBe(199);
  });

  it('sees edits by other writers (no sync client) as the server side of a conflict', async () => {
    const { db } = getDb();
    const { agent } = await signedInPartner(app, db);
    const id = randomUUID();
    await sync(agent, [upsert(id, newWine)]);
    await db('wines').where({ id }).update({ name: 'Rättat av redaktionen' });
    const [result] = await sync(agent, [upsert(id, { name: 'Mitt namn', price: 120 }, 1)]);
    expect(result).toMatchObject({
      status: 'conflict',
      conflicts: [{ field: 'name', serverValue: 'Rättat av redaktionen', clientValue: 'Mitt namn' }],
    });
    expect(await wineRow(id)).toMatchObject({ name: 'Rättat av redaktionen', price: 120 });
  });

  it('never runs a mutation id stored for another user', async () => {
    const { db } = getDb();
    const a = await signedInPartner(app, db);
    const b = await signedInPartner(app, db);
    const id = randomUUID();
    const create = upsert(id, newWine);
    await sync(a.agent, [create]);
    const [result] = await sync(b.agent, [{ ...create, patch: { ...newWine, name: 'B:s namn' } }]);
    expect(result).toMatchObject({ status: 'rejected', error: SYNC_MESSAGES.otherAccount });
    expect(await wineRow(id)).toMatchObject({ name: newWine.name, owner_user_id: a.user.id });
  });

  it('applies a batch sent twice at once exactly once', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const batch = [upsert(id, newWine), upsert(id, { price: 120 }, 1), upsert(id, { price: 130 }, 1)];
    const answers = await Promise.all([
      agent.post(PATH).send({ clientId: 'd', mutations: batch }),
      agent.post(PATH).send({ clientId: 'd', mutations: batch }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const final = await sync(agent, batch, 'd');
    for (const res of answers) expect(SyncAnswer.parse(res.body).results).toEqual(final);
    expect(await wineRow(id)).toMatchObject({ price: 130, version: 3 });
    expect(await mutationRows()).toBe(3);
  });
});

describe("POST /api/partner/sync: 'deleteWine'", () => {
  it('refuses a deletion whose wineId or mutationId is not a UUID (400) and deletes nothing', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await sync(agent, [upsert(id, newWine)]);
    for (const bad of [
      { ...remove(id, 1), wineId: 'not-a-uuid' },
      { ...remove(id, 1), mutationId: '42' },
    ]) {
      const res = await agent.post(PATH).send({ clientId: 'd', mutations: [bad] });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    expect(await wineRow(id)).toMatchObject({ approval_status: 'draft' });
  });

  it('deletes the draft and stores the result with the mutation', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const [created] = await sync(agent, [upsert(id, newWine)]);
    expect(created).toMatchObject({ status: 'applied', version: 1 });
    const del = remove(id, 1);
    const [result] = await sync(agent, [del]);
    expect(result).toEqual({ mutationId: del.mutationId, status: 'applied' });
    expect(await wineRow(id)).toBeUndefined();
    expect(await getDb().db('applied_mutations').where({ mutation_id: del.mutationId }).first()).toMatchObject({
      user_id: user.id,
      wine_id: id,
      type: 'deleteWine',
      status: 'applied',
    });
  });

  it('applies a create, its edits and its deletion queued offline in one batch, in seq order', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const batch = [upsert(id, newWine), upsert(id, { price: 99 }, 0), remove(id, 0)];
    const results = await sync(agent, [...batch].reverse());
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await wineRow(id)).toBeUndefined();
  });

  it('applies the same deletion once: a replay answers the stored result and never deletes the id again', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await sync(agent, [upsert(id, newWine)]);
    const del = remove(id, 1);
    const first = await sync(agent, [del]);
    // The id names a wine again (the device created it anew): replaying the old deletion must leave it.
    await sync(agent, [upsert(id, { ...newWine, name: 'Samma id, nytt vin' })]);
    const replay = await sync(agent, [del]);
    expect(replay).toEqual(first);
    expect(await wineRow(id)).toMatchObject({ name: 'Samma id, nytt vin', approval_status: 'draft' });
    expect(await getDb().db('applied_mutations').where({ mutation_id: del.mutationId }).count('* as n').first()).toEqual({ n: 1 });
  });

  it('applies the same deletion sent twice at once exactly once', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await sync(agent, [upsert(id, newWine)]);
    const del = remove(id, 1);
    const answers = await Promise.all([1, 2].map(() => agent.post(PATH).send({ clientId: 'd', mutations: [del] })));
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => SyncAnswer.parse(r.body).results)).toEqual([
      [{ mutationId: del.mutationId, status: 'applied' }],
      [{ mutationId: del.mutationId, status: 'applied' }],
    ]);
    expect(await wineRow(id)).toBeUndefined();
    expect(await mutationRows()).toBe(2);
  });

  it.each(['pending', 'approved', 'rejected'] as const)('rejects deleting a %s wine with the reason and leaves it', async (status) => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const wine = await buildWine(getDb().db, { source: 'partner', owner_user_id: user.id, approval_status: status });
    const del = remove(wine.id, 1);
    const [result] = await sync(agent, [del]);
    expect(result).toMatchObject({ status: 'rejected', approvalStatus: status, version: 1 });
    expect(result!.error).toContain(PARTNER_MESSAGES.notDeletable);
    expect(await wineRow(wine.id)).toMatchObject({ approval_status: status, version: 1 });
  });

  it("leaves another partner's wine alone (nothing of the caller's to delete) and still applies the rest of the batch", async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const other = await signedInPartner(app, getDb().db);
    const theirs = randomUUID();
    await sync(other.agent, [upsert(theirs, newWine)], 'device-b');
    const mine = randomUUID();
    const results = await sync(agent, [remove(theirs, 1), upsert(mine, newWine)]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    expect(await wineRow(theirs)).toMatchObject({ owner_user_id: other.user.id, name: newWine.name, version: 1 });
    expect(await wineRow(mine)).toMatchObject({ approval_status: 'draft' });
  });

  it('answers a deletion of a wine that never reached the server (its create was refused) as applied, deleting nothing', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const [create, del] = await sync(agent, [upsert(id, { name: 'Utan pris' }), remove(id, 0)]);
    expect(create).toMatchObject({ status: 'rejected' });
    expect(del).toMatchObject({ status: 'applied' });
    expect(await wineRow(id)).toBeUndefined();
  });
});

describe('POST /api/partner/sync with text Postgres cannot store', () => {
  const storedResults = async (ids: string[]) =>
    (await getDb().db('applied_mutations').whereIn('mutation_id', ids).select('mutation_id', 'status', 'result')).sort(
      (a, b) => ids.indexOf(a.mutation_id) - ids.indexOf(b.mutation_id),
    );

  it('rejects only the mutation with a NUL in its patch, applies the others, and answers a replay the same', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const [first, bad, third] = [randomUUID(), randomUUID(), randomUUID()];
    const batch = [upsert(first, newWine), upsert(bad, { ...newWine, name: 'Gift\u0000vin' }), upsert(third, { ...newWine, name: 'Tredje vinet' })];
    const results = await sync(agent, batch);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(results[1]!.error).toBe(`name: ${TEXT_MESSAGES.forbiddenCharacters}`);

    expect(await wineRow(first)).toMatchObject({ name: newWine.name, owner_user_id: user.id, approval_status: 'draft' });
    expect(await wineRow(bad)).toBeUndefined();
    expect(await wineRow(third)).toMatchObject({ name: 'Tredje vinet' });
    const stored = await storedResults(batch.map((m) => m.mutationId));
    expect(stored.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied']);
    expect(stored[1]!.result).toEqual(results[1]);

    expect(await sync(agent, batch)).toEqual(results);
    expect(await mutationRows()).toBe(3);
    expect(
      await getDb()
        .db('wines')
        .count<{ count: string }[]>('* as count')
        .then((r) => Number(r[0]!.count)),
    ).toBe(2);
  });

  it('rejects control characters in an edit of a stored draft, and in a field name, with the reason', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    const results = await sync(agent, [
      upsert(id, newWine),
      upsert(id, { description: 'Mörk frukt\u0085och fat.' }, 1),
      upsert(id, { region: 'Rio\u001bja', price: 120 }, 1),
      upsert(id, { 'na\u0000me': 'x' }, 1),
      upsert(id, { description: 'Rad ett\nRad två\tmed tabb.' }, 1),
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'rejected', 'applied']);
    expect(results[1]!.error).toBe(`description: ${TEXT_MESSAGES.forbiddenCharacters}`);
    expect(results[2]!.error).toBe(`region: ${TEXT_MESSAGES.forbiddenCharacters}`);
    expect(results[3]!.error).toBe(SYNC_MESSAGES.unknownField('na\\u0000me'));
    expect(await wineRow(id)).toMatchObject({ description: 'Rad ett\nRad två\tmed tabb.', region: null, price: 189.5 });
  });

  it('still refuses a control character outside the patches for the whole batch (400)', async () => {
    const { agent } = await signedInPartner(app, getDb().db);
    const res = await agent.post(PATH).send({ clientId: 'd', mutations: [{ ...upsert(randomUUID(), newWine), type: 'upsert\u0000Wine' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body.mutations.0.type', message: TEXT_MESSAGES.forbiddenCharacters }]);
    expect(await mutationRows()).toBe(0);
  });

  it('rejects a mutation whose values Postgres refuses (class 23), stores that result, and applies the rest', async () => {
    const { db } = getDb();
    // A rule the schemas do not know, so the mutation passes them and fails in Postgres (23514 check_violation).
    await db.raw(`alter table wines add constraint test_refused_name check (name <> 'Förbjudet namn')`);
    try {
      const { agent } = await signedInPartner(app, db);
      const [first, refused, third] = [randomUUID(), randomUUID(), randomUUID()];
      const batch = [
        upsert(first, newWine),
        upsert(refused, { ...newWine, name: 'Förbjudet namn' }),
        upsert(first, { price: 99 }, 1),
        upsert(third, newWine),
      ];
      const results = await sync(agent, batch);
      expect(results.map((r) => r.status)).toEqual(['applied', 'rejected', 'applied', 'applied']);
      expect(results[1]).toEqual({ mutationId: batch[1]!.mutationId, status: 'rejected', error: SYNC_MESSAGES.valueRefused });
      expect(await wineRow(refused)).toBeUndefined();
      expect(await wineRow(first)).toMatchObject({ price: 99, version: 2 });
      expect(await wineRow(third)).toBeDefined();
      expect((await storedResults([batch[1]!.mutationId]))[0]).toMatchObject({ status: 'rejected', result: results[1] });
      expect(await sync(agent, batch)).toEqual(results);
    } finally {
      await db.raw('alter table wines drop constraint if exists test_refused_name');
    }
  });

  it('fails the batch on any other database error (the device retries), keeping what committed before it', async () => {
    const { db } = getDb();
    await db.raw(`create or replace function test_sync_outage() returns trigger language plpgsql as $$
      begin if new.name = 'Avbrott' then raise exception 'simulated failure (P0001, not a data error)'; end if; return new; end $$`);
    await db.raw('create trigger test_sync_outage before insert on wines for each row execute function test_sync_outage()');
    try {
      const { agent } = await signedInPartner(app, db);
      const [first, failing] = [randomUUID(), randomUUID()];
      const batch = [upsert(first, newWine), upsert(failing, { ...newWine, name: 'Avbrott' })];
      const res = await agent.post(PATH).send({ clientId: 'd', mutations: batch });
      expect(res.status).toBe(500);
      expect(await wineRow(first)).toBeDefined();
      expect(await db('applied_mutations').pluck('mutation_id')).toEqual([batch[0]!.mutationId]);
    } finally {
      await db.raw('drop trigger if exists test_sync_outage on wines');
      await db.raw('drop function if exists test_sync_outage()');
    }
  });
});

describe('pruneAppliedMutations', () => {
  it('removes rows older than 30 days only', async () => {
    const { db } = getDb();
    const { agent } = await signedInPartner(app, db);
    const [oldOne, recent] = [upsert(randomUUID(), newWine), upsert(randomUUID(), newWine)];
    await sync(agent, [oldOne, recent]);
    await db('applied_mutations')
      .where({ mutation_id: oldOne.mutationId })
      .update({ created_at: db.raw(`now() - interval '31 days'`) });
    await db('applied_mutations')
      .where({ mutation_id: recent.mutationId })
      .update({ created_at: db.raw(`now() - interval '29 days'`) });
    expect(await pruneAppliedMutations(db)).toBe(1);
    expect(await db('applied_mutations').pluck('mutation_id')).toEqual([recent.mutationId]);
  });
});
