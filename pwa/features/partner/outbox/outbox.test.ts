import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES } from '../../../../api/contract/partner-rules';
import { browserAgent, createTestApp, signedInPartner, useTestDatabase } from '../../../../api/test/test-db';
import { db } from '../../../lib/db';
import { whenOutboxIdle } from './activity';
import type { PartnerWine, PartnerWineList } from '../../../../api/contract/partner';
import {
  deleteDraft,
  discardRow,
  duplicateDraft,
  exportSetAside,
  mirrorServerWines,
  pushOnce,
  resolveConflicts,
  saveDraft,
  StorageFullError,
  submitDraft,
  type SyncTransport,
} from './outbox';
import { SyncEngine } from './sync-engine';
import { useEmptyDevice, values } from './outbox-test-utils';

// The device side of the offline drafts against the real API and Postgres: IndexedDB is fake-indexeddb, the
// server is the real Koa app; the transport is a supertest agent carrying the partner's session cookie.
const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;

beforeAll(() => {
  app = createTestApp(getDb().db);
});

useEmptyDevice(() => getDb().db.raw('truncate users, sessions, rate_limits, wines, applied_mutations cascade'));

type Agent = ReturnType<typeof browserAgent>;
const via =
  (agent: Agent): SyncTransport =>
  async (body) => {
    const res = await agent.post('/api/partner/sync').send(body);
    return { status: res.status, body: res.body };
  };

const serverWine = (id: string) => getDb().db('wines').where({ id }).first();
const serverCount = async () => Number((await getDb().db('wines').count<{ c: string }[]>('* as c'))[0]!.c);

