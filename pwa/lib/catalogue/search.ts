import MiniSearch from 'minisearch';
import { foldSwedish, maxTypoEdits, searchTerms, textWords } from '../../../api/contract/search-terms';
import { pricePerLitre } from '../../../api/contract/similar-wines';
import {
  ASSORTMENTS,
  type CatalogueWine,
  type Facet,
  FACETS,
  type FacetValue,
  listFacetValues,
  WINE_TYPES,
  WineSearchQuery,
  type WineSearchInput,
  type WineSearchPage,
} from '../../../api/contract/wine-search';
import { WineSummary } from '../../../api/contract/wines';
import type { SavedCatalogue } from '../db';
import { loadSavedCatalogue } from './sync';

/**
 * The /viner search answered by the device from its catalogue copy (pwa/lib/catalogue/sync.ts) when the network is
 * unreachable: the same input, defaults and answer as GET /api/wines/search (api/contract/wine-search.ts).
 *
 * - Words (`q`): MiniSearch over name (boost 4), producer and grapes (2), country, region and style (1.5) and
 *   description (1), with the server's rule (api/contract/search-terms.ts, docs/catalogue.md 'Words'): words are runs
 *   of letters and digits, folded ('chateau' finds Château, 'gruner' Grüner); every word must begin a word of the wine
 *   ('rioj') or be within its edits of one ('sauvignon blnc'), so both find the same wines.
 * - Filters: AND across filters, OR within one; values compared as the address writes them; taste ranges 1–5; prices
 *   in SEK and kr/l (price × 1000 / volume, 750 ml where unknown). Wines no longer sold (`isDiscontinued`, when the
 *   data has it) are left out unless `discontinued` says 'include' or 'only'.
 * - Facets: for each filter, the values the matching wines have with how many there are, counting as if that
 *   filter's own choice were not made, listed as the server lists them (listFacetValues).
 * - Orders: relevance (the search score; by name without words), price up or down, kr/l, newest (launch date when
 *   the data has it, else vintage), rating, name (Swedish order); ties by name, then id.
 */
export async function searchCatalogueOffline(input: WineSearchInput): Promise<WineSearchPage> {
  const query = WineSearchQuery.parse(input);
  const saved = await loadSavedCatalogue();
  if (!saved) throw new NoSavedCatalogueError();
  return searchPrepared(prepare(saved), query);
}

/** Thrown by searchCatalogueOffline when no catalogue has been stored on the device yet (no online visit since). */
export class NoSavedCatalogueError extends Error {
  constructor() {
    super('Katalogen finns inte sparad på den här enheten än. Anslut till internet en gång så sparas den.');
    this.name = 'NoSavedCatalogueError';
  }
}

const collator = new Intl.Collator('sv-SE');
const bySlug = <K extends string>(table: Record<K, string>) => new Map(Object.entries(table).map(([slug, text]) => [text as string, slug as K]));
const typeSlugOf = bySlug(WINE_TYPES);
const assortmentSlugOf = bySlug(ASSORTMENTS);

/** A wine with what the filters, facets and orders read, worked out once per catalogue. */
interface Row {
  wine: CatalogueWine;
  ppl: number;
  discontinued: boolean;
  launch: string;
  /** The wine's place in the catalogue by name (Swedish order, then id): the tie-break of every order. */
  nameRank: number;
  /** Each facet's values of this wine (a grape list gives several), as the address writes them. */
  facets: Record<Facet, string[]>;
}

interface Prepared {
  version: string;
  rows: Row[];
  index?: MiniSearch<CatalogueWine>;
}

/** Reads the optional fields the catalogue may carry (WineSummary grows: isDiscontinued, launchDate). */
const optional = (wine: CatalogueWine) => wine as CatalogueWine & { isDiscontinued?: boolean | null; launchDate?: string | null };

function facetValues(wine: CatalogueWine): Record<Facet, string[]> {
  const one = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? [] : [String(v)]);
  return {
    type: one(wine.wineType ? typeSlugOf.get(wine.wineType) : null),
    packaging: one(wine.packaging),
    volume: one(wine.volumeMl),
    country: one(wine.country),
    region: one(wine.region),
    grape: (wine.grapeVariety ?? '')
      .split(',')
      .map((g) => g.trim())
      .filter(Boolean),
    food: wine.foodPairings,
    occasion: wine.occasions,
    assortment: one(wine.assortment ? assortmentSlugOf.get(wine.assortment) : null),
    vintage: one(wine.vintage),
    category: wine.categories,
  };
}

let prepared: Prepared | undefined;

/** The catalogue's rows, made once per stored copy (its ETag and time); the text index is made on the first search with words. */
function prepare(saved: SavedCatalogue): Prepared {
  const version = `${saved.etag ?? ''}@${saved.savedAt}`;
  if (prepared?.version === version) return prepared;
  const rows = saved.catalogue.items.map((wine): Row => {
    const facets = facetValues(wine);
    return {
      wine,
      ppl: pricePerLitre(wine),
      discontinued: optional(wine).isDiscontinued === true,
      launch: optional(wine).launchDate ?? '',
      nameRank: 0,
      facets,
    };
  });
  [...rows]
    .sort((a, b) => collator.compare(a.wine.name, b.wine.name) || (a.wine.id < b.wine.id ? -1 : a.wine.id > b.wine.id ? 1 : 0))
    .forEach((row, i) => {
      row.nameRank = i;
    });
  prepared = { version, rows };
  return prepared;
}

