import { parse } from 'csv-parse/sync';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_NEWSLETTER_MESSAGES as M, AdminSubscriberList } from '../../contract/admin-newsletter';
import { ADMIN_USER_MESSAGES } from '../../contract/admin-users';
import type { DbUserRow } from '../../queries/users';
import { buildSubscriber, unknownId } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, useTestDatabase } from '../../test/test-db';
import { swedishDate } from '../../contract/dates';
import { csvPhone, neutraliseFormula } from '../../presenters/admin-newsletter-csv';
import { expectError } from '../../test/expect-error';

const getDb = useTestDatabase();
const BASE = '/api/admin/newsletter-subscribers';

let app: ReturnType<typeof createTestApp>;
let admin: { agent: ReturnType<typeof browserAgent>; user: DbUserRow };

beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, admin_audit_log, newsletter_subscribers cascade');
  app = createTestApp(getDb().db);
  admin = await signedInAgent(app, getDb().db, 'admin');
});

const auditRows = () => getDb().db('admin_audit_log').select('*').orderBy('id');
const subscriberCount = async () => Number((await getDb().db('newsletter_subscribers').count({ n: '*' }))[0]!.n);
const ids = (body: { items: { id: string }[] }) => body.items.map((s) => s.id);

async function requiresAdmin(method: 'get' | 'post' | 'delete', path: string) {
  expect((await browserAgent(app)[method](path)).status).toBe(401);
  const { agent } = await signedInAgent(app, getDb().db, 'moderator');
  const res = await agent[method](path);
  expect(res.status).toBe(403);
  expect(expectError(res.body).code).toBe('forbidden');
}

/** Downloads the export and reads it back as Swedish Excel does: semicolon-separated, BOM removed. */
async function exportCsv(query: Record<string, string> = {}) {
  const res = await admin.agent.get(`${BASE}/export`).query(query).buffer(true);
  const rows = parse(res.text, { bom: true, delimiter: ';' }) as string[][];
  return { res, rows };
}

