import { XMLParser } from 'fast-xml-parser';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { RECIPES } from '../../queries/recipes';
import { PUBLIC_STATIC_PATHS } from '../../contract/seo';
import { jsonLdScriptContent, wineProductJsonLd } from '../../contract/structured-data';
import type { Catalogue } from '../../contract/wine-search';
import type { WineDetail } from '../../contract/wines';
import { importRealCatalogue } from '../../test/real-catalogue';
import { googleRichResultProblems, schemaOrgProblems } from '../../test/schemaorg/validate';
import { TEST_ORIGIN, createTestApp, useTestDatabase } from '../../test/test-db';

// The sitemap and the wines' JSON-LD over the real catalogue (db/README.md: 1,137 wines, 280 of them 'Utgått' since
// the 2026-08-22 assortment file), as a first start makes it (docs/seo.md).

const getDb = useTestDatabase();
let api: ReturnType<typeof request>;
let wineIds: { id: string; discontinued: boolean }[];

beforeAll(async () => {
  const { db } = getDb();
  await importRealCatalogue(db);
  api = request(createTestApp(db).callback());
  wineIds = (await db('wines').where({ approval_status: 'approved' }).select('id', 'discontinued_on')).map((w) => ({
    id: w.id as string,
    discontinued: w.discontinued_on !== null,
  }));
}, 120_000);

describe('the real catalogue', () => {
  it('is all in the sitemap: the static pages, every wine (the Utgått ones too) and every recipe', async () => {
    expect(wineIds).toHaveLength(1137);
    expect(wineIds.filter((w) => w.discontinued)).toHaveLength(280);
    const res = await api
      .get('/sitemap.xml')
      .buffer(true)
      .parse((r, done) => {
        let text = '';
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => (text += chunk));
        r.on('end', () => done(null, text));
      });
    const urls = (
      new XMLParser({ isArray: (name) => name === 'url', parseTagValue: false }).parse(res.body as string) as { urlset: { url: { loc: string }[] } }
    ).urlset.url;
    const locs = new Set(urls.map((u) => u.loc));
    expect(urls).toHaveLength(PUBLIC_STATIC_PATHS.length + 1137 + RECIPES.length);
    for (const wine of wineIds) expect(locs.has(`${TEST_ORIGIN}/wine/${wine.id}`)).toBe(true);
  });

  it("gives every wine a Product that keeps schema.org's vocabulary and Google's requirements", async () => {
    // Every wine as the catalogue answer has it (one request), and 50 of them (25 'Utgått') as their page reads them.
    const catalogue = (await api.get('/api/wines/catalogue')).body as Catalogue;
    expect(catalogue.items).toHaveLength(1137);
    const details = await Promise.all(
      [...wineIds.filter((w) => w.discontinued).slice(0, 25), ...wineIds.filter((w) => !w.discontinued).slice(0, 25)].map(
        async (w) => (await api.get(`/api/wines/${w.id}`).expect(200)).body as WineDetail,
      ),
    );
    const noReviews = { reviewCount: 0, reviewerCount: 0, reviewAverage: null };
    const problems: string[] = [];
    for (const [wine, reviews] of [
      ...catalogue.items.map((w) => [{ ...w, productNumber: null }, noReviews] as const),
      ...details.map((w) => [w, w] as const),
    ]) {
      const doc = jsonLdScriptContent(wineProductJsonLd(wine, reviews, { origin: TEST_ORIGIN }));
      for (const p of [...schemaOrgProblems(doc), ...googleRichResultProblems(doc)]) problems.push(`${wine.name}: ${p}`);
      expect(JSON.parse(doc).offers.availability).toBe(wine.isDiscontinued ? 'https://schema.org/Discontinued' : 'https://schema.org/InStock');
    }
    expect(problems).toEqual([]);
    expect(details.filter((w) => w.isDiscontinued)).toHaveLength(25);
  });
});
