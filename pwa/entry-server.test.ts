import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReview, buildUser, buildWine, unknownId } from '../api/test/factories';
import { createTestApp, TEST_ORIGIN, useTestDatabase } from '../api/test/test-db';

// The public pages rendered on the server (docs/ssr.md), by the PWA's own server entry (pwa/entry-server.tsx, here
// from source), against the real API on a test database: the HTML a crawler or a reader without JavaScript gets.

const getDb = useTestDatabase();
/** The session cookie's name (api/auth/session.ts SESSION_COOKIE; a rename fails the signed-in cases below). */
const SESSION_COOKIE = 'vinpressen.sid';
const TEMPLATE =
  '<!doctype html><html lang="sv"><head><meta charset="UTF-8" />\n<title>Vinpressen – Sveriges vinguide</title>\n' +
  '<meta name="description" content="Appens beskrivning." />\n<script type="module" src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div><noscript>Vinpressen behöver JavaScript för att visas.</noscript></body></html>';
let dir: string;
let site: ReturnType<typeof request>;

/** The page's data block (SsrState) parsed. */
function ssrState(html: string): { origin: string; queries: { queries: { queryKey: unknown[]; state: { data: unknown } }[] } } {
  const json = /<script type="application\/json" id="vinpressen-ssr">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no data block');
  return JSON.parse(json);
}
/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): { '@type': string; [key: string]: unknown }[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
}
/** The rendered #root (without the head). */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vinpressen-ssr-'));
  await fs.writeFile(path.join(dir, 'index.html'), TEMPLATE);
  site = request(createTestApp(getDb().db, { staticDir: dir, ssrEntry: () => import('./entry-server') }).callback());
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('server-rendered wine page', () => {
  it("carries the wine's name, price, taste and reviews from Postgres, its title, description and Open Graph tags", async () => {
    const { db } = getDb();
    const wine = await buildWine(db, {
      name: 'Château Servé',
      vintage: 2019,
      price: 189,
      country: 'Frankrike',
      wine_type: 'Rött vin',
      description: 'Mörka bär, lakrits & "ceder".',
      image_url: '/images/serve.png',
    });
    const author = await buildUser(db);
    await buildReview(db, { wine_id: wine.id, user_id: author.id, content: 'Sammetslen och lång eftersmak.' });

    const res = await site.get(`/wine/${wine.id}`);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const root = rootOf(res.text);
    expect(root).toContain('Château Servé');
    expect(root).toMatch(/189(&nbsp;|\u00a0| )kr/);
    expect(root).toContain('Mörka bär, lakrits &amp; &quot;ceder&quot;.');
    expect(root).toContain('Sammetslen och lång eftersmak.');
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).toContain('<title>Château Servé 2019 – Vinpressen</title>');
    expect(head).not.toContain('Appens beskrivning');
    expect(head).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/wine/${wine.id}">`);
    expect(head).toContain('<meta property="og:type" content="product">');
    expect(head).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/images/serve.png">`);
    expect(head).toMatch(
      /<meta name="description" content="Rött vin från Frankrike, 189(\u00a0| )kr på Systembolaget\. Mörka bär, lakrits &amp; &quot;ceder&quot;\.">/,
    );
    // Structured data: the wine as a Product with its Offer in SEK, and the breadcrumb trail.
    const [product, crumbs] = jsonLd(res.text);
    expect(product).toMatchObject({ '@type': 'Product', name: 'Château Servé', offers: { '@type': 'Offer', price: 189, priceCurrency: 'SEK' } });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(crumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    // Readable without JavaScript: no 'needs JavaScript' note.
    expect(res.text).not.toContain('<noscript>');
    // The browser takes over with the same answers.
    const state = ssrState(res.text);
    expect(state.origin).toBe(TEST_ORIGIN);
    expect(state.queries.queries.find((q) => q.queryKey[0] === 'wine')?.state.data).toMatchObject({ id: wine.id, name: 'Château Servé' });
  });

  it('answers 404 with the page\'s own "Vin hittades inte" for a wine that does not exist', async () => {
    const res = await site.get(`/wine/${unknownId()}`);

    expect(res.status).toBe(404);
    expect(rootOf(res.text)).toContain('Vin hittades inte');
    expect(res.text).toContain('<title>Vin hittades inte – Vinpressen</title>');
  });

  it('escapes a name that tries to end the data block or a tag', async () => {
    const wine = await buildWine(getDb().db, { name: '</script><script>alert(1)</script>' });

    const res = await site.get(`/wine/${wine.id}`);

    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)');
    expect(res.text).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(ssrState(res.text).queries.queries.find((q) => q.queryKey[0] === 'wine')?.state.data).toMatchObject({
      name: '</script><script>alert(1)</script>',
    });
  });
});