describe('GET /api/admin/newsletter-subscribers', () => {
  it('requires admin', async () => {
    await requiresAdmin('get', BASE);
  });

  it('lists subscribers newest first with their fields and the four counters, uncached', async () => {
    const old = await buildSubscriber(getDb().db, {
      email: 'gammal@example.se',
      created_at: new Date('2025-05-01T10:00:00Z'),
      consented_at: new Date('2025-06-01T10:00:00Z'),
    });
    const fresh = await buildSubscriber(getDb().db, {
      email: 'ny@example.se',
      phone: '',
      is_active: false,
      created_at: new Date('2026-05-01T10:00:00Z'),
    });

    const res = await admin.agent.get(BASE);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(AdminSubscriberList.strict().safeParse(res.body).success).toBe(true);
    expect(ids(res.body)).toEqual([fresh.id, old.id]);
    expect(res.body.items[1]).toEqual({
      id: old.id,
      email: 'gammal@example.se',
      phone: old.phone,
      gdprConsent: true,
      consentedAt: '2025-06-01T10:00:00.000Z',
      isActive: true,
      createdAt: '2025-05-01T10:00:00.000Z',
    });
    expect(res.body.items[0]).toMatchObject({ phone: null, isActive: false });
    expect(res.body.total).toBe(2);
    expect(res.body.stats).toEqual({ total: 2, gdprConsent: 2, withPhone: 1, active: 1 });
  });

  it('searches e-mail and phone (typed nationally or with +46), case-insensitively; counters stay over all', async () => {
    const db = getDb().db;
    const anna = await buildSubscriber(db, { email: 'Anna.Berg@Example.se', phone: '+46701234567' });
    const bo = await buildSubscriber(db, { email: 'bo@vinmail.se', phone: '+46739876543' });
    await buildSubscriber(db, { email: 'cilla@example.com', phone: '' });
    const search = async (q: string) => ids((await admin.agent.get(BASE).query({ q })).body);

    expect(await search('anna.berg')).toEqual([anna.id]);
    expect(await search('VINMAIL')).toEqual([bo.id]);
    expect(await search('070-123 45 67')).toEqual([anna.id]);
    expect(await search('+46 73 987')).toEqual([bo.id]);
    expect(await search('0739876543')).toEqual([bo.id]);
    expect(await search('%')).toEqual([]);
    const res = await admin.agent.get(BASE).query({ q: 'example.se' });
    expect(res.body.total).toBe(1);
    expect(res.body.stats.total).toBe(3);
  });

  it("'Endast GDPR-samtycke' keeps only consenting subscribers and combines with the search", async () => {
    const db = getDb().db;
    // Consent is required by the sign-up form and the table; older imports may lack it.
    await db.raw('alter table newsletter_subscribers drop constraint if exists newsletter_subscribers_gdpr_consent_check');
    const yes = await buildSubscriber(db, { email: 'ja@example.se' });
    await buildSubscriber(db, { email: 'nej@example.se', gdpr_consent: false });
    await buildSubscriber(db, { email: 'ja@annat.se' });

    const res = await admin.agent.get(BASE).query({ gdprOnly: 'true', q: 'example' });

    expect(ids(res.body)).toEqual([yes.id]);
    expect(res.body.stats).toMatchObject({ total: 3, gdprConsent: 2 });
    expect((await admin.agent.get(BASE).query({ gdprOnly: 'false' })).body.total).toBe(3);
    await db.raw('alter table newsletter_subscribers add constraint newsletter_subscribers_gdpr_consent_check check (gdpr_consent) not valid');
  });

  it('pages with limit and offset', async () => {
    for (let i = 0; i < 3; i++) await buildSubscriber(getDb().db);
    const page = await admin.agent.get(BASE).query({ limit: 2, offset: 2 });
    expect(page.body.items).toHaveLength(1);
    expect(page.body.total).toBe(3);
  });

  it.each([
    ['gdprOnly not true/false', { gdprOnly: 'ja' }, ADMIN_USER_MESSAGES.filterInvalid],
    ['limit over 1000', { limit: '1001' }, ADMIN_USER_MESSAGES.pageInvalid],
    ['an unknown parameter', { sort: 'email' }, undefined],
    ['a search over 200 characters', { q: 'x'.repeat(201) }, M.searchTooLong],
  ])('refuses %s with 400', async (_what, query, message) => {
    const res = await admin.agent.get(BASE).query(query);
    expect(res.status).toBe(400);
    const error = expectError(res.body);
    expect(error.code).toBe('validation_failed');
    if (message) expect(error.message).toBe(message);
  });
});

describe('DELETE /api/admin/newsletter-subscribers/:id', () => {
  it('requires admin', async () => {
    const sub = await buildSubscriber(getDb().db);
    await requiresAdmin('delete', `${BASE}/${sub.id}`);
    expect(await subscriberCount()).toBe(1);
  });

  it('erases the row (GDPR), answers 204 and audits without the address', async () => {
    const sub = await buildSubscriber(getDb().db, { email: 'radera.mig@example.se' });
    const other = await buildSubscriber(getDb().db);

    const res = await admin.agent.delete(`${BASE}/${sub.id}`);

    expect(res.status).toBe(204);
    expect(await getDb().db('newsletter_subscribers').where({ id: sub.id }).first()).toBeUndefined();
    expect(await getDb().db('newsletter_subscribers').where({ id: other.id }).first()).toBeDefined();
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'newsletter.delete', entity_type: 'newsletter_subscriber', entity_id: sub.id, actor_id: admin.user.id });
    expect(JSON.stringify(audit)).not.toContain('radera.mig');
  });

  it('answers 404 for an unknown or malformed id, deleting nothing', async () => {
    await buildSubscriber(getDb().db);
    const res = await admin.agent.delete(`${BASE}/${unknownId()}`);
    expect(res.status).toBe(404);
    expect(expectError(res.body)).toMatchObject({ code: 'subscriber_not_found', message: M.notFound });
    expect((await admin.agent.delete(`${BASE}/inte-ett-id`)).status).toBe(404);
    expect(await subscriberCount()).toBe(1);
    expect(await auditRows()).toHaveLength(0);
  });
});

