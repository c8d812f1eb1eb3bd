import { Window } from 'happy-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { Article, ArticleList, CONTENT_MESSAGES as M, PublicPage, slugify, type ContentBlock } from '../../contract/content';
import { PageContent } from '../../contract/admin-content';
import { blocksToHtml } from '../../services/content';
import { buildWine, unknownId } from '../../test/factories';
import { browserAgent, createTestApp, signedInAgent, useTestDatabase } from '../../test/test-db';
import { expectError } from '../../test/expect-error';

// Pages and articles: the admin saves from the builder (blocks → escaped HTML) or the HTML editor
// (sanitised), articles get unique slugs, the public sees active pages and published articles only, and no
// payload anyone types becomes script on the public site.
const getDb = useTestDatabase();
let app: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>['agent'];

beforeEach(async () => {
  await getDb().db.raw('truncate users, sessions, rate_limits, page_contents, articles, admin_audit_log, wines cascade');
  app = createTestApp(getDb().db);
  admin = (await signedInAgent(app, getDb().db, 'admin')).agent;
});

async function page(pageId = 'om-oss', content = '<p>Gammal text</p>') {
  const [row] = await getDb().db('page_contents').insert({ page_id: pageId, title: 'Om Oss', content }).returning('*');
  return row as { id: string };
}

let seq = 0;
const block = <T extends ContentBlock['type']>(type: T, content: Extract<ContentBlock, { type: T }>['content']) =>
  ({ id: String(1_700_000_000_000 + seq++), type, order: seq, content }) as Extract<ContentBlock, { type: T }>;

// Payloads that must never run: script tags, event handlers, javascript:/data: URLs, SVG and style tricks.
const XSS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">klick</a>',
  '<a href="JaVaScRiPt:alert(1)">klick</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">klick</a>',
  '<svg onload=alert(1)><circle r="5"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background:url(javascript:alert(1))">stil</p>',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name=a></form>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '"><script>alert(1)</script>',
  '<div onclick="alert(1)" class="evil">div</div>',
  '<a href="https://ok.example" onmouseover="alert(1)">ok</a>',
];

/**
 * Nothing in `html` can run, as a browser would parse it: no script/style/iframe/object/embed/form/svg/math
 * elements, no on* or style attributes, no javascript:/data:/vbscript: addresses, no class but our own.
 * (Escaped text such as '&lt;script&gt;' is text, and fine.)
 */
function expectInert(html: string) {
  const document = new Window().document;
  document.body.innerHTML = html;
  const problems: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    const name = el.tagName.toLowerCase();
    if (/^(script|style|iframe|object|embed|form|svg|math|input|link|meta|base)$/.test(name)) problems.push(`<${name}>`);
    for (const { name: attr, value: raw } of el.attributes) {
      const value = raw ?? '';
      if (attr.startsWith('on') || attr === 'style' || attr === 'xlink:href') problems.push(`${name}[${attr}]`);
      if ((attr === 'href' || attr === 'src') && /^\s*(javascript|data|vbscript):/i.test(value)) problems.push(`${name}[${attr}=${value}]`);
      if (attr === 'class' && !/^(cta-button( cta-button-(primary|secondary))?|wine-showcase)$/.test(value)) problems.push(`${name}.${value}`);
    }
  }
  expect(problems, html).toEqual([]);
}

describe('slugify', () => {
  it('folds Swedish letters and punctuation into a URL slug', () => {
    expect(slugify('Årets bästa rosé – för sommarens grillkvällar!')).toBe('arets-basta-rose-for-sommarens-grillkvallar');
    expect(slugify('Öl & ÄPPLEN på Österlen')).toBe('ol-applen-pa-osterlen');
    expect(slugify('  !!! ')).toBe('artikel');
  });
});

describe('blocksToHtml', () => {
  it('escapes every text and leaves out blocks without text: no placeholder (Rubrik, Stycke text...) is published', () => {
    const html = blocksToHtml([
      block('heading', { text: '', level: 'h2' }),
      block('heading', { text: '   ', level: 'h3' }),
      block('paragraph', { text: '' }),
      block('image', { src: '', alt: '' }),
      block('quote', { text: '' }),
      block('list', { items: ['', 'Ost', ' '], ordered: false }),
      block('list', { items: [''], ordered: true }),
      block('cta_button', { text: '', link: '/fynd', style: 'primary' }),
      block('cta_button', { text: 'Till fynden', link: '', style: 'primary' }),
      block('image', { src: '/images/a.svg', alt: '' }),
      block('separator', {}),
      block('paragraph', { text: '<b>fet</b> & "citat"' }),
    ]);
    for (const placeholder of ['Rubrik', 'Stycke text...', 'Citat text...', 'Listpunkt', 'Knapp', 'alt="Bild"', '<h2>', '<h3>', '<ol>'])
      expect(html).not.toContain(placeholder);
    expect(html).toBe(
      [
        '<ul><li>Ost</li></ul>',
        '<p><a class="cta-button cta-button-primary" href="#">Till fynden</a></p>',
        '<figure><img src="/images/a.svg" alt="" loading="lazy"></figure>',
        '<hr>',
        '<p>&lt;b&gt;fet&lt;/b&gt; &amp; &quot;citat&quot;</p>',
      ].join('\n'),
    );
  });
});

