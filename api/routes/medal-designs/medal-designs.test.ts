import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEDAL_MESSAGES as M, MedalDesign, MedalDesignList, medalIdFromName } from '../../contract/medal-designs';
import { createTestApp, signedInAgent, useTestDatabase } from '../../test/test-db';
import { escapeXml, medalLines, medalPalette, renderMedalSvg } from '../../presenters/medal-designs-svg';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
let api: ReturnType<typeof request>;

const ADMIN = '/api/admin/medal-designs';

beforeAll(async () => {
  app = createTestApp(getDb().db);
  admin = (await signedInAgent(app, getDb().db, 'admin')).agent;
  api = request(app.callback());
});

beforeEach(async () => {
  await getDb().db.raw('truncate medal_designs, admin_audit_log cascade');
});

async function design(id: string, name: string, category = 'FYND', colors: { primary_color?: string; accent_color?: string } = {}) {
  await getDb()
    .db('medal_designs')
    .insert({ id, name, category, ...colors });
}

const audit = () => getDb().db('admin_audit_log').orderBy('id').select('action', 'entity_id', 'summary');

describe('the seeded designs', () => {
  it("are the site's own medals and the review mark", async () => {
    // beforeEach empties the table: run the seed migration again (it must also be safe to run twice).
    const { up } = await import('../../../db/migrations/20261122001200_seed_medal_designs');
    await up(getDb().db);
    await up(getDb().db); // safe to run twice
    const res = await api.get('/api/medal-designs');
    expect(res.body.items.map((d: MedalDesign) => [d.id, d.name, d.category])).toEqual([
      ['fynd', 'Fynd', 'FYND'],
      ['aktuella-vintips', 'Aktuella Vintips', 'NYLANSERAD'],
      ['folkets-val', 'Folkets Val', 'FOLKETS_VAL'],
      ['granskad-av-vinpressen', 'Granskad av Vinpressen', 'GRANSKAD'],
    ]);
  });
});

describe('GET /api/admin/medal-designs', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'partner');
    expect((await agent.get(ADMIN)).status).toBe(403);
  });

  it('lists the designs by category and name, with their SVG address', async () => {
    await design('folket', 'Folkets Val', 'FOLKETS_VAL');
    await design('b-fynd', 'Bästa fyndet', 'FYND', { primary_color: '#123456' });
    await design('a-fynd', 'Årets fynd', 'FYND');
    const res = await admin.get(ADMIN);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(MedalDesignList.safeParse(res.body).success).toBe(true);
    expect(res.body.items.map((d: MedalDesign) => d.id)).toEqual(['b-fynd', 'a-fynd', 'folket']);
    expect(res.body.items[0]).toMatchObject({
      name: 'Bästa fyndet',
      category: 'FYND',
      primaryColor: '#123456',
      accentColor: null,
      svgUrl: '/api/medal-designs/b-fynd.svg',
    });
    expect(Object.keys(res.body.items[0]).sort()).toEqual(Object.keys(MedalDesign.shape).sort());
  });
});

describe('POST /api/admin/medal-designs', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.post(ADMIN).send({ name: 'X', category: 'FYND' })).status).toBe(403);
  });

  it('creates a design with the given id, stores it and audits it', async () => {
    const res = await admin
      .post(ADMIN)
      .send({ id: 'arets-fynd', name: ' Årets fynd ', category: 'FYND', primaryColor: '#AA3344', accentColor: '#e7c873' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 'arets-fynd', name: 'Årets fynd', category: 'FYND', primaryColor: '#aa3344', accentColor: '#e7c873' });
    expect(await getDb().db('medal_designs').where({ id: 'arets-fynd' }).first()).toMatchObject({ name: 'Årets fynd', primary_color: '#aa3344' });
    expect(await audit()).toEqual([{ action: 'medal_design.create', entity_id: 'arets-fynd', summary: 'Lade till medaljen "Årets fynd" (Fynd)' }]);
  });

  it('makes the id from the name when none is given', async () => {
    const res = await admin.post(ADMIN).send({ name: 'Årets Rosé 2026!', category: 'NYLANSERAD' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 'arets-rose-2026', primaryColor: null, accentColor: null });
  });

  it('answers 409 for a taken id and keeps the existing design', async () => {
    await design('fynd', 'Fynd');
    const res = await admin.post(ADMIN).send({ id: 'fynd', name: 'Annat', category: 'GRANSKAD' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'medal_design_exists', message: M.idTaken });
    expect((await getDb().db('medal_designs').where({ id: 'fynd' }).first()).name).toBe('Fynd');
  });

  it('answers 400 when no id can be made from the name', async () => {
    const res = await admin.post(ADMIN).send({ name: '!!!', category: 'FYND' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body.id', message: M.idInvalid }]);
  });

  it.each([
    [{ id: 'Stora Bokstäver' }, 'body.id', M.idInvalid],
    [{ id: 'dubbel--streck' }, 'body.id', M.idInvalid],
    [{ id: 'x'.repeat(61) }, 'body.id', M.idInvalid],
    [{ name: '' }, 'body.name', M.nameRequired],
    [{ name: '   ' }, 'body.name', M.nameRequired],
    [{ name: 'n'.repeat(41) }, 'body.name', M.nameTooLong],
    [{ category: 'GULD' }, 'body.category', 'Kategorin måste vara FYND, NYLANSERAD, FOLKETS_VAL eller GRANSKAD'],
    [{ primaryColor: 'red' }, 'body.primaryColor', M.colorInvalid],
    [{ accentColor: '#12345' }, 'body.accentColor', M.colorInvalid],
  ])('answers 400 for %o', async (change, path, message) => {
    const res = await admin.post(ADMIN).send({ id: 'ok-id', name: 'Medalj', category: 'FYND', ...change });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path, message }]);
    expect(await getDb().db('medal_designs').count('* as n').first()).toEqual({ n: 0 });
  });
});

