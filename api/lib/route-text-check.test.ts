import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../contract/text-rules';
import { buildWine } from '../test/factories';
import { browserAgent, type createTestApp, signedInAgent, signedInApp, useTestDatabase } from '../test/test-db';
import { forbiddenTextDetails } from './route';
import { expectError } from '../test/expect-error';

// defineRoute's text check (api/lib/route.ts): every string and key of the params, query and body is held to the text
// rule of api/contract/text-rules.ts before any schema or handler runs. Before it, a NUL reached Postgres and the
// answer was a 500.
const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];
const M = TEXT_MESSAGES.forbiddenCharacters;

beforeAll(async () => {
  ({ app, agent: admin } = await signedInApp(getDb().db, 'admin'));
});

beforeEach(async () => {
  await getDb().db.raw('truncate articles, site_settings, newsletter_subscribers, admin_audit_log');
});

const count = async (table: string) => Number((await getDb().db(table).count({ n: '*' }))[0]!.n);

describe('the text check of every route', () => {
  it.each([
    ['NUL', '\u0000'],
    ['BEL', '\u0007'],
    ['ESC', '\u001b'],
    ['DEL', '\u007f'],
    ['NEL (C1)', '\u0085'],
    ['a lone surrogate', '\ud800'],
  ])('refuses %s in a body with 400, naming the field, and stores nothing', async (_, ch) => {
    const res = await admin.post('/api/admin/articles').send({ title: `Vår${ch}nyhet`, excerpt: 'Kort.', isPublished: false });
    expect(res.status).toBe(400);
    expect(expectError(res.body)).toMatchObject({ code: 'validation_failed', message: M, details: [{ path: 'body.title', message: M }] });
    expect(await count('articles')).toBe(0);
  });

  it('names every place: nested fields, list items and keys (written as \\uXXXX), for a guest too', async () => {
    const res = await admin.put('/api/admin/articles/7d9f0a52-3c1e-4b7a-9e4f-0a1b2c3d4e5f').send({
      title: 'Rubrik',
      excerpt: 'ok\u001b[31m',
      blocks: [{ id: 'a', order: 0, type: 'list', content: { ordered: false, items: ['ett', 'tv\u0000å'] } }],
      'nyckel\u0000': 1,
    });
    expect(res.status).toBe(400);
    expect(expectError(res.body).details).toEqual([
      { path: 'body.excerpt', message: M },
      { path: 'body.blocks.0.content.items.1', message: M },
      { path: 'body.nyckel\\u0000', message: M },
    ]);
    const guest = await browserAgent(app).post('/api/newsletter').send({ email: 'a\u0000@example.se', phone: '0701234567', gdprConsent: true });
    expect(guest.status).toBe(400);
    expect(expectError(guest.body).details).toEqual([{ path: 'body.email', message: M }]);
    expect(await count('newsletter_subscribers')).toBe(0);
  });

  it('refuses a NUL in a query parameter and in a path parameter with 400 (a 500 before)', async () => {
    const list = await admin.get('/api/admin/wines?q=fu%00zz');
    expect(list.status).toBe(400);
    expect(expectError(list.body).details).toEqual([{ path: 'query.q', message: M }]);
    const setting = await admin.put('/api/admin/settings/site.name').send({ value: 'Vin\u0000pressen' });
    expect(setting.status).toBe(400);
    expect(await count('site_settings')).toBe(0);
    const param = await admin.delete('/api/admin/settings/site%00name');
    expect(param.status).toBe(400);
    expect(expectError(param.body).details).toEqual([{ path: 'params.key', message: M }]);
  });

  it('lets tab, line feed and carriage return through, and Swedish text', async () => {
    const res = await admin.put('/api/admin/settings/footer.text').send({ value: 'Rad ett\r\nRad två\tmed tabb – åäö' });
    expect(res.status).toBe(201);
    expect((await getDb().db('site_settings').where({ key: 'footer.text' }).first()).value).toBe('Rad ett\r\nRad två\tmed tabb – åäö');
  });

  it('refuses control characters for users of the public site too (a review)', async () => {
    const wine = await buildWine(getDb().db);
    const { agent, user } = await signedInAgent(app, getDb().db, 'user');
    const res = await agent
      .post(`/api/wines/${wine.id}/reviews`)
      .send({ wineId: wine.id, userId: user.id, content: 'Gott\u0000vin', priceWorthRating: 4, qualityRating: 4, overallExperience: 4 });
    expect(res.status).toBe(400);
    expect(expectError(res.body).details).toEqual([{ path: 'body.content', message: M }]);
  });
});

describe('forbiddenTextDetails', () => {
  it('skips exempt paths (with * for any key or index) and nothing else', () => {
    const body = { clientId: 'a', mutations: [{ patch: { name: 'x\u0000' }, note: 'y\u0000' }, { patch: { 'k\u0000': 1 } }] };
    expect(forbiddenTextDetails(body, 'body', ['mutations.*.patch'])).toEqual([{ path: 'body.mutations.0.note', message: M }]);
    expect(forbiddenTextDetails(body, 'body').map((d) => d.path)).toEqual([
      'body.mutations.0.patch.name',
      'body.mutations.0.note',
      'body.mutations.1.patch.k\\u0000',
    ]);
  });

  it('walks 100,000 levels of nesting without exhausting the stack, and names at most 20 places', () => {
    let deep: unknown = 'bott\u0000en';
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? { a: deep } : [deep];
    const found = forbiddenTextDetails(deep, 'body');
    expect(found).toHaveLength(1);
    expect(found[0]!.path.startsWith('body.a.0.a.0.')).toBe(true);
    expect(found[0]!.path.split('.')).toHaveLength(100_001);
    expect(
      forbiddenTextDetails(
        Array.from({ length: 1000 }, () => '\u0000'),
        'body',
      ),
    ).toHaveLength(20);
  });
});