describe('POST /api/admin/newsletter-subscribers/bulk-delete', () => {
  it('requires admin', async () => {
    await requiresAdmin('post', `${BASE}/bulk-delete`);
  });

  it('erases the given subscribers, skips unknown and repeated ids, answers the count and audits once', async () => {
    const [a, b, keep] = [await buildSubscriber(getDb().db), await buildSubscriber(getDb().db), await buildSubscriber(getDb().db)];

    const res = await admin.agent.post(`${BASE}/bulk-delete`).send({ ids: [a.id, b.id, a.id, unknownId()] });

    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    expect((await getDb().db('newsletter_subscribers').select('id')).map((r) => r.id)).toEqual([keep.id]);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'newsletter.bulk_delete', summary: 'Tog bort 2 prenumeranter från nyhetsbrevet (GDPR-radering)' });
  });

  it('answers deleted: 0 and audits nothing when no id names a subscriber', async () => {
    const res = await admin.agent.post(`${BASE}/bulk-delete`).send({ ids: [unknownId()] });
    expect(res.body).toEqual({ deleted: 0 });
    expect(await auditRows()).toHaveLength(0);
  });

  it.each([
    ['no ids', {}, M.idsRequired],
    ['an empty list', { ids: [] }, M.idsRequired],
    ['more than 1000 ids', { ids: Array.from({ length: 1001 }, () => unknownId()) }, M.tooManyIds],
    ['an id that is not a uuid', { ids: ['1; drop table users'] }, M.idInvalid],
    ['ids as text', { ids: 'alla' }, M.idsRequired],
  ])('refuses %s with 400 and deletes nothing', async (_what, body, message) => {
    await buildSubscriber(getDb().db);
    const res = await admin.agent.post(`${BASE}/bulk-delete`).send(body);
    expect(res.status).toBe(400);
    expect(expectError(res.body).message).toBe(message);
    expect(await subscriberCount()).toBe(1);
  });
});

