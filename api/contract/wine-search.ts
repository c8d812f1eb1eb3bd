import { z } from 'zod';
import { foodPairingLabel, occasionLabel, WINE_CATEGORIES, WINE_CATEGORY_LABELS } from './constants';
import { WineCategory } from './enums';
import { WINE_PAGE_MAX, WINE_PAGE_SIZE } from './constants';
import { pageLimit, pageOf, pageOffset } from './paging';
import { WineSummary } from './wines';

/**
 * Finding a wine (docs/catalogue.md): GET /api/wines/search searches and filters the whole public catalogue, and
 * GET /api/wines/catalogue hands the device the card data of every public wine for the same search offline.
 *
 * Filters combine with AND; the values of one filter (a parameter repeated: `type=red&type=white`) with OR. Every
 * parameter is optional; no parameter at all lists every wine still sold.
 */

/** The five wine types, as URL values → the stored Systembolaget type (wines.wine_type). */
export const WINE_TYPES = {
  red: 'Rött vin',
  white: 'Vitt vin',
  rose: 'Rosévin',
  sparkling: 'Mousserande vin',
  fortified: 'Starkvin',
} as const;
export const WineTypeSlug = z.enum(Object.keys(WINE_TYPES) as [keyof typeof WINE_TYPES, ...(keyof typeof WINE_TYPES)[]]);
export type WineTypeSlug = z.infer<typeof WineTypeSlug>;

/** Systembolaget's assortments, as URL values → the stored text (wines.assortment). */
export const ASSORTMENTS = {
  fast: 'Fast sortiment',
  tillfalligt: 'Tillfälligt sortiment',
  order: 'Ordervaror',
  lokalt: 'Lokalt & Småskaligt',
} as const;
export const AssortmentSlug = z.enum(Object.keys(ASSORTMENTS) as [keyof typeof ASSORTMENTS, ...(keyof typeof ASSORTMENTS)[]]);

/** The orders of the search: relevance (to `q`; by name without one), price, price per litre, newest launch, rating, name. */
export const WINE_SORTS = ['relevance', 'price_asc', 'price_desc', 'price_per_litre', 'newest', 'rating', 'name'] as const;
export const WineSort = z.enum(WINE_SORTS);
export type WineSort = z.infer<typeof WineSort>;

/** The filters that answer with per-value counts (`facets`), in the order the page shows them. */
export const FACETS = ['type', 'packaging', 'volume', 'country', 'region', 'grape', 'food', 'occasion', 'assortment', 'vintage', 'category'] as const;
export type Facet = (typeof FACETS)[number];

/** The short Swedish type names of the /viner filters (docs/catalogue.md), by URL value. */
export const WINE_TYPE_LABELS: Readonly<Record<WineTypeSlug, string>> = {
  red: 'Rött',
  white: 'Vitt',
  rose: 'Rosé',
  sparkling: 'Mousserande',
  fortified: 'Starkvin',
};

/**
 * The Swedish label of a filter's value as the address writes it, the same on the server (api/presenters/wine-search.ts)
 * and in the offline search (pwa/lib/catalogue/search.ts): types by WINE_TYPE_LABELS, assortments by their
 * Systembolaget names, categories as the site names its lists (Fynd, Aktuella vintips, Folkets val), volume in ml as
 * '750 ml', food and occasions by the site's labels; other values (country, grape, …) as they are.
 */
export function facetLabel(facet: Facet, value: string): string {
  switch (facet) {
    case 'type':
      return WINE_TYPE_LABELS[value as WineTypeSlug] ?? value;
    case 'assortment':
      return ASSORTMENTS[value as keyof typeof ASSORTMENTS] ?? value;
    case 'category':
      return WINE_CATEGORY_LABELS[value as WineCategory] ?? value;
    case 'volume':
      return `${value} ml`;
    case 'food':
      return foodPairingLabel(value);
    case 'occasion':
      return occasionLabel(value);
    default:
      return value;
  }
}

/** At most this many values per facet in an answer (values chosen in the query are always kept). */
export const FACET_VALUES_MAX = 50;

const svCollator = new Intl.Collator('sv-SE');

/** Facets listed in a fixed order (as the page names them) rather than by count. */
const FIXED_FACET_ORDER: Partial<Record<Facet, readonly string[]>> = {
  type: Object.keys(WINE_TYPES),
  assortment: Object.keys(ASSORTMENTS),
  category: WINE_CATEGORIES,
};

/**
 * One facet's values as both searches answer them (docs/catalogue.md 'Filters'), from `counts` (address value → number
 * of wines) and the values `chosen` in the query: labelled (facetLabel); a chosen value no wine has is listed with 0,
 * so it can be unticked; types, assortments and categories in their fixed order, vintages newest first, volumes
 * smallest first, the rest by count (most first) then label (Swedish order); at most FACET_VALUES_MAX, chosen ones
 * always kept.
 */
export function listFacetValues(facet: Facet, counts: ReadonlyMap<string, number>, chosen: readonly string[]): FacetValue[] {
  const list: FacetValue[] = [...counts].map(([value, count]) => ({ value, label: facetLabel(facet, value), count }));
  for (const value of chosen) if (!counts.has(value)) list.push({ value, label: facetLabel(facet, value), count: 0 });
  const fixed = FIXED_FACET_ORDER[facet];
  const rank = (value: string) => {
    const i = fixed?.indexOf(value) ?? -1;
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  list.sort(
    fixed
      ? (a, b) => rank(a.value) - rank(b.value)
      : facet === 'vintage'
        ? (a, b) => Number(b.value) - Number(a.value)
        : facet === 'volume'
          ? (a, b) => Number(a.value) - Number(b.value)
          : (a, b) => b.count - a.count || svCollator.compare(a.label, b.label),
  );
  return list.filter((v, i) => i < FACET_VALUES_MAX || chosen.includes(v.value));
}

/** A query parameter given once or repeated, as a list (at most 50 values). */
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).max(50, { message: 'Högst 50 värden per filter' })).optional();

