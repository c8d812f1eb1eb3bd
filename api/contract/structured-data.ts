import type {
  AggregateRating,
  Article as ArticleLd,
  BreadcrumbList,
  HowToStep,
  ListItem,
  Offer,
  Organization,
  Product,
  Recipe as RecipeLd,
  SearchAction,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';
import type { Recipe } from './recipes';
import { SITE_NAME, absoluteUrl, articlePath, jsonScriptText, recipePath, winePath } from './seo';
import type { Wine } from './wines';

// Schema.org JSON-LD for the public pages (docs/seo.md 'Structured data'): pure builders typed with schema-dts
// (Google's TypeScript types of schema.org) and jsonLdScriptContent(), which makes the text of a
// <script type="application/ld+json"> element. The server-rendered pages import this file; api/test/schemaorg/
// checks every builder's output against schema.org's vocabulary and Google's required properties.

/** At least this many different members must have published reviews before a wine carries an AggregateRating. */
export const MIN_REVIEWERS_FOR_RATING = 5;

/** The organisation that sells every wine with a Systembolaget link. */
const SYSTEMBOLAGET: Organization = { '@type': 'Organization', name: 'Systembolaget', url: 'https://www.systembolaget.se/' };

/** Vinpressen as publisher and author: its name, home page and the app icon as logo. */
export function vinpressenOrganization(origin: string): Organization {
  return { '@type': 'Organization', name: SITE_NAME, url: `${origin}/`, logo: `${origin}/icons/icon-512.png` };
}

/**
 * The published community reviews of a wine, as GET /api/wines/{id} gives them (api/contract/wines.ts WineDetail):
 * how many, from how many different members, and the mean of their final ratings (1–5; null when none).
 */
export interface WineReviewFigures {
  reviewCount: number;
  reviewerCount: number;
  reviewAverage: number | null;
}

/** The fields of a public wine the Product needs (a Wine or WineDetail of api/contract/wines.ts fits). */
export type ProductWine = Pick<
  Wine,
  'id' | 'name' | 'description' | 'price' | 'producer' | 'country' | 'wineType' | 'productNumber' | 'systembolagetUrl' | 'imageUrl' | 'isDiscontinued'
>;

/**
 * A wine's page as a schema.org Product with one Offer (docs/seo.md 'Structured data').
 *
 * - offers: the price in SEK (priceCurrency 'SEK', incl. VAT as the site shows it); availability InStock, or
 *   Discontinued for a wine no longer sold ('Utgått', db/README.md 'Assortment files'); with a Systembolaget link, the
 *   Offer's url is that link and its seller Systembolaget (partner wines without one get no seller);
 * - brand and manufacturer: the producer, when known; countryOfOrigin, category (the wine type), sku (Systembolaget's
 *   varunummer);
 * - image: `image` when given (what the page shows, e.g. its illustration), else the wine's imageUrl; absolute;
 * - aggregateRating: only when at least MIN_REVIEWERS_FOR_RATING different members have published reviews with a
 *   rating (Google shows stars for it, so a handful of voices must not look like a verdict): ratingValue the mean
 *   (one decimal), ratingCount and reviewCount the published reviews, on the site's 1–5 scale.
 *
 * @param origin the site's public origin (PUBLIC_URL), e.g. 'https://vinpressen.se'
 */
export function wineProductJsonLd(
  wine: ProductWine,
  reviews: WineReviewFigures,
  opts: { origin: string; image?: string | null },
): WithContext<Product> {
  const image = absoluteUrl(opts.origin, opts.image ?? wine.imageUrl);
  const buyUrl = absoluteUrl(opts.origin, wine.systembolagetUrl);
  const offer: Offer = {
    '@type': 'Offer',
    price: wine.price,
    priceCurrency: 'SEK',
    availability: wine.isDiscontinued ? 'https://schema.org/Discontinued' : 'https://schema.org/InStock',
    itemCondition: 'https://schema.org/NewCondition',
    ...(buyUrl ? { url: buyUrl, seller: SYSTEMBOLAGET } : {}),
  };
  const producer = wine.producer?.trim();
  const description = wine.description.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: wine.name,
    url: absoluteUrl(opts.origin, winePath(wine))!,
    ...(description ? { description } : {}),
    ...(image ? { image } : {}),
    ...(producer ? { brand: { '@type': 'Brand', name: producer }, manufacturer: { '@type': 'Organization', name: producer } } : {}),
    ...(wine.country ? { countryOfOrigin: { '@type': 'Country', name: wine.country } } : {}),
    ...(wine.wineType ? { category: wine.wineType } : {}),
    ...(wine.productNumber ? { sku: wine.productNumber } : {}),
    offers: offer,
    ...(aggregateRating(reviews) ?? {}),
  };
}

/** { aggregateRating } by the rule of wineProductJsonLd, or null below MIN_REVIEWERS_FOR_RATING different members. */
function aggregateRating(reviews: WineReviewFigures): { aggregateRating: AggregateRating } | null {
  if (reviews.reviewerCount < MIN_REVIEWERS_FOR_RATING || reviews.reviewAverage === null) return null;
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: Math.round(reviews.reviewAverage * 10) / 10,
      bestRating: 5,
      worstRating: 1,
      ratingCount: reviews.reviewCount,
      reviewCount: reviews.reviewCount,
    },
  };
}