describe('saveDraft', () => {
  it('writes the draft and its outbox row together, and only the changed fields afterwards', async () => {
    const id = randomUUID();
    await saveDraft('u1', id, values());
    await saveDraft('u1', id, values({ price: 139 }));
    await saveDraft('u1', id, values({ price: 139 })); // unchanged: nothing queued
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.type, r.baseVersion, Object.keys(r.patch).length])).toEqual([
      ['upsertWine', 0, 18],
      ['upsertWine', 0, 1],
    ]);
    expect(rows[1]!.patch).toEqual({ price: 139 });
    expect(await db.drafts.get(id)).toMatchObject({ userId: 'u1', syncState: 'pending', serverVersion: 0, values: { price: 139 } });
  });

  it('blocks a save visibly when the device is full, and keeps neither half', async () => {
    const id = randomUUID();
    await saveDraft('u1', id, values());
    // The disk fills up: IndexedDB refuses the outbox row.
    const full = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
    db.outbox.hook('creating', full);
    try {
      await expect(saveDraft('u1', id, values({ price: 999 }))).rejects.toBeInstanceOf(StorageFullError);
    } finally {
      db.outbox.hook('creating').unsubscribe(full);
    }
    expect((await db.drafts.get(id))!.values.price).toBe(129);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('pushOnce against the real API', () => {
  it('sends a create and three edits in order; the server ends equal to the device', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    for (const price of [140, 150, 160]) await saveDraft(user.id, id, values({ price, region: `Rioja ${price}` }));
    expect(await pushOnce(user.id, via(agent))).toEqual({ kind: 'done', sent: 4 });
    expect(await db.outbox.count()).toBe(0);
    const draft = (await db.drafts.get(id))!;
    expect(draft).toMatchObject({ syncState: 'synced', serverVersion: 4 });
    expect(await serverWine(id)).toMatchObject({ price: 160, region: 'Rioja 160', owner_user_id: user.id, approval_status: 'draft', version: 4 });
  });

  it('survives a lost acknowledgement: the replay is answered from the stored results, nothing doubles', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await saveDraft(user.id, id, values({ price: 111 }));
    const lost: SyncTransport = async (body) => {
      await via(agent)(body); // the server applies it…
      throw new TypeError('Failed to fetch'); // …but the answer never arrives
    };
    expect(await pushOnce(user.id, lost)).toEqual({ kind: 'wait', error: 'Failed to fetch' });
    expect(await db.outbox.count()).toBe(2);
    expect(await pushOnce(user.id, via(agent))).toEqual({ kind: 'done', sent: 2 });
    expect(await serverCount()).toBe(1);
    expect(await serverWine(id)).toMatchObject({ price: 111, version: 2 });
    expect(
      await getDb()
        .db('applied_mutations')
        .count<{ c: string }[]>('* as c')
        .then((r) => Number(r[0]!.c)),
    ).toBe(2);
  });

  it('keeps the queue on 5xx and network errors, counting attempts', async () => {
    const { user } = await signedInPartner(app, getDb().db);
    await saveDraft(user.id, randomUUID(), values());
    const unavailable: SyncTransport = async () => ({ status: 503, body: 'Service Unavailable' });
    expect(await pushOnce(user.id, unavailable)).toEqual({ kind: 'wait', error: 'HTTP 503' });
    expect(await db.outbox.toArray()).toMatchObject([{ status: 'queued', attempts: 1 }]);
  });

  it('waits on a 401 and replays after the same user signs in again', async () => {
    const { db: pg } = getDb();
    const { user, password } = await signedInPartner(app, pg);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    const guest = browserAgent(app);
    expect(await pushOnce(user.id, via(guest))).toEqual({ kind: 'auth' });
    expect(await db.outbox.toArray()).toMatchObject([{ status: 'blocked_auth' }]);
    await guest.post('/api/auth/login').send({ email: user.email, password }).expect(200);
    expect(await pushOnce(user.id, via(guest))).toEqual({ kind: 'done', sent: 1 });
    expect(await serverWine(id)).toMatchObject({ owner_user_id: user.id });
  });

  it("never sends another account's rows: they are set aside and can be exported", async () => {
    const { db: pg } = getDb();
    const a = await signedInPartner(app, pg);
    const b = await signedInPartner(app, pg);
    const idA = randomUUID();
    await saveDraft(a.user.id, idA, values({ name: 'A:s vin' }));
    await saveDraft(b.user.id, randomUUID(), values({ name: 'B:s vin' }));
    expect(await pushOnce(b.user.id, via(b.agent))).toEqual({ kind: 'done', sent: 1 });
    expect(await pg('wines').pluck('name')).toEqual(['B:s vin']);
    expect(await db.outbox.toArray()).toMatchObject([{ entityId: idA, status: 'set_aside' }]);
    const exported = JSON.parse(await (await exportSetAside()).text());
    expect(exported.rows).toMatchObject([{ entityId: idA, userId: a.user.id }]);
    expect(exported.drafts[0].values.name).toBe('A:s vin');
    // A signs in on this device again: the rows go as A.
    expect(await pushOnce(a.user.id, via(a.agent))).toEqual({ kind: 'done', sent: 1 });
    expect(await serverWine(idA)).toMatchObject({ name: 'A:s vin', owner_user_id: a.user.id });
  });

  it('shows a conflict side by side and sends the chosen value as a new change', async () => {
    const { db: pg } = getDb();
    const { agent, user } = await signedInPartner(app, pg);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await pushOnce(user.id, via(agent));
    await pg('wines').where({ id }).update({ price: 175, region: 'Ribera del Duero' }); // edited elsewhere
    await saveDraft(user.id, id, values({ price: 135, vintage: 2021 })); // offline here, on version 1
    await pushOnce(user.id, via(agent));
    const draft = (await db.drafts.get(id))!;
    expect(draft.syncState).toBe('conflict');
    expect(draft.conflicts).toEqual([{ field: 'price', serverValue: 175, clientValue: 135 }]);
    expect(await serverWine(id)).toMatchObject({ price: 175, vintage: 2021, region: 'Ribera del Duero' });
    await resolveConflicts(user.id, id, { price: 'mine' });
    expect((await db.drafts.get(id))!.syncState).toBe('pending');
    await pushOnce(user.id, via(agent));
    expect(await serverWine(id)).toMatchObject({ price: 135 });
    const settled = (await db.drafts.get(id))!;
    expect(settled.syncState).toBe('synced');
    expect(settled.conflicts).toBeUndefined();
  });

  it('a rejected change does not block the rest; discarding it restores the server values', async () => {
    const { db: pg } = getDb();
    const { agent, user } = await signedInPartner(app, pg);
    const [first, second] = [randomUUID(), randomUUID()];
    await saveDraft(user.id, first, values({ name: 'Första' }));
    await saveDraft(user.id, second, values({ name: 'Andra' }));
    await pushOnce(user.id, via(agent));
    await pg('wines').where({ id: first }).update({ approval_status: 'pending' }); // submitted from another device
    await saveDraft(user.id, first, values({ name: 'Första, ändrad' }));
    await saveDraft(user.id, second, values({ name: 'Andra, ändrad' }));
    await pushOnce(user.id, via(agent));
    expect(await pg('wines').orderBy('name').pluck('name')).toEqual(['Andra, ändrad', 'Första']);
    const rejected = (await db.outbox.toArray())[0]!;
    expect(rejected).toMatchObject({ entityId: first, status: 'rejected' });
    expect(rejected.error).toContain(PARTNER_MESSAGES.notEditable);
    expect(await db.drafts.get(first)).toMatchObject({ syncState: 'rejected', approvalStatus: 'pending' });
    // Reading the wine list again keeps the rejected change and its reason on the device until the partner acts.
    await mirrorServerWines(user.id, ((await agent.get('/api/partner/wines').expect(200)).body as PartnerWineList).items);
    expect(await db.drafts.get(first)).toMatchObject({ syncState: 'rejected', approvalStatus: 'pending', values: { name: 'Första, ändrad' } });
    expect((await db.drafts.get(first))!.error).toContain(PARTNER_MESSAGES.notEditable);
    await discardRow(rejected.seq!);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.drafts.get(first)).toMatchObject({ syncState: 'synced', values: { name: 'Första' } });
  });

  it('submits a draft made offline once it is on the server', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await submitDraft(user.id, id);
    expect((await db.drafts.get(id))!.approvalStatus).toBe('pending');
    await pushOnce(user.id, via(agent));
    expect(await serverWine(id)).toMatchObject({ approval_status: 'pending' });
    expect(await db.drafts.get(id)).toMatchObject({ approvalStatus: 'pending', syncState: 'synced' });
  });
});