const text = z.string().trim().min(1).max(100);
const sek = (what: string) =>
  z.coerce
    .number({ message: `${what} måste vara ett tal` })
    .min(0, { message: `${what} får inte vara negativt` })
    .max(1_000_000);
const scale = (what: string) =>
  z.coerce
    .number({ message: `${what} måste vara 1–5` })
    .int({ message: `${what} måste vara 1–5` })
    .min(1, { message: `${what} måste vara 1–5` })
    .max(5, { message: `${what} måste vara 1–5` });
const flag = z.enum(['true']).optional();

/** Query of GET /api/wines/search (and the /viner page's address: the same names and values). */
export const WineSearchQuery = z
  .object({
    q: z.string().trim().max(200, { message: 'Sökningen får vara högst 200 tecken' }).optional().meta({ description: 'Words to search for' }),
    type: many(WineTypeSlug),
    packaging: many(text),
    volume: many(z.coerce.number().int().min(1).max(100_000)).meta({ description: 'ml' }),
    priceMin: sek('Lägsta pris').optional().meta({ description: 'SEK' }),
    priceMax: sek('Högsta pris').optional().meta({ description: 'SEK' }),
    pricePerLitreMin: sek('Lägsta literpris').optional().meta({ description: 'kr/l' }),
    pricePerLitreMax: sek('Högsta literpris').optional().meta({ description: 'kr/l' }),
    country: many(text),
    region: many(text),
    grape: many(text),
    bodyMin: scale('Fyllighet').optional(),
    bodyMax: scale('Fyllighet').optional(),
    sweetnessMin: scale('Sötma').optional(),
    sweetnessMax: scale('Sötma').optional(),
    acidityMin: scale('Fruktsyra').optional(),
    acidityMax: scale('Fruktsyra').optional(),
    tanninsMin: scale('Strävhet').optional(),
    tanninsMax: scale('Strävhet').optional(),
    food: many(text).meta({ description: 'foodPairings values (spec 000 §3)' }),
    occasion: many(text),
    organic: flag.meta({ description: 'true: only organic wines' }),
    assortment: many(AssortmentSlug),
    vintage: many(z.coerce.number().int().min(1900).max(2100)),
    category: many(WineCategory),
    granskad: flag.meta({ description: "true: only wines 'Granskad av Vinpressen'" }),
    discontinued: z.enum(['include', 'only']).optional().meta({ description: "Wines no longer sold ('Utgått') are left out unless included" }),
    sort: WineSort.default('relevance'),
    limit: pageLimit(WINE_PAGE_MAX, WINE_PAGE_SIZE),
    offset: pageOffset(100_000),
  })
  .strict();
export type WineSearchQuery = z.infer<typeof WineSearchQuery>;
/** The search as the address and the API take it, before defaults (what a link or the offline search is given). */
export type WineSearchInput = z.input<typeof WineSearchQuery>;

/** One choice of a filter: its value in the address, its Swedish label and how many wines choosing it would leave. */
export const FacetValue = z.object({ value: z.string(), label: z.string(), count: z.number().int().min(0) }).meta({ id: 'FacetValue' });
export type FacetValue = z.infer<typeof FacetValue>;

/** The lowest and highest value among the matching wines (SEK, kr/l); null when none match. */
const Range = z.object({ min: z.number().nullable(), max: z.number().nullable() });

/**
 * GET /api/wines/search answer: one page of cards, the total, and for each filter the counts its choices would
 * leave given every other filter (a chosen value keeps its count, so it can be unticked).
 */
export const WineSearchPage = z
  .object({
    ...pageOf(WineSummary),
    facets: z.record(z.enum(FACETS), z.array(FacetValue)),
    ranges: z.object({ price: Range, pricePerLitre: Range }),
  })
  .meta({ id: 'WineSearchPage' });
export type WineSearchPage = z.infer<typeof WineSearchPage>;

/**
 * A wine as the device keeps it for offline search, filters, sort and 'Liknande viner': the card fields plus what
 * the filters and the search read. One compact row per public wine.
 */
export const CatalogueWine = WineSummary.extend({
  producer: z.string().nullable(),
  style: z.string().nullable(),
  sweetness: z.number().int().min(1).max(5).nullable(),
  acidity: z.number().int().min(1).max(5).nullable(),
  body: z.number().int().min(1).max(5).nullable(),
  tannins: z.number().int().min(1).max(5).nullable(),
  foodPairings: z.array(z.string()),
  occasions: z.array(z.string()),
  isOrganic: z.boolean().nullable(),
  assortment: z.string().nullable(),
}).meta({ id: 'CatalogueWine' });
export type CatalogueWine = z.infer<typeof CatalogueWine>;

/**
 * GET /api/wines/catalogue answer: every public wine (also those no longer sold, which the offline search leaves
 * out by default as the server does), and the date of the newest data (the device shows it when offline).
 */
export const Catalogue = z
  .object({
    dataDate: z.string().nullable().meta({ description: "The newest Systembolaget data's date, 'YYYY-MM-DD'" }),
    generatedAt: z.string().meta({ description: 'ISO 8601' }),
    items: z.array(CatalogueWine),
  })
  .meta({ id: 'Catalogue' });
export type Catalogue = z.infer<typeof Catalogue>;
