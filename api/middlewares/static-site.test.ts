import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, useTestDatabase } from '../test/test-db';

const getDb = useTestDatabase();
const INDEX = '<!doctype html><html lang="sv"><body><div id="root"></div></body></html>';
let dir: string;
let api: ReturnType<typeof request>;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vinpressen-static-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), INDEX);
  await fs.writeFile(path.join(dir, 'assets', 'x.js'), 'console.log("x");');
  await fs.writeFile(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  api = request(createTestApp(getDb().db, { staticDir: dir }).callback());
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('static site (the built PWA)', () => {
  it.each([
    '/',
    '/fynd',
    '/aktuella-viner',
    '/nya-viner',
    '/folkets-val',
    '/recept',
    '/om-oss',
    '/medals',
    '/fynd/',
    '/artiklar',
    '/artiklar/nagon-artikel',
  ])('serves index.html with 200 for the PWA route %s', async (route) => {
    const res = await api.get(route);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toBe(INDEX);
  });

  it('serves index.html with 200 for a wine page', async () => {
    const res = await api.get('/wine/7d9f0a52-3c1e-5b7a-9e4f-0a1b2c3d4e5f');

    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX);
  });

  it.each(['/no-such-page', '/wine', '/wine/1/2', '/fynd/extra'])(
    'answers the unknown path %s with 404 and still the html (the PWA shows its English 404)',
    async (route) => {
      const res = await api.get(route);

      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.text).toBe(INDEX);
    },
  );

  it('caches hashed assets for a year as immutable', async () => {
    const res = await api.get('/assets/x.js');

    expect(res.status).toBe(200);
    expect(res.text).toBe('console.log("x");');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/index.html', '/fynd', '/sw.js'])('makes %s revalidate (no-cache)', async (route) => {
    const res = await api.get(route);

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404 html, not a file from outside the build', async () => {
    const missing = await api.get('/assets/missing.js');
    const traversal = await api.get('/..%2f..%2fetc%2fpasswd');

    expect(missing.status).toBe(404);
    // koa-send refuses a path that leaves the root with 403.
    expect([403, 404]).toContain(traversal.status);
    expect(traversal.text).not.toContain('root:');
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await api.head('/fynd');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });

  it('leaves /api paths to the API (JSON 404, never the html)', async () => {
    const res = await api.get('/api/finns-inte');

    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body.error.code).toBe('not_found');
  });

  it('still answers the API beside the site', async () => {
    const res = await api.get('/api/health');

    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });
});

describe('static site: Open Graph tags of a published article', () => {
  const HEAD_INDEX =
    '<!doctype html><html lang="sv"><head><meta charset="UTF-8" />\n<title>Vinpressen – Sveriges vinguide</title>\n' +
    '<meta name="description" content="Appens beskrivning." />\n</head><body><div id="root"></div></body></html>';
  let site: ReturnType<typeof request>;
  let headDir: string;

  beforeAll(async () => {
    headDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vinpressen-og-'));
    await fs.writeFile(path.join(headDir, 'index.html'), HEAD_INDEX);
    site = request(createTestApp(getDb().db, { staticDir: headDir }).callback());
    const article = (slug: string, values: Record<string, unknown>) =>
      getDb()
        .db('articles')
        .insert({ slug, title: 'Titel', excerpt: '', content: '<p>Text</p>', author_id: 'admin', ...values });
    await article('hostens-viner', {
      title: 'Höstens viner & "mat"',
      excerpt: 'Fem viner <till> svampen.',
      featured_image_url: '/api/images/host.jpg',
      is_published: true,
      published_at: new Date('2026-10-01T08:00:00Z'),
    });
    await article('farligt', {
      title: '<script>alert(1)</script>',
      is_published: true,
      published_at: new Date(),
      featured_image_url: 'https://bilder.example.com/a.jpg',
    });
    await article('utkast', { title: 'Hemligt utkast', excerpt: 'Inte klart', is_published: false });
  });

  afterAll(async () => {
    await fs.rm(headDir, { recursive: true, force: true });
  });

  it('writes the title, description and og tags, escaped, with absolute addresses', async () => {
    const res = await site.get('/artiklar/hostens-viner');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<title>Höstens viner &amp; &quot;mat&quot; – Vinpressen</title>');
    expect(res.text).not.toContain('Sveriges vinguide</title>');
    expect(res.text).not.toContain('Appens beskrivning');
    expect(res.text).toContain('<meta name="description" content="Fem viner &lt;till&gt; svampen." />');
    expect(res.text).toContain('<meta property="og:type" content="article" />');
    expect(res.text).toContain('<meta property="og:title" content="Höstens viner &amp; &quot;mat&quot;" />');
    expect(res.text).toContain('<meta property="og:description" content="Fem viner &lt;till&gt; svampen." />');
    expect(res.text).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/artiklar/hostens-viner" />`);
    expect(res.text).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/api/images/host.jpg" />`);
    expect(res.text).toContain('<meta property="article:published_time" content="2026-10-01T08:00:00.000Z" />');
    expect(res.text.indexOf('og:title')).toBeLessThan(res.text.indexOf('</head>'));
    expect(res.text).toContain('<div id="root"></div>');
  });

  it('escapes a title with a script tag and keeps an https image as it is', async () => {
    const res = await site.get('/artiklar/farligt');

    expect(res.text).not.toContain('<script>');
    expect(res.text).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt; – Vinpressen</title>');
    expect(res.text).toContain('<meta property="og:title" content="&lt;script&gt;alert(1)&lt;/script&gt;" />');
    // No excerpt: the description names the article.
    expect(res.text).toContain('<meta name="description" content="&lt;script&gt;alert(1)&lt;/script&gt; – en artikel från Vinpressen." />');
    expect(res.text).toContain('<meta property="og:image" content="https://bilder.example.com/a.jpg" />');
  });

  it.each(['/artiklar/utkast', '/artiklar/finns-inte', '/artiklar', '/om-oss'])(
    'leaves %s with the app shell as it is (no article tags)',
    async (route) => {
      const res = await site.get(route);

      expect(res.status).toBe(200);
      expect(res.text).toBe(HEAD_INDEX);
      expect(res.text).not.toContain('og:');
      expect(res.text).not.toContain('Hemligt utkast');
    },
  );

  it('answers an article path that is no route (bad slug) with the 404 shell and no tags', async () => {
    const res = await site.get('/artiklar/Stora%20Bokst%C3%A4ver/extra');

    expect(res.status).toBe(404);
    expect(res.text).toBe(HEAD_INDEX);
  });
});
