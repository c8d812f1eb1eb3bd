import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AdminWine, AdminWinePage } from '../../contract/admin-wines';
import { PARTNER_MESSAGES as M } from '../../contract/partner-rules';
import { APPROVE_MESSAGES } from '../../contract/partner-review';
import { WineDetail, WinePage } from '../../contract/wines';
import { QUEUES } from '../../jobs/queue';
import type { Workers } from '../../jobs/workers';
import { startTestWorkers } from '../../test/test-workers';
import type { DbUserRow } from '../../queries/users';
import { buildPartner, buildWine, unknownId, type WineOverrides } from '../../test/factories';
import { startSmtpCapture } from '../../test/smtp';
import { browserAgent, type createTestApp, signedInAgent, signedInPartner, TEST_ORIGIN, useTestDatabase } from '../../test/test-db';
import { expectError } from '../../test/expect-error';

// The partner review (spec 001 §2 'Partner review tab', §4, §5, §7, §8) through the real app on a real Postgres,
// with the real pg-boss queue and mail worker delivering to a real SMTP server.
const getDb = useTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let workers: Workers;
let app: ReturnType<typeof createTestApp>;
let admin: ReturnType<typeof browserAgent>;
let adminUser: DbUserRow;

const MEDAL = { id: 'arets-fynd', name: 'Årets fynd', category: 'FYND' };

beforeAll(async () => {
  smtp = await startSmtpCapture();
  ({ workers, app } = await startTestWorkers(getDb(), smtp.url));
  const { db } = getDb();
  const signedIn = await signedInAgent(app, db, 'admin');
  admin = signedIn.agent;
  adminUser = signedIn.user;
  await db('medal_designs').insert({ id: MEDAL.id, name: MEDAL.name, category: MEDAL.category }).onConflict('id').ignore();
});

afterAll(async () => {
  await workers?.stop();
  await smtp?.close();
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, admin_audit_log cascade');
  smtp.messages.length = 0;
});

/** A partner company with a named owner, and a pending wine of theirs submitted at `submittedAt`. */
async function pendingPartnerWine(
  overrides: WineOverrides = {},
  person: { first: string; last: string; company: string; phone: string | null } = {
    first: 'Per',
    last: 'Persson',
    company: 'Vingården AB',
    phone: '+4681234567',
  },
) {
  const { user, partner } = await buildPartner(getDb().db, {
    user: { first_name: person.first, last_name: person.last },
    partner: { company_name: person.company, phone: person.phone },
  });
  const wine = await buildWine(getDb().db, {
    source: 'partner',
    approval_status: 'pending',
    owner_user_id: user.id,
    submitted_at: new Date(),
    ...overrides,
  });
  return { user, partner, wine };
}

const wineRow = (id: string) => getDb().db('wines').where({ id }).first();
const auditRows = () => getDb().db('admin_audit_log').orderBy('id').select('action', 'entity_id', 'summary', 'actor_id');
/** The rejection (or, with `kind`, approval) mail jobs of wine `wineId` in the queue (waiting, active or done). */
const mailJobs = async (wineId: string, kind: 'wine-rejected' | 'wine-approved' = 'wine-rejected') =>
  (await getDb().db.raw(`select data from pgboss.job where name = ? and data->>'kind' = ? and data->>'wineId' = ?`, [QUEUES.mail.name, kind, wineId]))
    .rows as {
    data: { wineId: string; reviewedAt: string };
  }[];