describe('deleting and copying drafts on the device', () => {
  const listed = async (agent: Agent): Promise<PartnerWine[]> => ((await agent.get('/api/partner/wines').expect(200)).body as PartnerWineList).items;
  /** The user's wines as the device lists them (what Mina viner shows). */
  const shown = async (userId: string) => (await db.drafts.where('userId').equals(userId).toArray()).filter((d) => !d.deleted);
  const appliedRows = () =>
    getDb()
      .db('applied_mutations')
      .count<{ c: string }[]>('* as c')
      .then((r) => Number(r[0]!.c));

  it('deletes a synced draft offline: hidden at once, deleted on the server at the next push, exactly once through a lost answer', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await pushOnce(user.id, via(agent));

    await deleteDraft(user.id, id);
    expect(await shown(user.id)).toEqual([]);
    expect(await db.outbox.toArray()).toMatchObject([{ type: 'deleteWine', entityId: id, baseVersion: 1, status: 'queued' }]);
    expect(await serverWine(id)).toBeDefined();

    const lost: SyncTransport = async (body) => {
      await via(agent)(body);
      throw new TypeError('Failed to fetch');
    };
    expect(await pushOnce(user.id, lost)).toEqual({ kind: 'wait', error: 'Failed to fetch' });
    expect(await serverWine(id)).toBeUndefined();
    // The replay of the same mutation id is answered from the stored result: no error, nothing applied twice.
    expect(await pushOnce(user.id, via(agent))).toEqual({ kind: 'done', sent: 1 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.drafts.get(id)).toMatchObject({ deleted: true, syncState: 'synced' });
    expect(await appliedRows()).toBe(2);

    // The next wine list no longer has it: the tombstone goes.
    await mirrorServerWines(user.id, await listed(agent));
    expect(await db.drafts.get(id)).toBeUndefined();
  });

  it('a wine list fetched before the deletion reached the server never brings the draft back', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await pushOnce(user.id, via(agent));
    const before = await listed(agent);
    await deleteDraft(user.id, id);
    await mirrorServerWines(user.id, before); // queued deletion
    expect(await shown(user.id)).toEqual([]);
    await pushOnce(user.id, via(agent));
    await mirrorServerWines(user.id, before); // applied deletion, stale list
    expect(await shown(user.id)).toEqual([]);
    expect(await db.drafts.get(id)).toMatchObject({ deleted: true });
  });

  it('sends a draft made and deleted offline as its create, then its deletion: nothing is left anywhere', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await saveDraft(user.id, id, values({ price: 150 }));
    await deleteDraft(user.id, id);
    expect((await db.outbox.orderBy('seq').toArray()).map((r) => r.type)).toEqual(['upsertWine', 'upsertWine', 'deleteWine']);
    expect(await pushOnce(user.id, via(agent))).toEqual({ kind: 'done', sent: 3 });
    expect(await serverCount()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await shown(user.id)).toEqual([]);
  });

  it('discarding the queued deletion gives the draft back as it was, and nothing is deleted', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await pushOnce(user.id, via(agent));
    await saveDraft(user.id, id, values({ price: 175 }));
    await deleteDraft(user.id, id);
    const deletion = (await db.outbox.where('entityId').equals(id).toArray()).find((r) => r.type === 'deleteWine')!;
    await discardRow(deletion.seq!);
    expect(await shown(user.id)).toMatchObject([{ id, values: { price: 175 }, syncState: 'pending' }]);
    await pushOnce(user.id, via(agent));
    expect(await serverWine(id)).toMatchObject({ price: 175, approval_status: 'draft' });
  });

  it('brings the wine back with the reason when the server refuses: it was sent in from another device meanwhile', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await pushOnce(user.id, via(agent));
    await agent.post(`/api/partner/wines/${id}/submit`).expect(200);
    await deleteDraft(user.id, id);
    expect(await pushOnce(user.id, via(agent))).toEqual({ kind: 'done', sent: 1 });
    expect(await serverWine(id)).toMatchObject({ approval_status: 'pending' });
    const back = (await shown(user.id))[0]!;
    expect(back).toMatchObject({ id, approvalStatus: 'pending', syncState: 'rejected' });
    expect(back.error).toContain(PARTNER_MESSAGES.notDeletable);
    expect(await db.outbox.toArray()).toMatchObject([{ type: 'deleteWine', status: 'rejected' }]);
  });

  it('refuses on the device to delete a wine that is not a draft, or another account’s', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await submitDraft(user.id, id);
    await expect(deleteDraft(user.id, id)).rejects.toThrow('Bara utkast kan tas bort');
    await expect(deleteDraft('someone-else', id)).rejects.toThrow('Utkastet finns inte på enheten.');
    expect((await db.outbox.toArray()).map((r) => r.type)).toEqual(['upsertWine', 'submitWine']);
    await pushOnce(user.id, via(agent));
    expect(await serverWine(id)).toMatchObject({ approval_status: 'pending' });
  });

  it('copies any wine as a new draft with the same values, sent as a create', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values({ name: 'Original 2022' }));
    await submitDraft(user.id, id);
    await pushOnce(user.id, via(agent));
    const copy = await duplicateDraft(user.id, id);
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({ approvalStatus: 'draft', serverVersion: 0, values: values({ name: 'Original 2022' }) });
    expect(copy.server).toBeUndefined();
    await pushOnce(user.id, via(agent));
    expect(await serverWine(copy.id)).toMatchObject({ name: 'Original 2022', approval_status: 'draft', owner_user_id: user.id, price: 129 });
    expect(await serverWine(id)).toMatchObject({ approval_status: 'pending' });
    await expect(duplicateDraft('someone-else', id)).rejects.toThrow('Vinet finns inte på enheten.');
  });
});