describe('PUT /api/admin/medal-designs/:id', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.put(`${ADMIN}/fynd`).send({ name: 'X' })).status).toBe(403);
  });

  it('changes the given fields only, and audits it', async () => {
    await design('fynd', 'Fynd', 'FYND', { primary_color: '#111111', accent_color: '#222222' });
    const res = await admin.put(`${ADMIN}/fynd`).send({ name: 'Superfynd', primaryColor: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 'fynd', name: 'Superfynd', category: 'FYND', primaryColor: null, accentColor: '#222222' });
    expect(await getDb().db('medal_designs').where({ id: 'fynd' }).first()).toMatchObject({
      name: 'Superfynd',
      primary_color: null,
      accent_color: '#222222',
    });
    expect(await audit()).toEqual([{ action: 'medal_design.update', entity_id: 'fynd', summary: 'Ändrade medaljen "Superfynd" (Fynd)' }]);
  });

  it('changes the category', async () => {
    await design('mark', 'Granskad');
    const res = await admin.put(`${ADMIN}/mark`).send({ category: 'GRANSKAD' });
    expect(res.body.category).toBe('GRANSKAD');
  });

  it('refuses to change the id (an unknown field, in Swedish)', async () => {
    await design('fynd', 'Fynd');
    const res = await admin.put(`${ADMIN}/fynd`).send({ id: 'nytt-id', name: 'Nytt' });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path: 'body', message: 'Okänt fält: id' }]);
    expect(await getDb().db('medal_designs').pluck('id')).toEqual(['fynd']);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await admin.put(`${ADMIN}/finns-inte`).send({ name: 'X' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'medal_design_not_found', message: M.notFound });
  });

  it.each([
    [{}, 'body', M.nothingToChange],
    [{ name: '' }, 'body.name', M.nameRequired],
    [{ category: 'silver' }, 'body.category', 'Kategorin måste vara FYND, NYLANSERAD, FOLKETS_VAL eller GRANSKAD'],
    [{ accentColor: 'guld' }, 'body.accentColor', M.colorInvalid],
  ])('answers 400 for %o', async (body, path, message) => {
    await design('fynd', 'Fynd');
    const res = await admin.put(`${ADMIN}/fynd`).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([{ path, message }]);
  });
});

describe('DELETE /api/admin/medal-designs/:id', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    expect((await agent.delete(`${ADMIN}/fynd`)).status).toBe(403);
  });

  it('deletes the design and audits it', async () => {
    await design('fynd', 'Fynd');
    const res = await admin.delete(`${ADMIN}/fynd`);
    expect(res.status).toBe(204);
    expect(await getDb().db('medal_designs').count('* as n').first()).toEqual({ n: 0 });
    expect(await audit()).toEqual([{ action: 'medal_design.delete', entity_id: 'fynd', summary: 'Tog bort medaljen "Fynd"' }]);
    expect((await api.get('/api/medal-designs/fynd.svg')).status).toBe(404);
  });

  it('answers 404 for an unknown id', async () => {
    expect((await admin.delete(`${ADMIN}/finns-inte`)).status).toBe(404);
  });
});

