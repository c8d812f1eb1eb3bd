import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_MESSAGES, settingValueProblem } from '../../contract/admin-content';
import { DEFAULT_ARTICLE, DEFAULT_PAGES, DEFAULT_SETTINGS, sanitizeContentHtml } from '../../services/default-content';
import { type createTestApp, signedInAgent, useTestDatabase, signedInApp } from '../../test/test-db';

const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeAll(async () => {
  ({ app, agent: admin } = await signedInApp(getDb().db, 'admin'));
});

beforeEach(async () => {
  await getDb().db.raw('truncate page_contents, site_settings, articles, admin_audit_log');
});

const count = async (table: string) => Number((await getDb().db(table).count('* as n').first())!.n);

describe('GET /api/admin/default-content', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    expect((await agent.get('/api/admin/default-content')).status).toBe(403);
  });

  it('says the migration is needed while there are no pages and no settings, with what it creates', async () => {
    const res = await admin.get('/api/admin/default-content');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ needed: true, pages: 5, settings: 14, articles: 1 });
  });

  it('says it is not needed once there is a page or a setting', async () => {
    await getDb().db('site_settings').insert({ key: 'site.name', value: 'Vinpressen' });
    expect((await admin.get('/api/admin/default-content')).body.needed).toBe(false);
    await getDb().db.raw('truncate site_settings');
    await getDb().db('page_contents').insert({ page_id: 'om-oss', title: 'Om Oss', content: '<p>Hej</p>' });
    expect((await admin.get('/api/admin/default-content')).body.needed).toBe(false);
  });
});

describe('POST /api/admin/default-content', () => {
  it('requires an admin', async () => {
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.post('/api/admin/default-content')).status).toBe(403);
    expect(await count('page_contents')).toBe(0);
  });

  it('creates the 5 pages, 14 settings and 1 published article, and audits it', async () => {
    const res = await admin.post('/api/admin/default-content');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: DEFAULT_CONTENT_MESSAGES.created, created: { pages: 5, settings: 14, articles: 1 } });

    const { db } = getDb();
    const pages = await db('page_contents').orderBy('page_id').select('page_id', 'title', 'content', 'is_active');
    expect(pages.map((p) => [p.page_id, p.title, p.is_active])).toEqual([
      ['artiklar', 'Artiklar', true],
      ['folkets-val', 'Folkets Val', true],
      ['fynd', 'Fynd', true],
      ['nya-viner', 'Nya Viner', true],
      ['om-oss', 'Om Oss', true],
    ]);
    for (const page of pages) {
      expect(page.content).toMatch(/^<h2>.+<\/h2>/);
      expect(page.content.length).toBeGreaterThan(300);
      // Stored as sanitised: sanitising again changes nothing.
      expect(sanitizeContentHtml(page.content)).toBe(page.content);
    }

    const settings = await db('site_settings').orderBy('key').select('key', 'value', 'description');
    expect(settings).toHaveLength(14);
    for (const s of settings) {
      expect(s.description.length, s.key).toBeGreaterThan(10);
      expect(settingValueProblem(s.key, s.value), s.key).toBeNull();
    }
    const byKey = Object.fromEntries(settings.map((s) => [s.key, s.value]));
    expect(byKey).toMatchObject({
      'site.name': 'Vinpressen',
      'age.limit': '25',
      'logo.header': expect.any(String),
      'logo.footer': expect.any(String),
      'logo.favicon': expect.any(String),
      'contact.email': 'redaktionen@vinpressen.se',
    });
    expect(settings.filter((s) => s.key.includes('logo'))).toHaveLength(3);

    const articles = await db('articles').select('*');
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({
      slug: 'valkommen-till-vinpressen',
      title: 'Välkommen till Vinpressen',
      author_id: 'admin',
      is_published: true,
    });
    expect(articles[0].published_at).toBeInstanceOf(Date);
    expect(articles[0].excerpt.length).toBeGreaterThan(20);

    const audit = await db('admin_audit_log').select('action', 'summary');
    expect(audit).toEqual([{ action: 'content.migrate', summary: 'Skapade standardinnehåll: 5 sidor, 14 inställningar och 1 artikel' }]);
    expect((await admin.get('/api/admin/default-content')).body.needed).toBe(false);
  });

  it('makes the public settings available', async () => {
    await admin.post('/api/admin/default-content').expect(201);
    const res = await admin.get('/api/settings/public');
    expect(res.body).toMatchObject({ 'site.name': 'Vinpressen', 'footer.text': 'Vinpressen vänder sig till dig som är 25 år eller äldre.' });
  });

  it('answers 409 when it is no longer needed, and changes nothing', async () => {
    await getDb().db('site_settings').insert({ key: 'site.name', value: 'Eget namn' });
    const res = await admin.post('/api/admin/default-content');
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: 'default_content_exists', message: DEFAULT_CONTENT_MESSAGES.notNeeded });
    expect(await count('page_contents')).toBe(0);
    expect(await count('articles')).toBe(0);
    expect((await getDb().db('site_settings').first()).value).toBe('Eget namn');
    expect(await count('admin_audit_log')).toBe(0);
  });

  it('runs once when called twice at the same time', async () => {
    const [a, b] = await Promise.all([admin.post('/api/admin/default-content'), admin.post('/api/admin/default-content')]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect(await count('page_contents')).toBe(5);
    expect(await count('site_settings')).toBe(14);
    expect(await count('articles')).toBe(1);
  });
});

describe('the default content', () => {
  it("has the spec's pages, 14 settings with Swedish descriptions, and safe HTML", () => {
    expect(DEFAULT_PAGES.map((p) => p.pageId)).toEqual(['artiklar', 'nya-viner', 'fynd', 'folkets-val', 'om-oss']);
    expect(DEFAULT_SETTINGS).toHaveLength(14);
    expect(new Set(DEFAULT_SETTINGS.map((s) => s.key)).size).toBe(14);
    for (const html of [...DEFAULT_PAGES.map((p) => p.content), DEFAULT_ARTICLE.content]) {
      expect(html).not.toMatch(/<script|style=|on\w+=/i);
    }
  });
});

describe('sanitizeContentHtml', () => {
  it('keeps the allowed structure and strips scripts, styles, event handlers and unsafe links', () => {
    const dirty = [
      '<h2 onclick="x()">Rubrik</h2>',
      '<p style="color:red">Text <strong>fet</strong> <a href="javascript:alert(1)">länk</a></p>',
      '<script>alert(1)</script><style>p{}</style><iframe src="https://evil.example"></iframe>',
      '<img src="https://bild.example/a.jpg" alt="Vin" onerror="x()"><img src="data:image/png;base64,AAAA">',
      '<a href="https://www.alkohollinjen.se" target="_blank" rel="opener">extern</a>',
      '<a href="/fynd">intern</a><a href="mailto:red@vinpressen.se">mejl</a>',
    ].join('');
    expect(sanitizeContentHtml(dirty)).toBe(
      [
        '<h2>Rubrik</h2>',
        '<p>Text <strong>fet</strong> <a>länk</a></p>',
        '<img src="https://bild.example/a.jpg" alt="Vin" /><img />',
        '<a href="https://www.alkohollinjen.se" target="_blank" rel="noopener noreferrer">extern</a>',
        '<a href="/fynd">intern</a><a href="mailto:red@vinpressen.se">mejl</a>',
      ].join(''),
    );
  });

  it('keeps text escaped', () => {
    expect(sanitizeContentHtml('<p>5 &lt; 7 &amp; "citat"</p>')).toBe('<p>5 &lt; 7 &amp; "citat"</p>');
  });
});
