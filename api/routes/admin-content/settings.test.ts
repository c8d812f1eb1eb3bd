import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUBLIC_SETTING_KEYS, SETTING_MESSAGES as M, type SiteSetting, SiteSettingList } from '../../contract/admin-content';
import { siteSettingDefinition } from '../../contract/site-settings';
import { up as removeUnknownSettings } from '../../../db/migrations/20261127002100_known_site_settings';
import { type createTestApp, signedInAgent, useTestDatabase, signedInApp } from '../../test/test-db';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  ({ app, agent: admin } = await signedInApp(getDb().db, 'admin'));
});

beforeEach(async () => {
  await getDb().db.raw('truncate site_settings, admin_audit_log');
});

async function setting(key: string, value: string, description = '') {
  await getDb().db('site_settings').insert({ key, value, description });
}

async function audit() {
  return getDb().db('admin_audit_log').orderBy('id').select('action', 'entity_type', 'entity_id', 'summary');
}

describe('GET /api/admin/settings', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.get('/api/admin/settings')).status).toBe(403);
  });

  it('lists every setting by key with description, value and updatedAt, logos included', async () => {
    await setting('site.name', 'Vinpressen', 'Webbplatsens namn');
    await setting('logo.header', '/icons/icon.svg', 'Logotyp i sidhuvudet');
    const res = await admin.get('/api/admin/settings');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(SiteSettingList.safeParse(res.body).success).toBe(true);
    expect(res.body.items.map((s: SiteSetting) => [s.key, s.value, s.description])).toEqual([
      ['logo.header', '/icons/icon.svg', 'Logotyp i sidhuvudet'],
      ['site.name', 'Vinpressen', 'Webbplatsens namn'],
    ]);
    expect(Object.keys(res.body.items[0]).sort()).toEqual(['description', 'key', 'updatedAt', 'value']);
  });

  it('answers an empty list when there are no settings', async () => {
    expect((await admin.get('/api/admin/settings')).body).toEqual({ items: [] });
  });
});

