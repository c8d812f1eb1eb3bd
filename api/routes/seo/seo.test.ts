import { XMLParser, XMLValidator } from 'fast-xml-parser';
import robotsParser from 'robots-parser';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECIPES, RECIPES_REVISION } from '../../queries/recipes';
import { PUBLIC_STATIC_PATHS } from '../../contract/seo';
import { presentSitemapXml, w3cDatetime } from '../../presenters/seo';
import { buildWine } from '../../test/factories';
import { TEST_ORIGIN, createTestApp, useTestDatabase } from '../../test/test-db';

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;

beforeAll(() => {
  api = request(createTestApp(getDb().db).callback());
});

beforeEach(async () => {
  await getDb().db.raw('truncate wines, articles, page_contents, medal_designs, slider_entries cascade');
});

/** W3C Datetime as the sitemaps protocol allows it: a day, or a moment with seconds and a time zone. */
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;

interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

/** GET /sitemap.xml, checked well-formed and parsed back by a real XML parser: its <url> entries by <loc>. */
async function fetchSitemap(): Promise<{ res: request.Response; urls: Map<string, SitemapUrl>; locs: string[] }> {
  const res = await api
    .get('/sitemap.xml')
    .buffer(true)
    .parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => (text += chunk));
      r.on('end', () => done(null, text));
    });
  expect(res.status).toBe(200);
  const xml = res.body as string;
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url', parseTagValue: false }).parse(xml) as {
    urlset: { '@_xmlns': string; url?: SitemapUrl[] };
  };
  expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  const list = doc.urlset.url ?? [];
  return { res, urls: new Map(list.map((u) => [u.loc, u])), locs: list.map((u) => u.loc) };
}

const updatedAt = async (table: string, where: Record<string, unknown>) =>
  ((await getDb().db(table).where(where).first('updated_at')) as { updated_at: Date }).updated_at;