/**
 * A built-in recipe's page (`/recept/{id}`) as a schema.org Recipe: name, description, image (absolute), the
 * ingredients as written, each step a HowToStep, totalTime from the recipe's minutes (ISO 8601, e.g. 'PT45M'; the
 * time the recipe page states), recipeYield in portions, recipeCategory (Förrätt, Huvudrätt, Dessert), keywords from
 * its tags, Vinpressen as author.
 */
export function recipeJsonLd(recipe: Recipe, opts: { origin: string }): WithContext<RecipeLd> {
  const image = absoluteUrl(opts.origin, recipe.image);
  const steps: HowToStep[] = recipe.steps.map((text, i) => ({ '@type': 'HowToStep', position: i + 1, text }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.title,
    url: absoluteUrl(opts.origin, recipePath(recipe))!,
    description: recipe.description,
    ...(image ? { image: [image] } : {}),
    recipeIngredient: [...recipe.ingredients],
    recipeInstructions: steps,
    totalTime: `PT${recipe.cookingTime}M`,
    recipeYield: `${recipe.servings} portioner`,
    recipeCategory: recipe.category,
    keywords: recipe.tags.join(', '),
    inLanguage: 'sv-SE',
    author: vinpressenOrganization(opts.origin),
  };
}

/** The fields of a published article the Article needs (an Article or ArticleSummary of api/contract/content.ts). */
export interface ArticleForStructuredData {
  slug: string;
  title: string;
  excerpt: string;
  /** The author's name as typed in the editor (api/contract/content.ts Article.authorId). */
  authorId: string;
  featuredImageUrl: string | null;
  /** ISO 8601; null for a draft (a draft has no page for search engines). */
  publishedAt: string | null;
  /** ISO 8601 */
  updatedAt: string;
}

/**
 * A published article's page (`/artiklar/{slug}`) as a schema.org Article: headline (the title), description (the
 * excerpt, when written), datePublished and dateModified (ISO 8601; never before the publication), the author by
 * name (a Person; the editors' default 'admin' and an empty name stand for Vinpressen itself, an Organization),
 * image (the featured image, absolute, when set), Vinpressen as publisher.
 */
export function articleJsonLd(article: ArticleForStructuredData, opts: { origin: string }): WithContext<ArticleLd> {
  const image = absoluteUrl(opts.origin, article.featuredImageUrl);
  const published = article.publishedAt ?? article.updatedAt;
  const modified = Date.parse(article.updatedAt) > Date.parse(published) ? article.updatedAt : published;
  const authorName = article.authorId.trim();
  const author: ArticleLd['author'] =
    !authorName || authorName === 'admin' ? vinpressenOrganization(opts.origin) : { '@type': 'Person', name: authorName };
  const description = article.excerpt.trim();
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: article.title,
    url: absoluteUrl(opts.origin, articlePath(article))!,
    ...(description ? { description } : {}),
    ...(image ? { image: [image] } : {}),
    datePublished: published,
    dateModified: modified,
    author,
    publisher: vinpressenOrganization(opts.origin),
    inLanguage: 'sv-SE',
  };
}

/** One step of a breadcrumb trail: the page's name and its site path ('/', '/viner', '/wine/{id}'). */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * A page's breadcrumb trail as a schema.org BreadcrumbList, from the home page to the page itself: each ListItem has
 * its position (from 1), name and its page as item (a WebPage with the absolute address as @id).
 *
 * @throws Error for a path that is not a site path (absoluteUrl's rule): a programming error, never input
 */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], opts: { origin: string }): WithContext<BreadcrumbList> {
  const itemListElement: ListItem[] = crumbs.map((crumb, i) => {
    const url = crumb.path.startsWith('/') ? absoluteUrl(opts.origin, crumb.path) : null;
    if (!url) throw new Error(`breadcrumbJsonLd: '${crumb.path}' is not a site path`);
    const page: Thing = { '@type': 'WebPage', '@id': url };
    return { '@type': 'ListItem', position: i + 1, name: crumb.name, item: page };
  });
  return { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement };
}

/**
 * The home page's WebSite: Vinpressen's name, address and language, Vinpressen as publisher (an Organization with its
 * logo), and a SearchAction for the whole catalogue's search, `/viner?q={search_term_string}` (the masthead's search,
 * pwa/app/header-search.tsx).
 */
export function websiteJsonLd(opts: { origin: string }): WithContext<WebSite> {
  const search: SearchAction & { 'query-input': string } = {
    '@type': 'SearchAction',
    target: { '@type': 'EntryPoint', urlTemplate: `${opts.origin}/viner?q={search_term_string}` },
    'query-input': 'required name=search_term_string',
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: SITE_NAME,
    url: `${opts.origin}/`,
    inLanguage: 'sv-SE',
    publisher: vinpressenOrganization(opts.origin),
    potentialAction: search,
  };
}

/**
 * `data` as the text of a `<script type="application/ld+json">` element (jsonScriptText of api/contract/seo.ts: no
 * value can end the element). Put it in the element as it is (React: dangerouslySetInnerHTML={{ __html: … }}).
 */
export function jsonLdScriptContent(data: object): string {
  return jsonScriptText(data);
}
