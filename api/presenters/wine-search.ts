import {
  ASSORTMENTS,
  type Catalogue,
  type CatalogueWine,
  FACETS,
  type Facet,
  listFacetValues,
  WINE_TYPES,
  type WineSearchPage,
  type WineSearchQuery,
} from '../contract/wine-search';
import type { DbFacetCount, DbWineSearchResult } from '../queries/wine-search';
import type { DbPublicWineRow } from '../queries/wines';
import { type MedianPricePerLitreByType, type PublicWineOptions, parsePgArray, presentWineSummary } from './wine';

const invert = <K extends string>(map: Record<K, string>) => new Map(Object.entries(map).map(([k, v]) => [v as string, k as K]));
const TYPE_BY_STORED = invert(WINE_TYPES);
const ASSORTMENT_BY_STORED = invert(ASSORTMENTS);

/**
 * A stored facet value as the address value: types and assortments as their URL slugs, the rest as stored; null for
 * a stored value the filter cannot choose (a wine type or assortment outside the contract's lists).
 */
function facetValue(facet: Facet, stored: string): string | null {
  const value = facet === 'type' ? TYPE_BY_STORED.get(stored) : facet === 'assortment' ? ASSORTMENT_BY_STORED.get(stored) : stored;
  return value ?? null;
}

/** The values of `facet` chosen in the query, as address values (text). */
function chosenValues(query: WineSearchQuery, facet: Facet): string[] {
  return (query[facet] ?? []).map(String);
}

/**
 * The facets of a search answer: for every facet of FACETS, its values with Swedish labels and counts, listed by the
 * rule the offline search shares (listFacetValues, api/contract/wine-search.ts).
 */
export function presentFacets(counts: DbFacetCount[], query: WineSearchQuery): WineSearchPage['facets'] {
  const byFacet = Object.fromEntries(FACETS.map((f) => [f, new Map<string, number>()])) as Record<Facet, Map<string, number>>;
  for (const { facet, value, count } of counts) {
    const v = facetValue(facet, value);
    if (v !== null) byFacet[facet].set(v, count);
  }
  return Object.fromEntries(FACETS.map((f) => [f, listFacetValues(f, byFacet[f], chosenValues(query, f))])) as WineSearchPage['facets'];
}

/**
 * Whether any of `rows` is a FYND, i.e. whether its card needs the medians per type for its FYND line (fyndReason is
 * null for every other wine): a search page without one is presented without reading them.
 */
export function needsFyndMedians(rows: DbPublicWineRow[]): boolean {
  return rows.some((row) => parsePgArray(row.categories).includes('FYND'));
}

/**
 * GET /api/wines/search answer: the page's cards (WineSummary, with the FYND line from `medians` as GET /api/wines
 * gives it, with the photo by `options`), total, paging, facets and ranges (SEK, kr/l).
 */
export function presentWineSearchPage(
  result: DbWineSearchResult,
  query: WineSearchQuery,
  medians: MedianPricePerLitreByType,
  options: PublicWineOptions = {},
): WineSearchPage {
  return {
    items: result.rows.map((row) => presentWineSummary(row, medians, options)),
    total: result.total,
    limit: query.limit,
    offset: query.offset,
    facets: presentFacets(result.facets, query),
    ranges: {
      price: { min: result.ranges.priceMin, max: result.ranges.priceMax },
      pricePerLitre: { min: result.ranges.pplMin, max: result.ranges.pplMax },
    },
  };
}

/**
 * A wine of the offline catalogue: the card (presentWineSummary, FYND line from `medians`, photo by `options`) plus what
 * the filters and the search read.
 */
export function presentCatalogueWine(row: DbPublicWineRow, medians: MedianPricePerLitreByType, options: PublicWineOptions): CatalogueWine {
  return {
    ...presentWineSummary(row, medians, options),
    producer: row.producer,
    style: row.style,
    sweetness: row.sweetness,
    acidity: row.acidity,
    body: row.body,
    tannins: row.tannins,
    foodPairings: row.food_pairings,
    occasions: row.occasions,
    isOrganic: row.is_organic,
    assortment: row.assortment,
  };
}

/**
 * GET /api/wines/catalogue answer: every public wine, the newest data date ('YYYY-MM-DD') and, as `generatedAt`, the
 * time of the newest change to a public wine (the catalogue as of then; the Unix epoch without wines).
 */
export function presentCatalogue(
  rows: DbPublicWineRow[],
  dates: { data_date: string | null; changed_at: Date | null },
  medians: MedianPricePerLitreByType,
  options: PublicWineOptions = {},
): Catalogue {
  return {
    dataDate: dates.data_date,
    generatedAt: (dates.changed_at ?? new Date(0)).toISOString(),
    items: rows.map((row) => presentCatalogueWine(row, medians, options)),
  };
}