describe('PUT /api/admin/page-contents/:id', () => {
  it('is for admins only', async () => {
    const { id } = await page();
    expect((await browserAgent(app).put(`/api/admin/page-contents/${id}`).send({ title: 'x' })).status).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'moderator');
    expect((await agent.put(`/api/admin/page-contents/${id}`).send({ title: 'x' })).status).toBe(403);
  });

  it('saves builder blocks as escaped HTML and keeps the blocks, so the builder can load them again', async () => {
    const { id } = await page();
    const wine = await buildWine(getDb().db, { name: 'Chablis', vintage: 2021, price: 189 });
    const blocks = [block('heading', { text: 'Om <Vinpressen>', level: 'h1' }), block('wine_showcase', { wineIds: [wine.id, unknownId()] })];
    const res = await admin.put(`/api/admin/page-contents/${id}`).send({ title: 'Om oss', blocks }).expect(200);
    const saved = PageContent.parse(res.body);
    expect(saved.blocks).toEqual(blocks);
    expect(saved.content).toContain('<h1>Om &lt;Vinpressen&gt;</h1>');
    expect(saved.content).toContain(`<ul class="wine-showcase"><li><a href="/wine/${wine.id}">Chablis 2021</a> – 189 kr</li></ul>`);

    const reread = await admin.get('/api/admin/page-contents?pageId=om-oss').expect(200);
    expect(reread.body.items[0].blocks).toEqual(blocks);
    const audit = await getDb().db('admin_audit_log').select('action');
    expect(audit.map((a) => a.action)).toEqual(['page.update']);
  });

  it('saves HTML from the HTML editor sanitised, and drops the blocks it no longer matches', async () => {
    const { id } = await page();
    await admin
      .put(`/api/admin/page-contents/${id}`)
      .send({ title: 'Om oss', blocks: [block('paragraph', { text: 'Först' })] })
      .expect(200);
    const res = await admin
      .put(`/api/admin/page-contents/${id}`)
      .send({ title: 'Om oss', content: '<h2>Ny</h2><p onclick="x()">Text<script>alert(1)</script></p>' })
      .expect(200);
    expect(res.body.content).toBe('<h2>Ny</h2><p>Text</p>');
    expect(res.body.blocks).toBeNull();
  });

  it.each(XSS)('never stores a runnable payload, through the HTML editor or a builder text: %s', async (payload) => {
    // Empty to begin with: a payload sanitised to nothing may then be saved (a page that shows something can't be emptied).
    const { id } = await page('om-oss', '');
    const viaHtml = await admin.put(`/api/admin/page-contents/${id}`).send({ title: 'T', content: payload }).expect(200);
    expectInert(viaHtml.body.content);
    const viaBlocks = await admin
      .put(`/api/admin/page-contents/${id}`)
      .send({
        title: payload,
        blocks: [
          block('paragraph', { text: payload }),
          block('heading', { text: payload, level: 'h2' }),
          block('quote', { text: payload, author: payload }),
          block('list', { items: [payload], ordered: true }),
        ],
      })
      .expect(200);
    expectInert(viaBlocks.body.content);
    const publicPage = await browserAgent(app).get('/api/pages/om-oss').expect(200);
    expectInert(publicPage.body.content);
  });

  it('never empties a page that shows something: blocks without text or blank HTML answer 409, the row stays as it was', async () => {
    const { id } = await page('om-oss', '<p>Gammal text</p>');
    const before = await getDb().db('page_contents').where({ id }).first();
    for (const body of [
      { title: 'Om oss', blocks: [] },
      { title: 'Om oss', blocks: [block('heading', { text: '', level: 'h2' }), block('paragraph', { text: ' ' })] },
      { title: 'Om oss', content: '' },
      { title: 'Om oss', content: '<p> </p><script>alert(1)</script>' },
    ]) {
      const res = await admin.put(`/api/admin/page-contents/${id}`).send(body);
      expect(res.status, JSON.stringify(body)).toBe(409);
      expect(expectError(res.body)).toMatchObject({ code: 'content_would_be_empty', message: M.contentWouldBeEmpty });
    }
    expect(await getDb().db('page_contents').where({ id }).first()).toEqual(before);
    expect(await getDb().db('admin_audit_log').count({ n: '*' })).toEqual([{ n: 0 }]);
    // A title alone keeps the content.
    const kept = await admin.put(`/api/admin/page-contents/${id}`).send({ title: 'Om Vinpressen' }).expect(200);
    expect(kept.body).toMatchObject({ title: 'Om Vinpressen', content: '<p>Gammal text</p>' });
  });

  it('refuses javascript: and data: addresses in button links and images with a Swedish message on the field', async () => {
    const { id } = await page();
    for (const [blockValue, path] of [
      [block('cta_button', { text: 'K', link: 'javascript:alert(1)', style: 'primary' }), 'body.blocks.0.content.link'],
      [block('image', { src: 'data:image/png;base64,AAAA', alt: 'x' }), 'body.blocks.0.content.src'],
      [block('image', { src: 'http://insecure.example/x.png', alt: 'x' }), 'body.blocks.0.content.src'],
    ] as const) {
      const res = await admin.put(`/api/admin/page-contents/${id}`).send({ title: 'T', blocks: [blockValue] });
      expect(res.status).toBe(400);
      expect(expectError(res.body).details).toContainEqual({ path, message: path.endsWith('link') ? M.linkInvalid : M.imageInvalid });
    }
    const unknownType = await admin
      .put(`/api/admin/page-contents/${id}`)
      .send({ title: 'T', blocks: [{ id: '1', order: 0, type: 'video', content: {} }] });
    expect(unknownType.status).toBe(400);
    expect(expectError(unknownType.body).details![0]!.message).toBe(M.unknownBlockType);
    expect((await getDb().db('page_contents').where({ id }).first()).content).toBe('<p>Gammal text</p>');
  });

  it('answers 404 for an unknown page', async () => {
    expect((await admin.put(`/api/admin/page-contents/${unknownId()}`).send({ title: 'T' })).status).toBe(404);
  });
});