describe('PUT /api/admin/settings/:key', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'partner');
    expect((await agent.put('/api/admin/settings/site.name').send({ value: 'x' })).status).toBe(403);
  });

  it('creates a new setting (201), trims it, stores it and audits it', async () => {
    const res = await admin.put('/api/admin/settings/site.tagline').send({ value: ' Sveriges vinguide ', description: 'Undertitel' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ key: 'site.tagline', value: 'Sveriges vinguide', description: 'Undertitel' });
    expect(await getDb().db('site_settings').where({ key: 'site.tagline' }).first()).toMatchObject({
      value: 'Sveriges vinguide',
      description: 'Undertitel',
    });
    expect(await audit()).toEqual([
      {
        action: 'setting.create',
        entity_type: 'setting',
        entity_id: 'site.tagline',
        summary: 'Lade till inställningen "site.tagline": Sveriges vinguide',
      },
    ]);
  });

  it("replaces the value of an existing setting (200) and, when none is sent, its description by the contract's", async () => {
    await setting('footer.text', 'Gammal text', 'Texten i sidfoten');
    const before = await getDb().db('site_settings').where({ key: 'footer.text' }).first();
    const res = await admin.put('/api/admin/settings/footer.text').send({ value: 'Ny text' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'footer.text', value: 'Ny text', description: siteSettingDefinition('footer.text')!.description });
    const after = await getDb().db('site_settings').where({ key: 'footer.text' }).first();
    expect(after.updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
    expect((await audit())[0]).toMatchObject({ action: 'setting.update', summary: 'Ändrade inställningen "footer.text": Ny text' });
  });

  it('replaces the description when one is sent, and takes an empty value', async () => {
    await setting('contact.phone', '08-00 00 00', 'Gammal');
    const res = await admin.put('/api/admin/settings/contact.phone').send({ value: '', description: 'Telefon' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ value: '', description: 'Telefon' });
  });

  it('refuses a value over 100 000 characters, and a text over its own length, with a Swedish 400', async () => {
    const res = await admin.put('/api/admin/settings/footer.text').send({ value: 'å'.repeat(100_001) });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body.value', message: 'Värdet får vara högst 100 000 tecken' }]);
    expect((await admin.put('/api/admin/settings/footer.text').send({ value: 'å'.repeat(500) })).status).toBe(201);
    const long = await admin.put('/api/admin/settings/footer.text').send({ value: 'å'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ message: M.textTooLong(500), details: [{ path: 'body.value', message: M.textTooLong(500) }] });
    expect((await getDb().db('site_settings').where({ key: 'footer.text' }).first()).value).toHaveLength(500);
  });

  it.each(['footer.long', 'internal.note', 'logo.sidebar', 'site.title'])(
    'refuses %j, a key the site does not use, with a Swedish 400 and stores nothing',
    async (key) => {
      const res = await admin.put(`/api/admin/settings/${key}`).send({ value: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ message: M.unknownKey, details: [{ path: 'body.value', message: M.unknownKey }] });
      expect(await getDb().db('site_settings').count('* as n').first()).toEqual({ n: 0 });
    },
  );

  it.each([
    ['age.limit', 'abc', M.integer(18, 99)],
    ['age.limit', '17', M.integer(18, 99)],
    ['age.limit', '100', M.integer(18, 99)],
    ['age.limit', '25.5', M.integer(18, 99)],
    ['age.limit', '', M.required],
    ['site.name', '   ', M.required],
    ['newsletter.heading', '', M.required],
    ['footer.responsibility', '', M.required],
    ['folkets_val.min_reviews', '0', M.integer(1, 999)],
    ['folkets_val.min_reviews', 'tre', M.integer(1, 999)],
    ['folkets_val.min_rating', '5,5', M.folketsValMinRating],
    ['contact.phone', 'ring oss', M.phoneInvalid],
    ['contact.phone', '123', M.phoneInvalid],
    ['contact.email', 'redaktionen@', M.emailInvalid],
    ['social.instagram', 'instagram.com/vinpressen', M.linkNotUrl],
    ['site.tagline', 'x'.repeat(121), M.textTooLong(120)],
  ])('refuses %s = %j with 400 and its Swedish message, storing nothing', async (key, value, message) => {
    const res = await admin.put(`/api/admin/settings/${key}`).send({ value });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', message, details: [{ path: 'body.value', message }] });
    expect(await getDb().db('site_settings').count('* as n').first()).toEqual({ n: 0 });
  });

  it.each([
    ['age.limit', ' 20 '],
    ['folkets_val.min_reviews', '5'],
    ['folkets_val.min_rating', '4,5'],
    ['contact.phone', '+46 8-123 456 78'],
    ['contact.phone', '(08) 12 34 56'],
    ['site.tagline', ''],
    ['newsletter.text', ''],
  ])('stores %s = %j (trimmed) with its description from the contract', async (key, value) => {
    const res = await admin.put(`/api/admin/settings/${key}`).send({ value });
    expect(res.status).toBe(201);
    const row = await getDb().db('site_settings').where({ key }).first();
    expect(row).toMatchObject({ value: value.trim(), description: siteSettingDefinition(key)!.description });
  });

  it.each(['Site.Name', 'site name', 'sida/nyckel', 'nyckel%27', 'å', 'x'.repeat(101)])('answers 400 for the key %j', async (key) => {
    const res = await admin.put(`/api/admin/settings/${encodeURIComponent(key)}`).send({ value: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ message: M.keyInvalid, details: [{ path: 'params.key', message: M.keyInvalid }] });
    expect(await getDb().db('site_settings').count('* as n').first()).toEqual({ n: 0 });
  });

  it.each([
    [{}, 'body.value', 'Värdet måste vara text'],
    [{ value: 5 }, 'body.value', 'Värdet måste vara text'],
    [{ value: 'x', description: 'd'.repeat(501) }, 'body.description', 'Beskrivningen får vara högst 500 tecken'],
  ])('answers 400 for the body %o', async (body, path, message) => {
    const res = await admin.put('/api/admin/settings/site.name').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path, message }]);
  });

  describe('logos (keys containing "logo")', () => {
    it.each([
      'https://cdn.example.se/logo.png',
      'http://example.se/bild.svg',
      '/api/images/2f6a3f57-4a44-4a5e-9d2b-0c5b1e3f6a77',
      '/favicon.svg',
      '/icons/icon-192.png',
      '',
    ])('stores the image address %j', async (value) => {
      const res = await admin.put('/api/admin/settings/logo.header').send({ value });
      expect(res.status).toBe(201);
      expect((await getDb().db('site_settings').where({ key: 'logo.header' }).first()).value).toBe(value);
      expect((await audit())[0]).toMatchObject({ entity_type: 'logo' });
    });

    it.each(['data:image/png;base64,iVBORw0KGgo=', ' DATA:image/svg+xml,<svg/>', 'data:text/html,<script>alert(1)</script>'])(
      'refuses the data: URL %j with a Swedish 400 and stores nothing',
      async (value) => {
        const res = await admin.put('/api/admin/settings/logo.footer').send({ value });
        expect(res.status).toBe(400);
        expect(res.body.error).toMatchObject({ message: M.logoDataUrl, details: [{ path: 'body.value', message: M.logoDataUrl }] });
        expect(await getDb().db('site_settings').count('* as n').first()).toEqual({ n: 0 });
      },
    );

    it.each([
      'javascript:alert(1)',
      'logga.png',
      '//evil.example/logo.png',
      '/../etc/passwd.png',
      '/api/images/inte-ett-id',
      'ftp://example.se/a.png',
      '/icons/readme.txt',
    ])('refuses %j, which is no image address', async (value) => {
      const res = await admin.put('/api/admin/settings/logo.favicon').send({ value });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(M.logoNotUrl);
    });

    it('leaves other settings free text (a data: text outside logos is allowed)', async () => {
      expect((await admin.put('/api/admin/settings/footer.text').send({ value: 'data: allt om vin' })).status).toBe(201);
    });
  });

  it('takes only http(s) addresses for social links (the site renders them as links)', async () => {
    expect((await admin.put('/api/admin/settings/social.instagram').send({ value: 'https://instagram.com/vinpressen' })).status).toBe(201);
    const res = await admin.put('/api/admin/settings/social.facebook').send({ value: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.linkNotUrl);
  });

  it('takes only an e-mail address for contact.email', async () => {
    expect((await admin.put('/api/admin/settings/contact.email').send({ value: 'redaktionen@vinpressen.se' })).status).toBe(201);
    const res = await admin.put('/api/admin/settings/contact.email').send({ value: 'inte en adress' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(M.emailInvalid);
  });
});

describe('DELETE /api/admin/settings/:key', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.delete('/api/admin/settings/site.name')).status).toBe(403);
  });

  it('deletes the setting and audits it', async () => {
    await setting('site.name', 'Vinpressen');
    await setting('site.tagline', 'Kvar');
    const res = await admin.delete('/api/admin/settings/site.name');
    expect(res.status).toBe(204);
    expect(await getDb().db('site_settings').pluck('key')).toEqual(['site.tagline']);
    expect(await audit()).toEqual([
      { action: 'setting.delete', entity_type: 'setting', entity_id: 'site.name', summary: 'Tog bort inställningen "site.name"' },
    ]);
  });

  it('answers 404 for an unknown or malformed key', async () => {
    const res = await admin.delete('/api/admin/settings/finns.inte');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'setting_not_found', message: M.notFound });
    expect((await admin.delete('/api/admin/settings/Fel%20Nyckel')).status).toBe(404);
  });
});

