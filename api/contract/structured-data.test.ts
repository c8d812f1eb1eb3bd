import { describe, expect, it } from 'vitest';
import { RECIPES } from '../queries/recipes';
import {
  type ArticleForStructuredData,
  MIN_REVIEWERS_FOR_RATING,
  type ProductWine,
  articleJsonLd,
  breadcrumbJsonLd,
  jsonLdScriptContent,
  recipeJsonLd,
  websiteJsonLd,
  wineProductJsonLd,
} from './structured-data';

const origin = 'https://vinpressen.se';

const wine: ProductWine = {
  id: '7e3959c9-7aac-5962-bc75-87e80018703e',
  name: 'Louis Bouillot Crémant de Bourgogne Brut',
  description: 'Frisk och fruktig med toner av gröna äpplen.',
  price: 129,
  producer: 'Louis Bouillot',
  country: 'Frankrike',
  wineType: 'Mousserande vin',
  productNumber: '7637',
  systembolagetUrl: 'https://www.systembolaget.se/produkt/vin/louis-bouillot-7637/',
  imageUrl: '/api/images/0b6a3c1e-1f55-4b8e-9a44-6c1b6b1b6b1b',
  isDiscontinued: false,
};

const noReviews = { reviewCount: 0, reviewerCount: 0, reviewAverage: null };

describe('wineProductJsonLd', () => {
  it('is a Product with one Offer in SEK, in stock, sold by Systembolaget at its link, with the producer as brand', () => {
    const ld = wineProductJsonLd(wine, noReviews, { origin });
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: wine.name,
      url: `${origin}/wine/${wine.id}`,
      description: wine.description,
      image: `${origin}/api/images/0b6a3c1e-1f55-4b8e-9a44-6c1b6b1b6b1b`,
      brand: { '@type': 'Brand', name: 'Louis Bouillot' },
      manufacturer: { '@type': 'Organization', name: 'Louis Bouillot' },
      countryOfOrigin: { '@type': 'Country', name: 'Frankrike' },
      category: 'Mousserande vin',
      sku: '7637',
      offers: {
        '@type': 'Offer',
        price: 129,
        priceCurrency: 'SEK',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        url: wine.systembolagetUrl,
        seller: { '@type': 'Organization', name: 'Systembolaget', url: 'https://www.systembolaget.se/' },
      },
    });
  });

  it("offers a wine no longer sold ('Utgått') as Discontinued", () => {
    const ld = wineProductJsonLd({ ...wine, isDiscontinued: true }, noReviews, { origin });
    expect(ld.offers).toMatchObject({ availability: 'https://schema.org/Discontinued', price: 129 });
  });

  it('leaves out what the wine lacks: no link (a partner wine) means no seller; no producer, image or description', () => {
    const bare = {
      ...wine,
      systembolagetUrl: null,
      producer: '  ',
      imageUrl: null,
      description: ' ',
      country: null,
      wineType: null,
      productNumber: null,
    };
    const ld = wineProductJsonLd(bare, noReviews, { origin }) as unknown as Record<string, unknown>;
    expect(Object.keys(ld).sort()).toEqual(['@context', '@type', 'name', 'offers', 'url']);
    expect(ld.offers).toEqual({
      '@type': 'Offer',
      price: 129,
      priceCurrency: 'SEK',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    });
  });

  it('takes the image the page shows when given, and never an address that is not http(s) or a site path', () => {
    expect(wineProductJsonLd(wine, noReviews, { origin, image: '/images/wine-red.svg' })).toMatchObject({ image: `${origin}/images/wine-red.svg` });
    expect(wineProductJsonLd({ ...wine, imageUrl: 'javascript:alert(1)' }, noReviews, { origin })).not.toHaveProperty('image');
    expect(wineProductJsonLd({ ...wine, imageUrl: '//evil.example/x.png' }, noReviews, { origin })).not.toHaveProperty('image');
  });

  it(`gives an AggregateRating from ${MIN_REVIEWERS_FOR_RATING} different members on`, () => {
    const ld = wineProductJsonLd(wine, { reviewCount: 5, reviewerCount: 5, reviewAverage: 4.25 }, { origin });
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      bestRating: 5,
      worstRating: 1,
      ratingCount: 5,
      reviewCount: 5,
    });
  });

  it('gives none from 4 members, nor from 5 reviews by 4 members, nor without an average', () => {
    expect(wineProductJsonLd(wine, { reviewCount: 4, reviewerCount: 4, reviewAverage: 5 }, { origin })).not.toHaveProperty('aggregateRating');
    expect(wineProductJsonLd(wine, { reviewCount: 5, reviewerCount: 4, reviewAverage: 5 }, { origin })).not.toHaveProperty('aggregateRating');
    expect(wineProductJsonLd(wine, { reviewCount: 5, reviewerCount: 5, reviewAverage: null }, { origin })).not.toHaveProperty('aggregateRating');
  });
});