describe('GET /api/pages/:pageId', () => {
  it('serves an active page with its blocks, and 404 for an inactive or unknown one', async () => {
    await page('om-oss', '<p>Hej</p>');
    await getDb().db('page_contents').insert({ page_id: 'fynd', title: 'Fynd', content: '<p>x</p>', is_active: false });
    const res = await browserAgent(app).get('/api/pages/om-oss').expect(200);
    expect(PublicPage.parse(res.body)).toMatchObject({ pageId: 'om-oss', content: '<p>Hej</p>', blocks: null });
    expect((await browserAgent(app).get('/api/pages/fynd')).status).toBe(404);
    expect((await browserAgent(app).get('/api/pages/finns-inte')).status).toBe(404);
    expect((await browserAgent(app).get('/api/pages/Bad%20Id')).status).toBe(404);
  });
});

describe('articles', () => {
  const input = { title: 'Årets bästa rosé', excerpt: 'Sju rosor till sommaren.', content: '<p>Text</p>', authorId: 'Karin', isPublished: true };

  it('are for admins only', async () => {
    expect((await browserAgent(app).post('/api/admin/articles').send(input)).status).toBe(401);
    const { agent } = await signedInAgent(app, getDb().db, 'user');
    expect((await agent.get('/api/admin/articles')).status).toBe(403);
  });

  it('get a unique slug from the title with Swedish letters folded; the slug stays when the title changes', async () => {
    const first = Article.parse((await admin.post('/api/admin/articles').send(input).expect(201)).body);
    const second = Article.parse((await admin.post('/api/admin/articles').send(input).expect(201)).body);
    expect([first.slug, second.slug]).toEqual(['arets-basta-rose', 'arets-basta-rose-2']);
    const renamed = await admin
      .put(`/api/admin/articles/${first.id}`)
      .send({ ...input, title: 'Nytt namn' })
      .expect(200);
    expect(renamed.body.slug).toBe('arets-basta-rose');
  });

  it("default the author to 'admin', validate the title, and sanitise the content", async () => {
    const res = await admin.post('/api/admin/articles').send({ title: 'Utan författare', content: '<p>Ok</p><script>alert(1)</script>' }).expect(201);
    expect(res.body).toMatchObject({ authorId: 'admin', isPublished: false, publishedAt: null, content: '<p>Ok</p>' });
    const blank = await admin.post('/api/admin/articles').send({ title: '   ' });
    expect(blank.status).toBe(400);
    expect(expectError(blank.body).details).toContainEqual({ path: 'body.title', message: M.titleRequired });
    const badImage = await admin.post('/api/admin/articles').send({ title: 'Bild', featuredImageUrl: 'javascript:alert(1)' });
    expect(badImage.status).toBe(400);
    expect(await getDb().db('articles').count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('keep their HTML when published from the builder without blocks, and never become empty (409, row unchanged)', async () => {
    // The editor's path: edited in HTML mode, then 'Publicera artikel' flipped in builder mode and saved.
    const draft = Article.parse(
      (
        await admin
          .post('/api/admin/articles')
          .send({ ...input, isPublished: false })
          .expect(201)
      ).body,
    );
    const html = '<h2>Rosor</h2><p>Sju rosor till sommaren, med fakta och mat.</p>';
    await admin
      .put(`/api/admin/articles/${draft.id}`)
      .send({ ...input, isPublished: false, content: html })
      .expect(200);
    const { content: _c, ...metadata } = input;
    const published = await admin
      .put(`/api/admin/articles/${draft.id}`)
      .send({ ...metadata, isPublished: true, content: html })
      .expect(200);
    expect(published.body).toMatchObject({ isPublished: true, content: html, blocks: null });
    const emptied = await admin.put(`/api/admin/articles/${draft.id}`).send({ ...metadata, isPublished: false, blocks: [] });
    expect(emptied.status).toBe(409);
    expect(expectError(emptied.body)).toMatchObject({ code: 'content_would_be_empty', message: M.contentWouldBeEmpty });
    const blankHtml = await admin.put(`/api/admin/articles/${draft.id}`).send({ ...metadata, content: '   ' });
    expect(blankHtml.status).toBe(409);
    const row = await getDb().db('articles').where({ id: draft.id }).first();
    expect(row).toMatchObject({ content: html, blocks: null, is_published: true });
    expect(row.content.length).toBeGreaterThan(0);
    // Neither blocks nor content: only the metadata changes.
    const unpublished = await admin
      .put(`/api/admin/articles/${draft.id}`)
      .send({ ...metadata, isPublished: false })
      .expect(200);
    expect(unpublished.body).toMatchObject({ isPublished: false, content: html });
  });

  it('are public only while published: newest first in the list, 404 for a draft — except to an admin (preview)', async () => {
    const old = (
      await admin
        .post('/api/admin/articles')
        .send({ ...input, title: 'Äldre' })
        .expect(201)
    ).body as Article;
    await getDb()
      .db('articles')
      .where({ id: old.id })
      .update({ published_at: new Date(Date.now() - 86_400_000) });
    const fresh = (
      await admin
        .post('/api/admin/articles')
        .send({ ...input, title: 'Nyare' })
        .expect(201)
    ).body as Article;
    const draft = (
      await admin
        .post('/api/admin/articles')
        .send({ ...input, title: 'Utkast', isPublished: false })
        .expect(201)
    ).body as Article;

    const list = ArticleList.parse((await browserAgent(app).get('/api/articles').expect(200)).body);
    expect(list.items.map((a) => a.title)).toEqual(['Nyare', 'Äldre']);
    expect((await browserAgent(app).get(`/api/articles/${fresh.slug}`).expect(200)).body.content).toBe('<p>Text</p>');
    expect((await browserAgent(app).get(`/api/articles/${draft.slug}`)).status).toBe(404);
    const preview = await admin.get(`/api/articles/${draft.slug}`).expect(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');

    // Unpublished: gone for the public at once; published again, it keeps its first date.
    await admin
      .put(`/api/admin/articles/${fresh.id}`)
      .send({ ...input, title: 'Nyare', isPublished: false })
      .expect(200);
    expect((await browserAgent(app).get(`/api/articles/${fresh.slug}`)).status).toBe(404);
    const again = await admin
      .put(`/api/admin/articles/${fresh.id}`)
      .send({ ...input, title: 'Nyare', isPublished: true })
      .expect(200);
    expect(again.body.publishedAt).toBe(fresh.publishedAt);
  });

  it('keep their blocks for the builder and render them safely', async () => {
    const blocks = [
      block('heading', { text: 'Rubrik <i>', level: 'h2' }),
      block('cta_button', { text: 'Läs mer', link: '/fynd', style: 'secondary' }),
    ];
    const res = await admin.post('/api/admin/articles').send({ title: 'Block', blocks, isPublished: true }).expect(201);
    expect(res.body.blocks).toEqual(blocks);
    expect(res.body.content).toBe('<h2>Rubrik &lt;i&gt;</h2>\n<p><a class="cta-button cta-button-secondary" href="/fynd">Läs mer</a></p>');
    const read = await admin.get(`/api/admin/articles/${res.body.id}`).expect(200);
    expect(read.body.blocks).toEqual(blocks);
  });

  it('delete, with 404 for an unknown one, and log every write', async () => {
    const created = (await admin.post('/api/admin/articles').send(input).expect(201)).body as Article;
    await admin.delete(`/api/admin/articles/${created.id}`).expect(200);
    expect((await admin.delete(`/api/admin/articles/${created.id}`)).status).toBe(404);
    expect((await admin.get(`/api/admin/articles/${unknownId()}`)).status).toBe(404);
    expect((await getDb().db('admin_audit_log').orderBy('created_at').select('action')).map((a) => a.action)).toEqual([
      'article.create',
      'article.delete',
    ]);
  });
});
