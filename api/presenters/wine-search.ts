import { WINE_CATEGORY_LABELS, foodPairingLabel, occasionLabel, type WineCategory } from '../contract/constants';
import {
  ASSORTMENTS,
  type Catalogue,
  type CatalogueWine,
  FACETS,
  type Facet,
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

/** The short Swedish type names of the /viner filters (docs/catalogue.md), by URL value. */
const TYPE_LABELS: Record<keyof typeof WINE_TYPES, string> = {
  red: 'Rött',
  white: 'Vitt',
  rose: 'Rosé',
  sparkling: 'Mousserande',
  fortified: 'Starkvin',
};

const invert = <K extends string>(map: Record<K, string>) => new Map(Object.entries(map).map(([k, v]) => [v as string, k as K]));
const TYPE_BY_STORED = invert(WINE_TYPES);
const ASSORTMENT_BY_STORED = invert(ASSORTMENTS);

/**
 * A stored facet value as the address value and Swedish label (types and assortments as their URL slugs; categories
 * by WINE_CATEGORY_LABELS; volume in ml as '750 ml'; food and occasions by their labels; others as stored), or null
 * for a stored value the filter cannot choose (a wine type or assortment outside the contract's lists).
 */
function facetValue(facet: Facet, stored: string): { value: string; label: string } | null {
  switch (facet) {
    case 'type': {
      const slug = TYPE_BY_STORED.get(stored);
      return slug ? { value: slug, label: TYPE_LABELS[slug] } : null;
    }
    case 'assortment': {
      const slug = ASSORTMENT_BY_STORED.get(stored);
      return slug ? { value: slug, label: stored } : null;
    }
    case 'category':
      return { value: stored, label: WINE_CATEGORY_LABELS[stored as WineCategory] ?? stored };
    case 'volume':
      return { value: stored, label: `${stored} ml` };
    case 'food':
      return { value: stored, label: foodPairingLabel(stored) };
    case 'occasion':
      return { value: stored, label: occasionLabel(stored) };
    default:
      return { value: stored, label: stored };
  }
}

/** The values of `facet` chosen in the query, as address values (text). */
function chosenValues(query: WineSearchQuery, facet: Facet): string[] {
  return (query[facet] ?? []).map(String);
}

/** A chosen value's label without a count from the database (no wine has it given the other filters). */
function chosenLabel(facet: Facet, value: string): string {
  switch (facet) {
    case 'type':
      return TYPE_LABELS[value as keyof typeof TYPE_LABELS] ?? value;
    case 'assortment':
      return ASSORTMENTS[value as keyof typeof ASSORTMENTS] ?? value;
    default:
      return facetValue(facet, value)?.label ?? value;
  }
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
      if (!values.some((v) => v.value === value)) values.push({ value, label: chosenLabel(facet, value), count: 0 });
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