describe('server-rendered lists and search', () => {
  it('/fynd lists the FYND wines by name, /viner?q= the wines the words find', async () => {
    const { db } = getDb();
    await buildWine(db, { name: 'Fyndvinet Prisvärd', categories: ['FYND'], price: 79, volume_ml: 750 });
    await buildWine(db, { name: 'Rieslingen Mosel Kabinett', grape_variety: 'Riesling', wine_type: 'Vitt vin' });

    const fynd = await site.get('/fynd');
    expect(fynd.status).toBe(200);
    expect(rootOf(fynd.text)).toContain('Fyndvinet Prisvärd');
    expect(fynd.text).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/fynd">`);

    const search = await site.get('/viner?q=riesling');
    expect(search.status).toBe(200);
    expect(rootOf(search.text)).toContain('Rieslingen Mosel Kabinett');
    expect(rootOf(search.text)).not.toContain('Fyndvinet Prisvärd');
    expect(search.text).toContain('<title>”riesling” – Alla viner – Vinpressen</title>');
  });
});

describe('server-rendered recipe pages', () => {
  it('/recept/{id} carries the recipe, its wines and a schema.org Recipe; an unknown id is a 404', async () => {
    const res = await site.get('/recept/toast-skagen');

    expect(res.status).toBe(200);
    expect(rootOf(res.text)).toContain('Toast Skagen');
    expect(rootOf(res.text)).toContain('Ingredienser');
    expect(res.text).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/recept/toast-skagen">`);
    expect(jsonLd(res.text)[0]).toMatchObject({ '@type': 'Recipe', name: 'Toast Skagen' });

    const missing = await site.get('/recept/finns-inte');
    expect(missing.status).toBe(404);
    expect(rootOf(missing.text)).toContain('Receptet hittades inte');
  });
});