describe('GET /api/admin/wines/pending and /rejected', () => {
  it('lists only pending partner wines, the longest waiting first, with partner, owner, medal and times', async () => {
    const { db } = getDb();
    const older = await pendingPartnerWine({ name: 'Äldst', submitted_at: new Date('2026-11-01T08:00:00Z') });
    const newer = await pendingPartnerWine(
      { name: 'Nyast', submitted_at: new Date('2026-11-20T08:00:00Z') },
      { first: 'Anna', last: 'Berg', company: 'Bergs Vin', phone: null },
    );
    // Not in the list: an admin wine set to pending, and partner wines in every other status.
    await buildWine(db, { name: 'Admin väntar', source: 'admin', approval_status: 'pending' });
    for (const status of ['draft', 'approved', 'rejected'] as const) {
      await buildWine(db, { name: `Partner ${status}`, source: 'partner', approval_status: status });
    }

    const res = await admin.get('/api/admin/wines/pending');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = AdminWinePage.parse(res.body);
    expect(page.total).toBe(2);
    expect(page.items.map((w) => w.name)).toEqual(['Äldst', 'Nyast']);
    const first = AdminWine.strict().parse(page.items[0]);
    expect(first).toMatchObject({
      id: older.wine.id,
      source: 'partner',
      approvalStatus: 'pending',
      price: 149,
      medal: null,
      rejectionReason: null,
      submittedAt: '2026-11-01T08:00:00.000Z',
      reviewedAt: null,
      partner: { companyName: 'Vingården AB', phone: '+4681234567' },
      owner: { firstName: 'Per', lastName: 'Persson', email: older.user.email },
      sweetness: 1,
      acidity: 4,
      body: 3,
    });
    expect(page.items[1]).toMatchObject({ id: newer.wine.id, partner: { companyName: 'Bergs Vin', phone: null }, owner: { firstName: 'Anna' } });
  });

  it('pages with limit and offset and refuses a bad query', async () => {
    for (const day of [1, 2, 3]) await pendingPartnerWine({ name: `Dag ${day}`, submitted_at: new Date(`2026-11-0${day}T08:00:00Z`) });
    const res = await admin.get('/api/admin/wines/pending?limit=2&offset=1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, limit: 2, offset: 1 });
    expect(res.body.items.map((w: AdminWine) => w.name)).toEqual(['Dag 2', 'Dag 3']);
    const bad = await admin.get('/api/admin/wines/pending?limit=0&sort=name');
    expect(bad.status).toBe(400);
    expectError(bad.body);
  });

  it('lists rejected partner wines with their reasons, the latest decision first', async () => {
    const { db } = getDb();
    await buildWine(db, {
      name: 'Tidig',
      source: 'partner',
      approval_status: 'rejected',
      rejection_reason: 'Saknar pris.',
      reviewed_at: new Date('2026-11-02T10:00:00Z'),
    });
    await buildWine(db, {
      name: 'Sen',
      source: 'partner',
      approval_status: 'rejected',
      rejection_reason: 'Fel årgång.',
      reviewed_at: new Date('2026-11-21T10:00:00Z'),
    });
    await pendingPartnerWine({ name: 'Väntar' });
    await buildWine(db, { name: 'Admin avvisad', source: 'admin', approval_status: 'rejected', rejection_reason: 'x' });

    const res = await admin.get('/api/admin/wines/rejected');
    expect(res.status).toBe(200);
    const page = AdminWinePage.parse(res.body);
    expect(page.items.map((w) => [w.name, w.rejectionReason, w.reviewedAt])).toEqual([
      ['Sen', 'Fel årgång.', '2026-11-21T10:00:00.000Z'],
      ['Tidig', 'Saknar pris.', '2026-11-02T10:00:00.000Z'],
    ]);
    expect(page.total).toBe(2);
    expect(page.items[0]!.owner?.email).toMatch(/@/);
  });

  it('gives the general admin list the partner and owner too, null for wines without an owner', async () => {
    const { wine } = await pendingPartnerWine({ name: 'Partnervinet' });
    await buildWine(getDb().db, { name: 'Importerat', source: 'systembolaget' });
    const res = await admin.get('/api/admin/wines');
    expect(res.status).toBe(200);
    const byName = Object.fromEntries((res.body.items as AdminWine[]).map((w) => [w.name, w]));
    expect(byName.Partnervinet).toMatchObject({ id: wine.id, partner: { companyName: 'Vingården AB' }, owner: { lastName: 'Persson' } });
    expect(byName.Importerat).toMatchObject({ partner: null, owner: null, medal: null, submittedAt: null });
    // The search still works with the joins (name is not ambiguous).
    const search = await admin.get('/api/admin/wines?q=partnerv');
    expect(search.body.items.map((w: AdminWine) => w.name)).toEqual(['Partnervinet']);
  });
});

describe('who may review', () => {
  it('answers 401 to guests and 403 to partners, users and moderators on all four endpoints', async () => {
    const { wine } = await pendingPartnerWine();
    const calls = [
      (a: ReturnType<typeof browserAgent>) => a.get('/api/admin/wines/pending'),
      (a: ReturnType<typeof browserAgent>) => a.get('/api/admin/wines/rejected'),
      (a: ReturnType<typeof browserAgent>) =>
        a.post(`/api/admin/wines/${wine.id}/approve`).send({ categories: ['FYND'], isGranskadVinpressen: true }),
      (a: ReturnType<typeof browserAgent>) => a.post(`/api/admin/wines/${wine.id}/reject`).send({ reason: 'Nej.' }),
    ];
    const guest = browserAgent(app);
    const partner = (await signedInPartner(app, getDb().db)).agent;
    const user = (await signedInAgent(app, getDb().db, 'user')).agent;
    const moderator = (await signedInAgent(app, getDb().db, 'moderator')).agent;
    for (const call of calls) {
      expect((await call(guest)).status).toBe(401);
      for (const agent of [partner, user, moderator]) expect((await call(agent)).status).toBe(403);
    }
    expect((await wineRow(wine.id)).approval_status).toBe('pending');
    expect(await auditRows()).toEqual([]);
  });
});

describe('POST /api/admin/wines/{id}/approve', () => {
  it('publishes a pending wine in the chosen lists with the review mark and a medal: public page, lists and audit log', async () => {
    const { wine } = await pendingPartnerWine({ name: 'Gårdens Rödvin', categories: [], rejection_reason: 'gammal anledning' });
    // Before: not public.
    expect((await browserAgent(app).get(`/api/wines/${wine.id}`)).status).toBe(404);

    const res = await admin
      .post(`/api/admin/wines/${wine.id}/approve`)
      .send({ categories: ['FYND', 'NYLANSERAD', 'FYND'], isGranskadVinpressen: true, medalDesignId: MEDAL.id });
    expect(res.status).toBe(200);
    const approved = AdminWine.strict().parse(res.body);
    expect(approved).toMatchObject({
      id: wine.id,
      approvalStatus: 'approved',
      categories: ['FYND', 'NYLANSERAD'],
      isGranskadVinpressen: true,
      medal: MEDAL,
      rejectionReason: null,
      owner: { firstName: 'Per' },
    });
    expect(Date.parse(approved.reviewedAt!)).toBeGreaterThan(Date.now() - 60_000);

    const row = await wineRow(wine.id);
    expect(row).toMatchObject({
      approval_status: 'approved',
      categories: '{FYND,NYLANSERAD}',
      is_granskad_vinpressen: true,
      medal_design_id: MEDAL.id,
      rejection_reason: null,
      reviewed_by: adminUser.id,
    });
    expect(row.reviewed_at).toBeInstanceOf(Date);
    expect(await auditRows()).toEqual([
      {
        action: 'wine.approve',
        entity_id: wine.id,
        summary: 'Godkände "Gårdens Rödvin" (listor: Fynd, Aktuella vintips, Granskad av Vinpressen, medalj: Årets fynd)',
        actor_id: adminUser.id,
      },
    ]);

    const guest = browserAgent(app);
    const detail = await guest.get(`/api/wines/${wine.id}`);
    expect(detail.status).toBe(200);
    expect(WineDetail.strict().parse(detail.body)).toMatchObject({ isGranskadVinpressen: true, medal: MEDAL, approvalStatus: 'approved' });
    const list = WinePage.parse((await guest.get('/api/wines?category=FYND')).body);
    expect(list.items.find((w) => w.id === wine.id)).toMatchObject({ name: 'Gårdens Rödvin', isGranskadVinpressen: true, medal: MEDAL });
    const aktuella = WinePage.parse((await guest.get('/api/wines?category=NYLANSERAD')).body);
    expect(aktuella.items.map((w) => w.id)).toContain(wine.id);
    const folketsVal = WinePage.parse((await guest.get('/api/wines?category=FOLKETS_VAL')).body);
    expect(folketsVal.items.map((w) => w.id)).not.toContain(wine.id);
    const all = WinePage.parse((await guest.get('/api/wines?limit=100')).body);
    expect(all.items.map((w) => w.id)).toContain(wine.id);
    // Gone from the queue.
    expect((await admin.get('/api/admin/wines/pending')).body.total).toBe(0);
  });

  it('approves without mark and medal by default, replacing the categories the wine had by the chosen one', async () => {
    const { wine } = await pendingPartnerWine({ categories: ['FYND'] });
    const res = await admin.post(`/api/admin/wines/${wine.id}/approve`).send({ categories: ['FOLKETS_VAL'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ approvalStatus: 'approved', categories: ['FOLKETS_VAL'], isGranskadVinpressen: false, medal: null });
    expect((await wineRow(wine.id)).categories).toBe('{FOLKETS_VAL}');
    const guest = browserAgent(app);
    expect((await guest.get(`/api/wines/${wine.id}`)).body).toMatchObject({ isGranskadVinpressen: false, medal: null });
    expect(WinePage.parse((await guest.get('/api/wines?category=FOLKETS_VAL')).body).items.map((w) => w.id)).toEqual([wine.id]);
    expect(WinePage.parse((await guest.get('/api/wines?category=FYND')).body).items.map((w) => w.id)).not.toContain(wine.id);
  });

  it("refuses an approval without a category, or with an unknown one, with 400 'Välj minst en lista…', leaving the wine pending", async () => {
    const { wine } = await pendingPartnerWine({ categories: [] });
    for (const body of [{}, { categories: [] }, { categories: 'FYND' }, { categories: ['AKTUELLA'] }]) {
      const res = await admin.post(`/api/admin/wines/${wine.id}/approve`).send({ isGranskadVinpressen: true, ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = expectError(res.body);
      expect(error.details?.[0]?.path, JSON.stringify(body)).toMatch(/^body\.categories/);
      expect(error.details?.[0]?.message).toBe(
        Array.isArray(body.categories) && body.categories.length ? APPROVE_MESSAGES.categoryUnknown : APPROVE_MESSAGES.categoryRequired,
      );
    }
    expect(await wineRow(wine.id)).toMatchObject({ approval_status: 'pending', categories: '{}', is_granskad_vinpressen: false, reviewed_at: null });
    expect(await auditRows()).toEqual([]);
  });

  it("answers 409 'not_pending' for a wine already approved, a draft and a rejected wine, changing nothing", async () => {
    const { wine } = await pendingPartnerWine();
    expect((await admin.post(`/api/admin/wines/${wine.id}/approve`).send({ categories: ['FYND'], isGranskadVinpressen: true })).status).toBe(200);
    const again = await admin
      .post(`/api/admin/wines/${wine.id}/approve`)
      .send({ categories: ['FYND'], isGranskadVinpressen: false, medalDesignId: MEDAL.id });
    expect(again.status).toBe(409);
    expect(expectError(again.body)).toMatchObject({ code: 'not_pending', message: M.notPending });
    expect(await wineRow(wine.id)).toMatchObject({ is_granskad_vinpressen: true, medal_design_id: null });

    for (const status of ['draft', 'rejected'] as const) {
      const other = await buildWine(getDb().db, { source: 'partner', approval_status: status });
      const res = await admin.post(`/api/admin/wines/${other.id}/approve`).send({ categories: ['FYND'], isGranskadVinpressen: true });
      expect(res.status, status).toBe(409);
      expect(expectError(res.body).code).toBe('not_pending');
      expect((await wineRow(other.id)).approval_status).toBe(status);
    }
    expect((await auditRows()).map((r) => r.action)).toEqual(['wine.approve']);
  });

  it('lets one of two simultaneous decisions win and refuses the other', async () => {
    const { wine } = await pendingPartnerWine();
    const [a, b] = await Promise.all([
      admin.post(`/api/admin/wines/${wine.id}/approve`).send({ categories: ['FYND'], isGranskadVinpressen: true }),
      admin.post(`/api/admin/wines/${wine.id}/reject`).send({ reason: 'Samtidigt.' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses an unknown medal design with 400, leaving the wine pending', async () => {
    const { wine } = await pendingPartnerWine();
    const res = await admin
      .post(`/api/admin/wines/${wine.id}/approve`)
      .send({ categories: ['FYND'], isGranskadVinpressen: true, medalDesignId: 'finns-inte' });
    expect(res.status).toBe(400);
    const error = expectError(res.body);
    expect(error.message).toBe(M.medalUnknown);
    expect(error.details).toEqual([{ path: 'body.medalDesignId', message: M.medalUnknown }]);
    expect(await wineRow(wine.id)).toMatchObject({
      approval_status: 'pending',
      is_granskad_vinpressen: false,
      medal_design_id: null,
      reviewed_at: null,
    });
    expect(await auditRows()).toEqual([]);
  });

  it('refuses a body of the wrong types with 400 and answers 404 for an unknown or malformed id', async () => {
    const { wine } = await pendingPartnerWine();
    const bad = await admin.post(`/api/admin/wines/${wine.id}/approve`).send({ categories: ['FYND'], isGranskadVinpressen: 'ja' });
    expect(bad.status).toBe(400);
    expect(expectError(bad.body).details?.[0]?.path).toBe('body.isGranskadVinpressen');
    expect((await admin.post(`/api/admin/wines/${unknownId()}/approve`).send({ categories: ['FYND'] })).status).toBe(404);
    expect((await admin.post('/api/admin/wines/inte-ett-id/approve').send({ categories: ['FYND'] })).status).toBe(404);
    expect((await wineRow(wine.id)).approval_status).toBe('pending');
  });
});

describe('POST /api/admin/wines/{id}/reject', () => {
  it("refuses a missing or blank reason with 400 'Ange en anledning för avvisandet.', queuing no mail", async () => {
    const { wine } = await pendingPartnerWine();
    for (const body of [{}, { reason: '' }, { reason: '   \n ' }]) {
      const res = await admin.post(`/api/admin/wines/${wine.id}/reject`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = expectError(res.body);
      expect(error.message).toBe('Ange en anledning för avvisandet.');
      expect(error.details).toEqual([{ path: 'body.reason', message: M.reasonRequired }]);
    }
    expect(await wineRow(wine.id)).toMatchObject({ approval_status: 'pending', rejection_reason: null });
    expect(await mailJobs(wine.id)).toEqual([]);
  });

  it('rejects with the reason, lists it under rejected, and mails the owner the reason and the wine name', async () => {
    const { wine, user } = await pendingPartnerWine({ name: 'Avvisad Rosé', categories: ['FYND'] });
    const reason = '  Etiketten saknar alkoholhalt.\nLägg till den och skicka in igen.  ';

    const res = await admin.post(`/api/admin/wines/${wine.id}/reject`).send({ reason });
    expect(res.status).toBe(200);
    expect(AdminWine.strict().parse(res.body)).toMatchObject({
      approvalStatus: 'rejected',
      rejectionReason: reason.trim(),
      isGranskadVinpressen: false,
      medal: null,
    });
    const row = await wineRow(wine.id);
    expect(row).toMatchObject({ approval_status: 'rejected', rejection_reason: reason.trim(), reviewed_by: adminUser.id });
    expect(await auditRows()).toEqual([{ action: 'wine.reject', entity_id: wine.id, summary: 'Avvisade "Avvisad Rosé"', actor_id: adminUser.id }]);
    expect((await mailJobs(wine.id)).map((j) => j.data)).toEqual([
      { kind: 'wine-rejected', wineId: wine.id, reviewedAt: row.reviewed_at.toISOString() },
    ]);

    const rejected = await admin.get('/api/admin/wines/rejected');
    expect(rejected.body.items.map((w: AdminWine) => [w.id, w.rejectionReason])).toEqual([[wine.id, reason.trim()]]);
    // Never public.
    expect((await browserAgent(app).get(`/api/wines/${wine.id}`)).status).toBe(404);

    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Ditt vin "Avvisad Rosé" godkändes inte');
    expect(mail.text).toContain('Hej Per!');
    expect(mail.text).toContain('Etiketten saknar alkoholhalt.');
    expect(mail.text).toContain('Lägg till den och skicka in igen.');
    expect(mail.text).toContain(`${TEST_ORIGIN}/partner`);
    expect(mail.html).toContain('Avvisad Rosé');
    expect(smtp.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it('answers 409 for a wine that is not pending, and a second rejection mails nobody', async () => {
    const { wine } = await pendingPartnerWine();
    expect((await admin.post(`/api/admin/wines/${wine.id}/reject`).send({ reason: 'Första.' })).status).toBe(200);
    const again = await admin.post(`/api/admin/wines/${wine.id}/reject`).send({ reason: 'Andra.' });
    expect(again.status).toBe(409);
    expect(expectError(again.body)).toMatchObject({ code: 'not_pending', message: M.notPending });
    expect((await wineRow(wine.id)).rejection_reason).toBe('Första.');
    expect(await mailJobs(wine.id)).toHaveLength(1);

    const draft = await buildWine(getDb().db, { source: 'partner', approval_status: 'draft' });
    expect((await admin.post(`/api/admin/wines/${draft.id}/reject`).send({ reason: 'Nej.' })).status).toBe(409);
    expect(await mailJobs(draft.id)).toEqual([]);
  });

  it('rejects a pending wine without an owner (an admin wine) without queuing a mail', async () => {
    const wine = await buildWine(getDb().db, { source: 'admin', approval_status: 'pending' });
    const res = await admin.post(`/api/admin/wines/${wine.id}/reject`).send({ reason: 'Dubblett.' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ approvalStatus: 'rejected', owner: null, partner: null });
    expect(await mailJobs(wine.id)).toEqual([]);
  });
});

describe('the approval mail', () => {
  it('mails the owner that the wine is published, with its mark, its medal and a link to its public page', async () => {
    const { wine, user } = await pendingPartnerWine({ name: 'Gårdens Rödvin' });
    const res = await admin
      .post(`/api/admin/wines/${wine.id}/approve`)
      .send({ categories: ['NYLANSERAD'], isGranskadVinpressen: true, medalDesignId: MEDAL.id });
    expect(res.status).toBe(200);
    const row = await wineRow(wine.id);
    expect((await mailJobs(wine.id, 'wine-approved')).map((j) => j.data)).toEqual([
      { kind: 'wine-approved', wineId: wine.id, reviewedAt: row.reviewed_at.toISOString() },
    ]);
    expect(await mailJobs(wine.id)).toEqual([]);

    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Ditt vin "Gårdens Rödvin" är godkänt');
    expect(mail.text).toContain('Hej Per!');
    expect(mail.text).toContain('Vinet är nu publicerat på Vinpressen.');
    expect(mail.text).toContain('Det har fått märket Granskad av Vinpressen och medaljen Årets fynd.');
    expect(mail.text).toContain(`Se vinets sida: ${TEST_ORIGIN}/wine/${wine.id}`);
    expect(mail.html).toContain(`href="${TEST_ORIGIN}/wine/${wine.id}"`);
    expect(mail.html).toContain('Gårdens Rödvin');
    // The link leads to a page the public can read.
    expect((await browserAgent(app).get(`/api/wines/${wine.id}`)).status).toBe(200);
    expect(smtp.messages.filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it('says nothing of a mark or medal the wine did not get, and escapes the name in the HTML', async () => {
    const { wine, user } = await pendingPartnerWine({ name: 'Rött & <b>fett</b>' });
    expect((await admin.post(`/api/admin/wines/${wine.id}/approve`).send({ categories: ['FYND'] })).status).toBe(200);
    const mail = await smtp.waitFor((m) => m.to.includes(user.email));
    expect(mail.text).not.toContain('Det har fått');
    expect(mail.html).toContain('Rött &amp; &lt;b&gt;fett&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>fett</b>');
  });

  it('queues no mail for a refused approval, nor for a wine without an owner', async () => {
    const { wine } = await pendingPartnerWine();
    expect((await admin.post(`/api/admin/wines/${wine.id}/approve`).send({ categories: ['FYND'], medalDesignId: 'finns-inte' })).status).toBe(400);
    expect(await mailJobs(wine.id, 'wine-approved')).toEqual([]);
    const adminWine = await buildWine(getDb().db, { source: 'admin', approval_status: 'pending' });
    expect((await admin.post(`/api/admin/wines/${adminWine.id}/approve`).send({ categories: ['FYND'] })).status).toBe(200);
    expect(await mailJobs(adminWine.id, 'wine-approved')).toEqual([]);
  });
});

describe('a rejected wine sent in again', () => {
  it('shows in the pending queue with the earlier reason, and its approval clears the reason and mails the partner', async () => {
    const partner = await signedInPartner(app, getDb().db, { user: { first_name: 'Lisa' } });
    const wine = await buildWine(getDb().db, {
      source: 'partner',
      owner_user_id: partner.user.id,
      name: 'Andra försöket',
      producer_rating: 4,
      approval_status: 'pending',
      submitted_at: new Date(),
    });
    const reason = 'Alkoholhalten saknas. Lägg till den och skicka in igen.';
    expect((await admin.post(`/api/admin/wines/${wine.id}/reject`).send({ reason })).status).toBe(200);
    await smtp.waitFor((m) => m.to.includes(partner.user.email) && m.subject.includes('godkändes inte'));

    await partner.agent.post(`/api/partner/wines/${wine.id}/revise`).expect(200);
    await partner.agent.post(`/api/partner/wines/${wine.id}/submit`).expect(200);

    const queue = AdminWinePage.parse((await admin.get('/api/admin/wines/pending')).body);
    expect(queue.items.map((w) => [w.id, w.approvalStatus, w.rejectionReason])).toEqual([[wine.id, 'pending', reason]]);

    const approved = await admin.post(`/api/admin/wines/${wine.id}/approve`).send({ categories: ['FYND'] });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approvalStatus: 'approved', rejectionReason: null });
    expect(await wineRow(wine.id)).toMatchObject({ approval_status: 'approved', rejection_reason: null });
    const mail = await smtp.waitFor((m) => m.to.includes(partner.user.email) && m.subject.includes('är godkänt'));
    expect(mail.text).toContain('Hej Lisa!');
  });
});