describe('GET /sitemap.xml', () => {
  it('lists every approved wine, also one no longer sold, and no draft, pending or rejected one', async () => {
    const { db } = getDb();
    const approved = await Promise.all([buildWine(db, { name: 'Alfa' }), buildWine(db, { name: 'Beta', source: 'partner' })]);
    const discontinued = await buildWine(db, { name: 'Utgången', discontinued_on: '2026-08-22' });
    const hidden = await Promise.all(
      (['draft', 'pending', 'rejected'] as const).map((approval_status) =>
        buildWine(db, { name: approval_status, approval_status, source: 'partner' }),
      ),
    );

    const { urls, locs } = await fetchSitemap();

    for (const wine of [...approved, discontinued]) {
      const entry = urls.get(`${TEST_ORIGIN}/wine/${wine.id}`);
      expect(entry, wine.name).toBeDefined();
      expect(entry!.lastmod).toBe(w3cDatetime(await updatedAt('wines', { id: wine.id })));
    }
    for (const wine of hidden)
      expect(
        locs.some((loc) => loc.includes(wine.id)),
        wine.name,
      ).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('lists the static public pages first, then every recipe at /recept/{id} with the recipes’ date, all absolute', async () => {
    const { db } = getDb();
    const wine = await buildWine(db);

    const { urls, locs } = await fetchSitemap();

    expect(locs.slice(0, PUBLIC_STATIC_PATHS.length)).toEqual(PUBLIC_STATIC_PATHS.map((p) => `${TEST_ORIGIN}${p}`));
    for (const recipe of RECIPES) expect(urls.get(`${TEST_ORIGIN}/recept/${recipe.id}`)?.lastmod).toBe(RECIPES_REVISION.updatedOn);
    expect(locs).toHaveLength(PUBLIC_STATIC_PATHS.length + 1 + RECIPES.length);
    for (const loc of locs) expect(loc.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
    // The lists show the wines: they changed when the newest wine did.
    const wineDate = w3cDatetime(await updatedAt('wines', { id: wine.id }));
    for (const path of ['/', '/fynd', '/aktuella-viner', '/folkets-val', '/viner']) expect(urls.get(`${TEST_ORIGIN}${path}`)?.lastmod).toBe(wineDate);
  });

  it('lists published articles at /artiklar/{slug} with their last change, never a draft', async () => {
    const { db } = getDb();
    await db('articles').insert([
      { slug: 'hostens-viner', title: 'Höstens viner', is_published: true, published_at: new Date('2026-10-01T08:00:00Z') },
      { slug: 'utkast', title: 'Utkast', is_published: false },
    ]);
    await db('articles')
      .where({ slug: 'hostens-viner' })
      .update({ updated_at: new Date('2026-10-03T12:30:45.678Z') });

    const { urls, locs } = await fetchSitemap();

    expect(urls.get(`${TEST_ORIGIN}/artiklar/hostens-viner`)).toEqual({
      loc: `${TEST_ORIGIN}/artiklar/hostens-viner`,
      lastmod: '2026-10-03T12:30:45Z',
    });
    expect(urls.get(`${TEST_ORIGIN}/artiklar`)?.lastmod).toBe('2026-10-03T12:30:45Z');
    expect(locs.some((loc) => loc.includes('utkast'))).toBe(false);
  });

  it('dates /om-oss by its CMS page, /recept by the later of the recipes and its intro, and every lastmod in W3C Datetime', async () => {
    const { db } = getDb();
    await db('page_contents').insert([
      { page_id: 'om-oss', title: 'Om oss', updated_at: new Date('2026-09-01T10:00:00Z') },
      { page_id: 'recept', title: 'Recept', updated_at: new Date('2020-01-01T10:00:00Z') },
    ]);

    const { urls } = await fetchSitemap();

    expect(urls.get(`${TEST_ORIGIN}/om-oss`)?.lastmod).toBe('2026-09-01T10:00:00Z');
    expect(urls.get(`${TEST_ORIGIN}/recept`)?.lastmod).toBe(RECIPES_REVISION.updatedOn);
    // Nothing tells when these changed (no wines, no medal designs): no lastmod rather than a made-up one.
    expect(urls.get(`${TEST_ORIGIN}/viner`)).toEqual({ loc: `${TEST_ORIGIN}/viner` });
    expect(urls.get(`${TEST_ORIGIN}/medals`)).toEqual({ loc: `${TEST_ORIGIN}/medals` });
    for (const url of urls.values()) if (url.lastmod !== undefined) expect(url.lastmod).toMatch(W3C_DATETIME);
  });

  it('is public XML with an ETag: must-revalidate, and 304 while unchanged', async () => {
    await buildWine(getDb().db);
    const { res } = await fetchSitemap();
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await api.get('/sitemap.xml').set('If-None-Match', res.headers.etag as string);
    expect(again.status).toBe(304);

    await buildWine(getDb().db);
    expect((await api.get('/sitemap.xml').set('If-None-Match', res.headers.etag as string)).status).toBe(200);
  });
});

describe('presentSitemapXml', () => {
  it('escapes what XML must (an origin with & and quotes) and refuses a path that is not a site path', () => {
    const xml = presentSitemapXml([{ path: "/viner?q=a&b='c'", lastmod: null }], 'https://example.se');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('<loc>https://example.se/viner?q=a&amp;b=&apos;c&apos;</loc>');
    expect(() => presentSitemapXml([{ path: '//evil.example/', lastmod: null }], 'https://example.se')).toThrow(/not a site path/);
  });
});

describe('GET /robots.txt', () => {
  it('opens the public site and the images to crawlers, closes the admin area, the partner portal, account pages and the API', async () => {
    const res = await api.get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const robots = robotsParser(`${TEST_ORIGIN}/robots.txt`, res.text);
    const allowed = (path: string) => robots.isAllowed(`${TEST_ORIGIN}${path}`, 'Googlebot');

    for (const path of [
      '/',
      ...PUBLIC_STATIC_PATHS,
      '/wine/7e3959c9-7aac-5962-bc75-87e80018703e',
      '/recept/toast-skagen',
      '/artiklar/hostens-viner',
      '/api/images/0b6a3c1e-1f55-4b8e-9a44-6c1b6b1b6b1b',
      '/api/medal-designs/fynd.svg',
      '/api/wines/7e3959c9-7aac-5962-bc75-87e80018703e',
      '/sitemap.xml',
    ]) {
      expect(allowed(path), path).toBe(true);
    }
    for (const path of [
      '/admin',
      '/admin?tab=wines',
      '/admin-login',
      '/admin-new',
      '/admin-debug',
      '/admin/page-editor/om-oss',
      '/partner',
      '/partner-login',
      '/partner-register',
      '/partner/login',
      '/partner/wines/new',
      '/api/',
      '/api/auth/me',
      '/api/admin/wines',
      '/api/partner/wines',
      '/api/users/me',
      '/settings',
      '/mina-recensioner',
      '/reset-password?token=abc',
    ]) {
      expect(allowed(path), path).toBe(false);
    }
    expect(robots.getSitemaps()).toEqual([`${TEST_ORIGIN}/sitemap.xml`]);
  });
});