describe('GET /api/admin/newsletter-subscribers/export', () => {
  it('requires admin', async () => {
    await requiresAdmin('get', `${BASE}/export`);
  });

  it('downloads a semicolon-separated UTF-8 CSV with a BOM and CRLF, the Swedish header, readable phones, ja/nej and Stockholm dates; audited', async () => {
    const db = getDb().db;
    await db.raw('alter table newsletter_subscribers drop constraint if exists newsletter_subscribers_gdpr_consent_check');
    // 23:30 UTC on 1 March is already 2 March in Stockholm (UTC+1).
    await buildSubscriber(db, { email: 'åsa.öberg@exempel.se', phone: '+46701234567', created_at: new Date('2026-03-01T23:30:00Z') });
    await buildSubscriber(db, { email: 'utan.samtycke@example.se', phone: '', gdpr_consent: false, created_at: new Date('2026-07-10T08:00:00Z') });

    const { res, rows } = await exportCsv();

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="nyhetsbrev-${swedishDate(new Date())}.csv"`);
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    // Exactly what Swedish Excel opens in columns: every line ends CRLF, cells are split by ';'.
    expect(res.text.slice(1).split('\r\n')).toEqual([
      'e-post;telefon;gdpr;prenumererade',
      'utan.samtycke@example.se;;nej;2026-07-10',
      'åsa.öberg@exempel.se;070-123 45 67;ja;2026-03-02',
      '',
    ]);
    expect(rows).toEqual([
      ['e-post', 'telefon', 'gdpr', 'prenumererade'],
      ['utan.samtycke@example.se', '', 'nej', '2026-07-10'],
      ['åsa.öberg@exempel.se', '070-123 45 67', 'ja', '2026-03-02'],
    ]);
    const audit = await auditRows();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'newsletter.export', summary: 'Exporterade 2 prenumeranter till CSV' });
    await db.raw('alter table newsletter_subscribers add constraint newsletter_subscribers_gdpr_consent_check check (gdpr_consent) not valid');
  });

  it('neutralises formula injection in e-mail and phone cells', async () => {
    const db = getDb().db;
    await buildSubscriber(db, {
      email: "=cmd|' /C calc'!A0@evil.se",
      phone: '=HYPERLINK("http://evil.se")',
      created_at: new Date('2026-01-02T10:00:00Z'),
    });
    await buildSubscriber(db, { email: '+cmd@evil.se', phone: '@SUM(1+1)', created_at: new Date('2026-01-01T10:00:00Z') });

    const { rows } = await exportCsv();

    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ["'=cmd|' /C calc'!A0@evil.se", '\'=HYPERLINK("http://evil.se")'],
      ["'+cmd@evil.se", "'@SUM(1+1)"],
    ]);
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r\0]/);
  });

  it('writes phones as dialled from Sweden, never starting with a formula character, and quotes cells holding ; or "', async () => {
    const db = getDb().db;
    await buildSubscriber(db, { email: 'stockholm@example.se', phone: '+4681234567', created_at: new Date('2026-01-04T10:00:00Z') });
    await buildSubscriber(db, { email: 'oslo@example.no', phone: '+4798765432', created_at: new Date('2026-01-03T10:00:00Z') });
    await buildSubscriber(db, { email: 'a;b"c@example.se', phone: '+46 70', created_at: new Date('2026-01-02T10:00:00Z') });

    const { res, rows } = await exportCsv();

    expect(rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['stockholm@example.se', '08-123 45 67'],
      ['oslo@example.no', '00 47 98 76 54 32'],
      ['a;b"c@example.se', "'+46 70"],
    ]);
    expect(res.text).toContain('"a;b""c@example.se";');
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r\0]/);
  });

  it('applies the list filters: search and GDPR only', async () => {
    const db = getDb().db;
    await buildSubscriber(db, { email: 'hitta@example.se' });
    await buildSubscriber(db, { email: 'annan@example.se' });

    const { rows } = await exportCsv({ q: 'hitta', gdprOnly: 'true' });

    expect(rows.map((r) => r[0])).toEqual(['e-post', 'hitta@example.se']);
    expect((await auditRows())[0].summary).toBe('Exporterade 1 prenumerant till CSV (sökning, endast GDPR-samtycke)');
  });

  it('exports only the header when nobody subscribes', async () => {
    const { rows } = await exportCsv();
    expect(rows).toEqual([['e-post', 'telefon', 'gdpr', 'prenumererade']]);
  });

  it('refuses an invalid filter with 400', async () => {
    const res = await admin.agent.get(`${BASE}/export`).query({ gdprOnly: 'kanske' });
    expect(res.status).toBe(400);
    expect(expectError(res.body).message).toBe(ADMIN_USER_MESSAGES.filterInvalid);
  });
});

describe('neutraliseFormula', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+46701234567', "'+46701234567"],
    ['-1', "'-1"],
    ['@A1', "'@A1"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['\0=1', "'\0=1"],
    ['anna@example.se', 'anna@example.se'],
    ['', ''],
  ])('turns %j into %j', (cell, expected) => {
    expect(neutraliseFormula(cell)).toBe(expected);
  });
});

describe('csvPhone', () => {
  it.each([
    ['+46701234567', '070-123 45 67'],
    ['+4631123456', '031-12 34 56'],
    ['+4798765432', '00 47 98 76 54 32'],
    ['+12025550123', '00 1 202 555 0123'],
    [' +46701234567 ', '070-123 45 67'],
    ['', ''],
    ['+46 70', '+46 70'],
    ['=HYPERLINK("x")', '=HYPERLINK("x")'],
  ])('turns %j into %j', (stored, expected) => {
    expect(csvPhone(stored)).toBe(expected);
  });

  it('never gives a valid number a first character a spreadsheet runs as a formula', () => {
    for (const stored of ['+46701234567', '+4798765432', '+358401234567', '+12025550123', '+447911123456']) {
      expect(csvPhone(stored)).toMatch(/^0/);
    }
  });
});