describe('GET /api/settings/public', () => {
  it('answers only the allow-listed settings that are set, to anyone', async () => {
    await setting('site.name', 'Vinpressen');
    await setting('logo.header', '/icons/icon.svg');
    await setting('contact.email', 'redaktionen@vinpressen.se');
    await setting('footer.text', 'För dig som är 25 år eller äldre.');
    await setting('folkets_val.min_reviews', '5');
    const res = await request(app.callback()).get('/api/settings/public');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      'contact.email': 'redaktionen@vinpressen.se',
      'footer.text': 'För dig som är 25 år eller äldre.',
      'logo.header': '/icons/icon.svg',
      'site.name': 'Vinpressen',
    });
    expect(res.headers['cache-control']).toContain('must-revalidate');
    expect(res.headers.etag).toBeTruthy();
  });

  it('follows admin changes at once', async () => {
    const api = request(app.callback());
    expect((await api.get('/api/settings/public')).body).toEqual({});
    await admin.put('/api/admin/settings/site.name').send({ value: 'Vinpressen' }).expect(201);
    expect((await api.get('/api/settings/public')).body).toEqual({ 'site.name': 'Vinpressen' });
  });

  it('allow-lists every setting the public site shows, not the Folkets val thresholds', () => {
    expect([...PUBLIC_SETTING_KEYS].sort()).toEqual(
      [
        'age.limit',
        'contact.email',
        'contact.phone',
        'footer.responsibility',
        'footer.text',
        'logo.favicon',
        'logo.footer',
        'logo.header',
        'newsletter.heading',
        'newsletter.text',
        'site.name',
        'site.tagline',
        'social.facebook',
        'social.instagram',
      ].sort(),
    );
  });
});

describe('the migration to the known settings', () => {
  it('removes the stored settings the site does not use and gives the kept ones their current descriptions', async () => {
    await setting('site.name', 'Min vinsida', 'Gammal beskrivning');
    await setting('footer.long', 'x');
    await setting('internal.api-note', 'hemlig anteckning');
    await setting('folkets_val.min_reviews', '5', '');
    await removeUnknownSettings(getDb().db);
    const rows = await getDb().db('site_settings').orderBy('key').select('key', 'value', 'description');
    expect(rows).toEqual([
      { key: 'folkets_val.min_reviews', value: '5', description: siteSettingDefinition('folkets_val.min_reviews')!.description },
      { key: 'site.name', value: 'Min vinsida', description: siteSettingDefinition('site.name')!.description },
    ]);
  });
});