/** The MiniSearch index of the catalogue's words (see searchCatalogueOffline for fields, boosts and matching). */
function textIndex(p: Prepared): MiniSearch<CatalogueWine> {
  if (p.index) return p.index;
  const index = new MiniSearch<CatalogueWine>({
    idField: 'id',
    fields: ['name', 'producer', 'grapeVariety', 'country', 'region', 'style', 'description'],
    tokenize: (text) => textWords(foldSwedish(text)),
    processTerm: (term) => term,
    searchOptions: {
      boost: { name: 4, producer: 2, grapeVariety: 2, country: 1.5, region: 1.5, style: 1.5 },
      prefix: true,
      // An edit count of 1 or more is MiniSearch's maximum distance as it is; none: no fuzzy match.
      fuzzy: (term) => maxTypoEdits(term) || false,
      combineWith: 'AND',
    },
  });
  index.addAll(p.rows.map((r) => r.wine));
  p.index = index;
  return index;
}

type Query = WineSearchQuery;

/** The facets' chosen values (matched exactly, as the server does); absent for a filter without a choice. */
function chosenValues(q: Query): Partial<Record<Facet, Set<string>>> {
  const chosen: Partial<Record<Facet, Set<string>>> = {};
  for (const facet of FACETS) {
    const values = q[facet];
    if (values?.length) chosen[facet] = new Set(values.map(String));
  }
  return chosen;
}

const within = (value: number | null, min: number | undefined, max: number | undefined) =>
  min === undefined && max === undefined ? true : value !== null && (min === undefined || value >= min) && (max === undefined || value <= max);

/** The filters that have no facet: prices, taste ranges, organic, 'Granskad', discontinued. */
function passesPlainFilters(row: Row, q: Query): boolean {
  const w = row.wine;
  if (q.discontinued === 'only' ? !row.discontinued : q.discontinued !== 'include' && row.discontinued) return false;
  return (
    within(w.price, q.priceMin, q.priceMax) &&
    within(row.ppl, q.pricePerLitreMin, q.pricePerLitreMax) &&
    within(w.body, q.bodyMin, q.bodyMax) &&
    within(w.sweetness, q.sweetnessMin, q.sweetnessMax) &&
    within(w.acidity, q.acidityMin, q.acidityMax) &&
    within(w.tannins, q.tanninsMin, q.tanninsMax) &&
    (q.organic !== 'true' || w.isOrganic === true) &&
    (q.granskad !== 'true' || w.isGranskadVinpressen)
  );
}

const matchesFacet = (row: Row, facet: Facet, chosen: Set<string>) => row.facets[facet].some((v) => chosen.has(v));

function searchPrepared(p: Prepared, q: Query): WineSearchPage {
  const terms = searchTerms(q.q);
  const scores = terms.length
    ? new Map(
        textIndex(p)
          .search(terms.map((t) => t.term).join(' '))
          .map((hit) => [hit.id as string, hit.score]),
      )
    : undefined;
  const chosen = chosenValues(q);
  const chosenFacets = FACETS.filter((f) => chosen[f]);

  // The wines every filter but the facets' keeps, and for each the facets it fails (at most one matters below).
  const base = p.rows.filter((row) => (!scores || scores.has(row.wine.id)) && passesPlainFilters(row, q));
  const failing = base.map((row) => chosenFacets.filter((f) => !matchesFacet(row, f, chosen[f]!)));
  const matching = base.filter((_, i) => failing[i]!.length === 0);

  const facets = {} as Record<Facet, FacetValue[]>;
  for (const facet of FACETS) {
    // Counted over the wines every other filter keeps: those failing no facet, or failing only this one.
    const counts = new Map<string, number>();
    base.forEach((row, i) => {
      const fails = failing[i]!;
      if (fails.length > 1 || (fails.length === 1 && fails[0] !== facet)) return;
      for (const value of new Set(row.facets[facet])) counts.set(value, (counts.get(value) ?? 0) + 1);
    });
    facets[facet] = listFacetValues(facet, counts, (q[facet] ?? []).map(String));
  }

  const sorted = sortRows(matching, q.sort, scores);
  return {
    items: sorted.slice(q.offset, q.offset + q.limit).map((r) => summaryOf(r.wine)),
    total: sorted.length,
    limit: q.limit,
    offset: q.offset,
    facets,
    ranges: {
      price: range(matching.map((r) => r.wine.price)),
      pricePerLitre: range(matching.map((r) => Math.round(r.ppl * 100) / 100)),
    },
  };
}

const SUMMARY_FIELDS = Object.keys(WineSummary.shape) as (keyof WineSummary)[];

/** The card fields of a catalogue wine (WineSummary, whatever fields it has), as the server's search answers them. */
function summaryOf(wine: CatalogueWine): WineSummary {
  return Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, wine[field]])) as WineSummary;
}

function range(values: number[]): { min: number | null; max: number | null } {
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : { min: null, max: null };
}

/** Nulls last whichever the direction. */
const nullsLast = (a: number | null, b: number | null, dir: 1 | -1) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : (a - b) * dir);

function sortRows(rows: Row[], sort: Query['sort'], scores: Map<string, number> | undefined): Row[] {
  const byName = (a: Row, b: Row) => a.nameRank - b.nameRank;
  const order: Record<Query['sort'], (a: Row, b: Row) => number> = {
    relevance: (a, b) => (scores ? scores.get(b.wine.id)! - scores.get(a.wine.id)! : 0),
    price_asc: (a, b) => a.wine.price - b.wine.price,
    price_desc: (a, b) => b.wine.price - a.wine.price,
    price_per_litre: (a, b) => a.ppl - b.ppl,
    newest: (a, b) => (b.launch < a.launch ? -1 : b.launch > a.launch ? 1 : 0) || nullsLast(a.wine.vintage, b.wine.vintage, -1),
    rating: (a, b) => nullsLast(a.wine.rating, b.wine.rating, -1),
    name: () => 0,
  };
  const compare = order[sort];
  return [...rows].sort((a, b) => compare(a, b) || byName(a, b));
}