describe('GET /api/medal-designs', () => {
  it('lists the designs to anyone', async () => {
    await design('fynd', 'Fynd');
    const res = await api.get('/api/medal-designs');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([expect.objectContaining({ id: 'fynd', svgUrl: '/api/medal-designs/fynd.svg' })]);
    expect(res.headers.etag).toBeTruthy();
  });

  it('follows admin changes at once', async () => {
    expect((await api.get('/api/medal-designs')).body.items).toEqual([]);
    await admin.post(ADMIN).send({ id: 'ny', name: 'Ny', category: 'FYND' }).expect(201);
    expect((await api.get('/api/medal-designs')).body.items.map((d: MedalDesign) => d.id)).toEqual(['ny']);
  });
});

describe('GET /api/medal-designs/:id.svg', () => {
  it('draws the medal as an SVG document with cache headers, to anyone', async () => {
    await design('fynd', 'Fynd');
    const res = await api
      .get('/api/medal-designs/fynd.svg')
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.on('data', (c: Buffer) => (data += c.toString('utf8')));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300, must-revalidate');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.headers.etag).toBeTruthy();
    const svg = res.body as string;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"')).toBe(true);
    expect(svg).toContain('>FYND</text>');
    expect(svg).toContain('#f3dc98'); // the gold of the site's own Fynd medal
    expect(svg).toContain('<title>Fynd – Fynd, Vinpressen</title>');

    const again = await api.get('/api/medal-designs/fynd.svg').set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
  });

  it('answers as a download named after the id with ?download=1', async () => {
    await design('folkets-val', 'Folkets Val', 'FOLKETS_VAL');
    const res = await api.get('/api/medal-designs/folkets-val.svg?download=1');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="folkets-val.svg"');
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
  });

  it('escapes the name: no markup from a name reaches the SVG', async () => {
    await design('farlig', '<script>x</script>&"\'');
    const res = await api
      .get('/api/medal-designs/farlig.svg')
      .buffer(true)
      .parse((r, cb) => {
        let data = '';
        r.on('data', (c: Buffer) => (data += c.toString('utf8')));
        r.on('end', () => cb(null, data));
      });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('&lt;SCRIPT&gt;X&lt;/SCRIPT&gt;&amp;&quot;&apos;');
  });

  it('answers 404 for an unknown or malformed id and 400 for a bad download value', async () => {
    expect((await api.get('/api/medal-designs/finns-inte.svg')).status).toBe(404);
    expect((await api.get('/api/medal-designs/Fel..Id.svg')).status).toBe(404);
    await design('fynd', 'Fynd');
    expect((await api.get('/api/medal-designs/fynd.svg?download=ja')).status).toBe(400);
  });
});

describe('renderMedalSvg', () => {
  const base = { id: 'x', category: 'FYND' as const, primaryColor: null, accentColor: null };

  it('puts a long name on two balanced lines, sized to fit the disc', () => {
    expect(medalLines('Granskad av Vinpressen')).toEqual(['GRANSKAD AV', 'VINPRESSEN']);
    expect(medalLines('Fynd')).toEqual(['FYND']);
    expect(medalLines('Sommarens bästa roséviner')).toEqual(['SOMMARENS BÄSTA', 'ROSÉVINER']);
    const svg = renderMedalSvg({ ...base, name: 'Granskad av Vinpressen' });
    const widths = [...svg.matchAll(/textLength="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(2);
    for (const w of widths) expect(w).toBeLessThanOrEqual(74);
    const sizes = [...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1]));
    for (const s of sizes) expect(s).toBeGreaterThanOrEqual(5.5);
  });

  it("uses the design's own colours over the category palette, with readable text", () => {
    const dark = medalPalette('FYND', '#1a237e', null);
    expect(dark.text).toBe('#faf7f2');
    const light = medalPalette('NYLANSERAD', '#f0f0f0', '#00aa00');
    expect(light.text).not.toBe('#faf7f2');
    expect([light.ring, light.stripe]).toEqual(['#00aa00', '#00aa00']);
    const svg = renderMedalSvg({ ...base, name: 'Blå', primaryColor: '#1a237e' });
    expect(svg).not.toContain('#f3dc98');
  });

  it('gives each design its own gradient id, so several medals can share a page', () => {
    expect(renderMedalSvg({ ...base, id: 'a', name: 'A' })).toContain('id="medal-a"');
    expect(renderMedalSvg({ ...base, id: 'b', name: 'B' })).toContain('fill="url(#medal-b)"');
  });

  it('escapes XML', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
  });
});

describe('medalIdFromName', () => {
  it.each([
    ['Årets fynd', 'arets-fynd'],
    ['Folkets Val 2026', 'folkets-val-2026'],
    ['  Crème de la crème! ', 'creme-de-la-creme'],
    ['Ölets vän', 'olets-van'],
    ['***', ''],
  ])('%j → %j', (name, id) => {
    expect(medalIdFromName(name)).toBe(id);
  });
});