describe('races around pushes and wine lists (found with outbox.random.test.ts and by review)', () => {
  const listOf = async (agent: Agent): Promise<PartnerWine[]> => ((await agent.get('/api/partner/wines').expect(200)).body as PartnerWineList).items;

  it('keeps a submission made while the push of the create was in flight', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    const tapDuringPush: SyncTransport = async (body) => {
      const answer = await via(agent)(body); // the server has the create (still a draft)…
      await submitDraft(user.id, id); // …and the partner taps Skicka before the answer is in
      return answer;
    };
    await pushOnce(user.id, tapDuringPush);
    expect(await db.drafts.get(id)).toMatchObject({ approvalStatus: 'pending', syncState: 'pending' });
    await expect(saveDraft(user.id, id, values({ price: 1 }))).rejects.toThrow(PARTNER_MESSAGES.notEditable);
    await pushOnce(user.id, via(agent));
    expect(await serverWine(id)).toMatchObject({ approval_status: 'pending', price: 129 });
  });

  it('an answer that arrives after another push settled the same rows does not lay older values over newer', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await pushOnce(user.id, via(agent));
    await saveDraft(user.id, id, values({ price: 140 }));
    let forwarded!: () => void;
    const isForwarded = new Promise<void>((resolve) => (forwarded = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: SyncTransport = async (body) => {
      const answer = await via(agent)(body);
      forwarded();
      await held; // a slow network on the way back
      return answer;
    };
    const first = pushOnce(user.id, slow); // e.g. a second tab where Web Locks are missing
    await isForwarded;
    await saveDraft(user.id, id, values({ price: 150 }));
    await pushOnce(user.id, via(agent)); // sends 140 again (answered from the stored result) and 150
    release();
    await first;
    expect(await db.drafts.get(id)).toMatchObject({ serverValues: { price: 150 }, values: { price: 150 }, serverVersion: 3, syncState: 'synced' });
    expect(await serverWine(id)).toMatchObject({ price: 150, version: 3 });
  });

  it('a wine list fetched before a push never brings back older values or status', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await pushOnce(user.id, via(agent));
    const stale = await listOf(agent); // the GET leaves…
    await saveDraft(user.id, id, values({ price: 149 }));
    await submitDraft(user.id, id);
    await pushOnce(user.id, via(agent)); // …a push lands…
    await mirrorServerWines(user.id, stale); // …and the old answer arrives
    expect(await db.drafts.get(id)).toMatchObject({
      values: { price: 149 },
      serverValues: { price: 149 },
      approvalStatus: 'pending',
      serverVersion: 3,
    });
    await mirrorServerWines(user.id, await listOf(agent));
    expect(await db.drafts.get(id)).toMatchObject({ values: { price: 149 }, approvalStatus: 'pending', serverVersion: 3, syncState: 'synced' });
  });

  it("a wine list loaded while changes are queued does not hide another device's change to a field edited here", async () => {
    const { db: pg } = getDb();
    const { agent, user } = await signedInPartner(app, pg);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    await pushOnce(user.id, via(agent));
    await saveDraft(user.id, id, values({ region: 'Rioja Alta' })); // queued here…
    await pg('wines').where({ id }).update({ price: 175 }); // …while the price changes elsewhere
    await mirrorServerWines(user.id, await listOf(agent)); // the list loads; the draft keeps its queued values
    expect(await db.drafts.get(id)).toMatchObject({ values: { price: 129, region: 'Rioja Alta' }, serverVersion: 1 });
    await saveDraft(user.id, id, values({ region: 'Rioja Alta', price: 135 })); // the device never saw 175
    await pushOnce(user.id, via(agent));
    expect((await db.drafts.get(id))!.conflicts).toEqual([{ field: 'price', serverValue: 175, clientValue: 135 }]);
    expect(await serverWine(id)).toMatchObject({ price: 175, region: 'Rioja Alta' });
  });

  it('a wine list fetched before a new wine reached the server does not delete it', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const old = randomUUID();
    await saveDraft(user.id, old, values({ name: 'Gammalt' }));
    await pushOnce(user.id, via(agent));
    await mirrorServerWines(user.id, await listOf(agent));
    const stale = await listOf(agent);
    const fresh = randomUUID();
    await saveDraft(user.id, fresh, values({ name: 'Nytt' }));
    await pushOnce(user.id, via(agent));
    await mirrorServerWines(user.id, stale);
    expect(await db.drafts.get(fresh)).toMatchObject({ syncState: 'synced', values: { name: 'Nytt' } });
    // A wine the server really no longer has (deleted by an admin) still leaves the device.
    await getDb().db('wines').where({ id: old }).delete();
    await mirrorServerWines(user.id, await listOf(agent));
    expect(await db.drafts.get(old)).toBeUndefined();
    expect(await db.drafts.get(fresh)).toBeDefined();
  });
});

describe('SyncEngine', () => {
  it('retries with backoff after 503s and empties the queue', async () => {
    const { agent, user } = await signedInPartner(app, getDb().db);
    const id = randomUUID();
    await saveDraft(user.id, id, values());
    const calls: number[] = [];
    const flaky: SyncTransport = async (body) => {
      calls.push(Date.now());
      return calls.length <= 2 ? { status: 503, body: null } : via(agent)(body);
    };
    const engine = new SyncEngine(() => user.id, flaky, undefined);
    engine.requestPush();
    await expect.poll(async () => db.outbox.count(), { timeout: 8000, interval: 100 }).toBe(0);
    engine.stop();
    await whenOutboxIdle();
    expect(calls).toHaveLength(3);
    // 1 s, then 2 s (with scheduling slack).
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(950);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(1950);
    expect(engine.getState()).toMatchObject({ pushing: false, lastError: undefined });
    expect(await serverWine(id)).toBeDefined();
  });
});
