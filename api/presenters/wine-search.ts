import {
  ASSORTMENTS,
  type Catalogue,
  type CatalogueWine,
  FACETS,
  type Facet,
  facetLabel,
  type FacetValue,
  WINE_TYPES,
  type WineSearchPage,
  type WineSearchQuery,
} from '../contract/wine-search';
import type { DbFacetCount, DbWineSearchResult } from '../queries/wine-search';
import type { DbPublicWineRow } from '../queries/wines';
import { type MedianPricePerLitreByType, parsePgArray, presentWineSummary } from './wine';

/** At most this many values per facet (the most common; values chosen in the query are always kept). */
export const FACET_VALUES_MAX = 50;

const invert = <K extends string>(map: Record<K, string>) => new Map(Object.entries(map).map(([k, v]) => [v as string, k as K]));
const TYPE_BY_STORED = invert(WINE_TYPES);
const ASSORTMENT_BY_STORED = invert(ASSORTMENTS);

/**
 * A stored facet value as the address value and its Swedish label (facetLabel): types and assortments as their URL
 * slugs, the rest as stored; null for a stored value the filter cannot choose (a wine type or assortment outside the
 * contract's lists).
 */
function facetValue(facet: Facet, stored: string): { value: string; label: string } | null {
  const value = facet === 'type' ? TYPE_BY_STORED.get(stored) : facet === 'assortment' ? ASSORTMENT_BY_STORED.get(stored) : stored;
  return value === undefined ? null : { value, label: facetLabel(facet, value) };
}

/** The values of `facet` chosen in the query, as address values (text). */
function chosenValues(query: WineSearchQuery, facet: Facet): string[] {
  return (query[facet] ?? []).map(String);
}

const byCountThenLabel = (a: FacetValue, b: FacetValue) => b.count - a.count || a.label.localeCompare(b.label, 'sv');

/**
 * The facets of a search answer: for every facet of FACETS, its values with Swedish labels and counts, by count
 * (descending) then label; at most FACET_VALUES_MAX per facet, but a chosen value always stays (with count 0 when
 * no wine has it given the other filters), so it can be unticked.
 */
export function presentFacets(counts: DbFacetCount[], query: WineSearchQuery): WineSearchPage['facets'] {
  const out = Object.fromEntries(FACETS.map((f) => [f, [] as FacetValue[]])) as Record<Facet, FacetValue[]>;
  for (const { facet, value, count } of counts) {
    const v = facetValue(facet, value);
    if (v) out[facet].push({ ...v, count });
  }
  for (const facet of FACETS) {
    const chosen = chosenValues(query, facet);
    const values = out[facet].sort(byCountThenLabel);
    for (const value of chosen) {
      if (!values.some((v) => v.value === value)) values.push({ value, label: facetLabel(facet, value), count: 0 });
    }
    out[facet] = values.filter((v, i) => i < FACET_VALUES_MAX || chosen.includes(v.value));
  }
  return out;
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
 * gives it), total, paging, facets and ranges (SEK, kr/l).
 */
export function presentWineSearchPage(result: DbWineSearchResult, query: WineSearchQuery, medians: MedianPricePerLitreByType): WineSearchPage {
  return {
    items: result.rows.map((row) => presentWineSummary(row, medians)),
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

/** A wine of the offline catalogue: the card (presentWineSummary, FYND line from `medians`) plus what the filters and the search read. */
export function presentCatalogueWine(row: DbPublicWineRow, medians: MedianPricePerLitreByType): CatalogueWine {
  return {
    ...presentWineSummary(row, medians),
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
): Catalogue {
  return {
    dataDate: dates.data_date,
    generatedAt: (dates.changed_at ?? new Date(0)).toISOString(),
    items: rows.map((row) => presentCatalogueWine(row, medians)),
  };
}
