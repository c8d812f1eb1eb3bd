import { describe, expect, it } from 'vitest';
import { RECIPES } from '../../queries/recipes';
import {
  type ProductWine,
  articleJsonLd,
  breadcrumbJsonLd,
  jsonLdScriptContent,
  recipeJsonLd,
  websiteJsonLd,
  wineProductJsonLd,
} from '../../contract/structured-data';
import { VOCABULARY, googleRichResultProblems, schemaOrgProblems } from './validate';

// The JSON-LD builders of api/contract/structured-data.ts against schema.org's vocabulary (the release named in
// vocabulary.json) and Google's required properties (docs/seo.md 'Structured data'). The JSON text the pages embed
// is what is checked, parsed back.

const origin = 'https://vinpressen.se';
const wine: ProductWine = {
  id: '63ae6bf6-eac5-5f5f-ab77-a1b0a66bf28c',
  name: 'Chablis Sainte Claire J M Brocard 2020',
  description: 'Stram och mineralisk.',
  price: 164,
  producer: 'Jean-Marc Brocard',
  country: 'Frankrike',
  wineType: 'Vitt vin',
  productNumber: '5335',
  systembolagetUrl: 'https://www.systembolaget.se/produkt/vin/chablis-5335/',
  imageUrl: 'https://product-cdn.systembolaget.se/productimages/1/1_400.png',
  isDiscontinued: false,
};

const documents: [string, object][] = [
  ['a wine without reviews', wineProductJsonLd(wine, { reviewCount: 0, reviewerCount: 0, reviewAverage: null }, { origin })],
  ['a rated wine', wineProductJsonLd(wine, { reviewCount: 7, reviewerCount: 7, reviewAverage: 3.86 }, { origin })],
  [
    "a wine no longer sold ('Utgått'), no link or producer",
    wineProductJsonLd(
      { ...wine, isDiscontinued: true, systembolagetUrl: null, producer: null },
      { reviewCount: 0, reviewerCount: 0, reviewAverage: null },
      { origin },
    ),
  ],
  ...RECIPES.map((recipe): [string, object] => [`the recipe ${recipe.id}`, recipeJsonLd(recipe, { origin })]),
  [
    'an article',
    articleJsonLd(
      {
        slug: 'hostens-viner',
        title: 'Höstens viner',
        excerpt: 'Tio flaskor.',
        authorId: 'Karin Lind',
        featuredImageUrl: '/api/images/5f0c2a51-7a7d-4a3e-9d2e-111111111111',
        publishedAt: '2026-10-01T08:00:00.000Z',
        updatedAt: '2026-10-03T12:30:00.000Z',
      },
      { origin },
    ),
  ],
  [
    'a breadcrumb trail',
    breadcrumbJsonLd(
      [
        { name: 'Vinpressen', path: '/' },
        { name: 'Recept', path: '/recept' },
        { name: 'Toast Skagen', path: '/recept/toast-skagen' },
      ],
      { origin },
    ),
  ],
  ['the home page', websiteJsonLd({ origin })],
];

describe(`the JSON-LD builders against schema.org ${VOCABULARY.version}`, () => {
  it.each(documents)('%s uses only schema.org types and properties, each on its type with values of its range', (_, doc) => {
    expect(schemaOrgProblems(jsonLdScriptContent(doc))).toEqual([]);
  });

  it.each(documents)("%s has Google's required properties", (_, doc) => {
    expect(googleRichResultProblems(jsonLdScriptContent(doc))).toEqual([]);
  });
});

describe('the check itself', () => {
  const product = () => JSON.parse(JSON.stringify(documents[1]![1])) as Record<string, Record<string, unknown>>;

  it('knows the vocabulary: classes with superclasses, properties with domains and ranges, enumeration members', () => {
    expect(VOCABULARY.source).toMatch(/^schema\.org release \d+\.\d+ /);
    expect(VOCABULARY.classes.HowToStep).toEqual(expect.arrayContaining(['ListItem', 'CreativeWork']));
    expect(VOCABULARY.properties.offers?.domain).toContain('Product');
    expect(VOCABULARY.members.Discontinued).toEqual(['ItemAvailability']);
  });

  it('finds a property schema.org lacks, one on the wrong type, and a superseded one', () => {
    const doc = product();
    doc.vintage = 2020 as never;
    doc.recipeIngredient = ['salt'] as never;
    doc.offers!.seller = { '@type': 'Organization', name: 'Systembolaget', members: 3 };
    expect(schemaOrgProblems(doc)).toEqual([
      "$.offers.seller.members: 'members' is superseded by member",
      '$.offers.seller.members: 3 is no Organization or Person',
      "$.vintage: 'vintage' is no schema.org property",
      "$.recipeIngredient: 'recipeIngredient' is not a property of Product (it belongs to Recipe)",
    ]);
  });

  it('finds values outside the range: a bare enumeration name, a decimal count, a relative URL, a wrong node type', () => {
    const doc = product();
    doc.offers!.availability = 'InStock';
    doc.aggregateRating!.ratingCount = 4.5;
    doc.url = '/wine/1' as never;
    doc.brand = { '@type': 'Recipe', name: 'x' } as never;
    expect(schemaOrgProblems(doc)).toEqual([
      '$.url: "/wine/1" is no URL',
      '$.brand: a Recipe where Brand or Organization is expected',
      '$.offers.availability: "InStock" is no ItemAvailability',
      '$.aggregateRating.ratingCount: 4.5 is no Integer',
    ]);
  });

  it('finds an unknown or missing @type, a missing @context and a bad duration', () => {
    const recipe = JSON.parse(JSON.stringify(documents[3]![1])) as Record<string, unknown>;
    delete recipe['@context'];
    recipe.totalTime = '20 min';
    recipe.author = { name: 'Vinpressen' };
    (recipe.recipeInstructions as Record<string, unknown>[])[0]!['@type'] = 'Howtostep';
    expect(schemaOrgProblems(recipe)).toEqual([
      "$: '@context' must be 'https://schema.org'",
      "$.recipeInstructions[0]: @type 'Howtostep' is no schema.org class",
      '$.recipeInstructions[0]: a Howtostep where CreativeWork or ItemList or Text is expected',
      "$.recipeInstructions[0].position: 'position' is not a property of Howtostep (it belongs to CreativeWork, ListItem)",
      "$.recipeInstructions[0].text: 'text' is not a property of Howtostep (it belongs to CreativeWork)",
      '$.totalTime: "20 min" is no Duration',
      '$.author: no @type',
    ]);
  });

  it("misses Google's required properties", () => {
    expect(googleRichResultProblems({ '@type': 'Product', name: 'x' })).toEqual(['Product: offers, review or aggregateRating is required']);
    expect(googleRichResultProblems({ '@type': 'Product', name: 'x', offers: { '@type': 'Offer', price: '129', priceCurrency: 'kr' } })).toEqual([
      'Offer: price must be a positive number',
      'Offer: priceCurrency (ISO 4217)',
    ]);
    expect(googleRichResultProblems({ '@type': 'Recipe', name: 'x' })).toEqual(['Recipe: image is required']);
    expect(googleRichResultProblems({ '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'a' }] })).toEqual([
      'BreadcrumbList: at least two ListItems',
    ]);
  });
});