describe('recipeJsonLd', () => {
  const recipe = RECIPES.find((r) => r.id === 'toast-skagen')!;

  it('is a Recipe with its ingredients, each step a HowToStep, its time, portions and category', () => {
    const ld = recipeJsonLd(recipe, { origin });
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Recipe',
      name: 'Toast Skagen',
      url: `${origin}/recept/toast-skagen`,
      description: recipe.description,
      image: [`${origin}/images/recipes/toast-skagen.svg`],
      recipeIngredient: recipe.ingredients,
      totalTime: 'PT20M',
      recipeYield: '4 portioner',
      recipeCategory: 'Förrätt',
      keywords: 'skaldjur, räkor, klassiker, fest',
      author: { '@type': 'Organization', name: 'Vinpressen' },
    });
    expect(ld.recipeInstructions).toEqual(recipe.steps.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, text })));
  });
});

describe('articleJsonLd', () => {
  const article: ArticleForStructuredData = {
    slug: 'hostens-viner',
    title: 'Höstens viner',
    excerpt: 'Tio flaskor till svampen och viltet.',
    authorId: 'Karin Lind',
    featuredImageUrl: '/api/images/5f0c2a51-7a7d-4a3e-9d2e-111111111111',
    publishedAt: '2026-10-01T08:00:00.000Z',
    updatedAt: '2026-10-03T12:30:00.000Z',
  };

  it('is an Article with headline, dates, the author by name, image and Vinpressen as publisher', () => {
    expect(articleJsonLd(article, { origin })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'Höstens viner',
      url: `${origin}/artiklar/hostens-viner`,
      description: 'Tio flaskor till svampen och viltet.',
      image: [`${origin}/api/images/5f0c2a51-7a7d-4a3e-9d2e-111111111111`],
      datePublished: '2026-10-01T08:00:00.000Z',
      dateModified: '2026-10-03T12:30:00.000Z',
      author: { '@type': 'Person', name: 'Karin Lind' },
      publisher: { '@type': 'Organization', name: 'Vinpressen', url: `${origin}/`, logo: `${origin}/icons/icon-512.png` },
      inLanguage: 'sv-SE',
    });
  });

  it("names Vinpressen as author for the editor's default 'admin', and never modifies before publishing", () => {
    const ld = articleJsonLd({ ...article, authorId: 'admin', updatedAt: '2026-09-30T00:00:00.000Z' }, { origin });
    expect(ld.author).toMatchObject({ '@type': 'Organization', name: 'Vinpressen' });
    expect(ld.dateModified).toBe('2026-10-01T08:00:00.000Z');
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the trail from 1, each step naming its page by absolute address', () => {
    const ld = breadcrumbJsonLd(
      [
        { name: 'Vinpressen', path: '/' },
        { name: 'Alla viner', path: '/viner' },
        { name: wine.name, path: `/wine/${wine.id}` },
      ],
      { origin },
    );
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Vinpressen', item: { '@type': 'WebPage', '@id': `${origin}/` } },
      { '@type': 'ListItem', position: 2, name: 'Alla viner', item: { '@type': 'WebPage', '@id': `${origin}/viner` } },
      { '@type': 'ListItem', position: 3, name: wine.name, item: { '@type': 'WebPage', '@id': `${origin}/wine/${wine.id}` } },
    ]);
  });

  it('refuses a step that is not a site path', () => {
    expect(() => breadcrumbJsonLd([{ name: 'Ut', path: 'https://evil.example/' }], { origin })).toThrow(/not a site path/);
  });
});

describe('websiteJsonLd', () => {
  it("is the WebSite with a SearchAction into /viner's search", () => {
    expect(websiteJsonLd({ origin })).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Vinpressen',
      url: `${origin}/`,
      inLanguage: 'sv-SE',
      publisher: { '@type': 'Organization', name: 'Vinpressen', url: `${origin}/`, logo: `${origin}/icons/icon-512.png` },
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${origin}/viner?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('jsonLdScriptContent', () => {
  const hostile = '</script><script>alert(1)</script>';

  it('writes a wine named </script><script>alert(1)</script> so that it cannot end the script element', () => {
    const text = jsonLdScriptContent(wineProductJsonLd({ ...wine, name: hostile }, noReviews, { origin }));
    expect(text).not.toMatch(/[<>]/);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(text).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e');
    expect(JSON.parse(text).name).toBe(hostile);
  });

  it("escapes '&' (no entity or comment can form), U+2028 and U+2029, and JSON.parse gives back exactly the data", () => {
    const data = { '@type': 'Thing', name: `A & B <!-- ${'\u2028'}x${'\u2029'} -->`, n: 1.5, list: ['å', 'ä', 'ö', '"'] };
    const text = jsonLdScriptContent(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain('\\u0026');
    expect(text).toContain('\\u2028');
    expect(text).toContain('\\u2029');
    expect(JSON.parse(text)).toEqual(data);
  });
});