describe('server-rendered articles', () => {
  beforeAll(async () => {
    const article = (slug: string, values: Record<string, unknown>) =>
      getDb()
        .db('articles')
        .insert({ slug, title: 'Titel', excerpt: '', content: '<p>Text</p>', author_id: 'admin', ...values });
    await article('hostens-viner', {
      title: 'Höstens viner & "mat"',
      excerpt: 'Fem viner <till> svampen.',
      content: '<p>Kantareller och pinot noir.</p>',
      featured_image_url: '/api/images/host.jpg',
      is_published: true,
      published_at: new Date('2026-10-01T08:00:00Z'),
    });
    await article('utkast', { title: 'Hemligt utkast', excerpt: 'Inte klart', is_published: false });
  });

  it('writes the title, description and Open Graph tags, escaped, with absolute addresses, and the article', async () => {
    const res = await site.get('/artiklar/hostens-viner');

    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).toContain('<title>Höstens viner &amp; &quot;mat&quot; – Vinpressen</title>');
    expect(head).toContain('<meta name="description" content="Fem viner &lt;till&gt; svampen.">');
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<meta property="og:title" content="Höstens viner &amp; &quot;mat&quot;">');
    expect(head).toContain(`<meta property="og:url" content="${TEST_ORIGIN}/artiklar/hostens-viner">`);
    expect(head).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/api/images/host.jpg">`);
    expect(head).toContain('<meta property="article:published_time" content="2026-10-01T08:00:00.000Z">');
    expect(rootOf(res.text)).toContain('Kantareller och pinot noir.');
  });

  it('leaves a draft to the browser of a signed-in reader (an admin may preview it): 200, loading, read again there', async () => {
    const res = await site.get('/artiklar/utkast').set('Cookie', `${SESSION_COOKIE}=abc`);

    expect(res.status).toBe(200);
    expect(res.text).not.toContain('Hemligt utkast');
    expect(rootOf(res.text)).not.toContain('Artikeln hittades inte');
    expect(ssrState(res.text).queries.queries.find((q) => q.queryKey[1] === 'article')).toBeUndefined();
  });

  it('answers a draft or an unknown slug with 404 and no trace of the draft', async () => {
    for (const slug of ['utkast', 'finns-inte']) {
      const res = await site.get(`/artiklar/${slug}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Hemligt utkast');
    }
  });
});

describe('what the server leaves to the browser', () => {
  it.each(['/admin', '/partner', '/settings', '/mina-recensioner', '/reset-password'])('sends %s as the app shell', async (route) => {
    const res = await site.get(route);

    expect(res.status).toBe(200);
    expect(res.text).toBe(TEMPLATE);
  });

  it('renders an unknown address as the 404 page with status 404', async () => {
    const res = await site.get('/finns/inte');

    expect(res.status).toBe(404);
    expect(rootOf(res.text)).toContain('404 – Page not found');
  });

  it('tells the browser a reader without a session cookie is signed out (no GET /api/auth/current), and not one with', async () => {
    const signedOut = ssrState((await site.get('/om-oss')).text);
    expect(signedOut.queries.queries.find((q) => q.queryKey[0] === '/api/auth/current')).toMatchObject({ state: { data: null } });

    const withCookie = ssrState((await site.get('/om-oss').set('Cookie', `${SESSION_COOKIE}=abc`)).text);
    expect(withCookie.queries.queries.find((q) => q.queryKey[0] === '/api/auth/current')).toBeUndefined();
  });
});

describe("a server-rendered page's script", () => {
  let bootDir: string;
  let bootSite: ReturnType<typeof request>;

  beforeAll(async () => {
    // A build's manifest (dist/pwa/.vite/manifest.json): the app's entry, the chunk it imports, the boot script, and
    // the /om-oss page's own chunk.
    bootDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vinpressen-ssr-boot-'));
    const template = TEMPLATE.replace(
      '<script type="module" src="/assets/index.js"></script>',
      '<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/dates-1.js">',
    );
    await fs.writeFile(path.join(bootDir, 'index.html'), template);
    await fs.mkdir(path.join(bootDir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shell-1.js', '_dates-1.js'] },
      '_shell-1.js': { file: 'assets/shell-1.js' },
      '_dates-1.js': { file: 'assets/dates-1.js' },
      'boot.ts': { file: 'assets/boot-1.js', isEntry: true },
      'features/pages/about-page.tsx': { file: 'assets/about-page-1.js', imports: ['_shell-1.js', '_cms-1.js'], css: ['assets/cms-1.css'] },
      '_cms-1.js': { file: 'assets/cms-1.js' },
    };
    await fs.writeFile(path.join(bootDir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    bootSite = request(createTestApp(getDb().db, { staticDir: bootDir, ssrEntry: () => import('./entry-server') }).callback());
  });

  afterAll(async () => {
    await fs.rm(bootDir, { recursive: true, force: true });
  });

  it('is the boot script at low priority, naming the entry first and then every chunk to preload; no script of its own', async () => {
    const res = await bootSite.get('/om-oss');
    expect(res.status).toBe(200);
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    expect(head).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/boot-1.js"></script>');
    const modules = /<meta name="vinpressen-modules" content="([^"]*)">/.exec(head)?.[1]?.split(' ');
    expect(modules?.[0]).toBe('/assets/index-1.js');
    expect(new Set(modules)).toEqual(
      new Set(['/assets/index-1.js', '/assets/dates-1.js', '/assets/shell-1.js', '/assets/about-page-1.js', '/assets/cms-1.js']),
    );
    expect(modules).toHaveLength(5);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/cms-1.css">');
    expect(head).not.toContain('src="/assets/index-1.js"');
    expect(head).not.toContain('rel="modulepreload"');
  });

  it("is index.html's own script for the app shell (an admin page)", async () => {
    const res = await bootSite.get('/admin');
    expect(res.text).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(res.text).not.toContain('vinpressen-modules');
  });
});

describe("every public page kind's head", () => {
  /** The head's tags of one answer: its <title>s, canonical links and the values of each meta name or property. */
  function headTags(html: string): { titles: string[]; canonicals: string[]; meta: Map<string, string[]> } {
    const head = html.slice(0, html.indexOf('</head>'));
    const meta = new Map<string, string[]>();
    for (const [, key, value] of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g))
      meta.set(key!, [...(meta.get(key!) ?? []), value!]);
    return {
      titles: [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((m) => m[1]!),
      canonicals: [...head.matchAll(/<link rel="canonical" href="([^"]*)"/g)].map((m) => m[1]!),
      meta,
    };
  }

  it('gives each its own title and description, its canonical address, and the same in Open Graph and Twitter tags', async () => {
    const { db } = getDb();
    const wine = await buildWine(db, { name: 'Huvudets Riesling', vintage: 2022, image_url: '/images/huvudets-riesling.png' });
    await db('articles').insert({
      slug: 'huvudets-artikel',
      title: 'Huvudets artikel om höstens viner',
      excerpt: 'Vad som står i huvudet på en artikel.',
      content: '<p>Text</p>',
      author_id: 'admin',
      is_published: true,
      published_at: new Date('2026-10-02T08:00:00Z'),
    });
    const pages = [
      '/',
      '/fynd',
      '/aktuella-viner',
      '/folkets-val',
      '/viner?q=riesling',
      `/wine/${wine.id}`,
      '/recept',
      '/recept/toast-skagen',
      '/artiklar',
      '/artiklar/huvudets-artikel',
      '/om-oss',
      '/medals',
    ];
    const titles: string[] = [];
    const descriptions: string[] = [];
    const heads = new Map<string, Map<string, string[]>>();

    for (const page of pages) {
      const res = await site.get(page);
      expect(res.status, page).toBe(200);
      const { titles: pageTitles, canonicals, meta } = headTags(res.text);
      // Each tag once: the page's own title and description replace the shell's.
      expect(pageTitles, page).toHaveLength(1);
      expect(canonicals, page).toEqual([`${TEST_ORIGIN}${page}`]);
      for (const key of [
        'description',
        'og:title',
        'og:description',
        'og:url',
        'og:image',
        'twitter:card',
        'twitter:title',
        'twitter:description',
        'twitter:image',
      ]) {
        expect(meta.get(key) ?? [], `${page} ${key}`).toHaveLength(1);
        expect(meta.get(key)![0], `${page} ${key}`).toMatch(/\S/);
      }
      const tag = (key: string) => meta.get(key)![0]!;
      expect(tag('og:url'), page).toBe(`${TEST_ORIGIN}${page}`);
      expect(pageTitles[0], page).toContain(tag('og:title'));
      expect(tag('og:description'), page).toBe(tag('description'));
      expect(tag('twitter:card'), page).toMatch(/^(summary|summary_large_image)$/);
      expect(tag('twitter:title'), page).toBe(tag('og:title'));
      expect(tag('twitter:description'), page).toBe(tag('description'));
      expect(tag('twitter:image'), page).toBe(tag('og:image'));
      expect(tag('twitter:image').startsWith(`${TEST_ORIGIN}/`), `${page} twitter:image ${tag('twitter:image')}`).toBe(true);
      heads.set(page, meta);
      titles.push(pageTitles[0]!);
      descriptions.push(tag('description'));
    }

    // A wine is shared with its own picture.
    const wineHead = heads.get(`/wine/${wine.id}`)!;
    expect(wineHead.get('twitter:card')).toEqual(['summary_large_image']);
    expect(wineHead.get('twitter:image')).toEqual([`${TEST_ORIGIN}/images/huvudets-riesling.png`]);
    expect(wineHead.get('twitter:title')).toEqual(['Huvudets Riesling 2022']);

    // No two pages share a title or a description.
    const repeated = (values: string[]) => values.filter((v, i) => values.indexOf(v) !== i);
    expect(repeated(titles), titles.join('\n')).toEqual([]);
    expect(repeated(descriptions), descriptions.join('\n')).toEqual([]);
  });
});
