import { foodPairingLabel, occasionLabel, TASTE_SCALES, WINE_CATEGORIES, WINE_CATEGORY_LABELS } from '../../../api/contract/constants';
import type { AssortmentSlug, Facet, WineSearchInput, WineSort, WineTypeSlug } from '../../../api/contract/wine-search';
import type { z } from 'zod';
import { formatVolume } from '../../lib/wine-format';

// The /viner page's search lives in its address (docs: api/contract/wine-search.ts WineSearchQuery): the same
// parameter names and values as GET /api/wines/search, a list as the parameter repeated. This file reads such an
// address into the API's input (dropping what the API would refuse, so an edited link still shows wines) and
// writes changes back. The labels are written here rather than imported from wine-search.ts, which would bring zod
// into the page's chunk; `satisfies` keeps them in step with the contract's values.

/** The wine types' URL values and labels (api/contract/wine-search.ts WINE_TYPES). */
export const TYPE_LABELS = {
  red: 'Rött vin',
  white: 'Vitt vin',
  rose: 'Rosévin',
  sparkling: 'Mousserande vin',
  fortified: 'Starkvin',
} as const satisfies Record<WineTypeSlug, string>;

/** Systembolaget's assortments' URL values and labels (api/contract/wine-search.ts ASSORTMENTS). */
export const ASSORTMENT_LABELS = {
  fast: 'Fast sortiment',
  tillfalligt: 'Tillfälligt sortiment',
  order: 'Ordervaror',
  lokalt: 'Lokalt & Småskaligt',
} as const satisfies Record<z.infer<typeof AssortmentSlug>, string>;

/** The orders of the results, with the sort select's labels (api/contract/wine-search.ts WINE_SORTS). */
export const SORT_LABELS = {
  relevance: 'Relevans',
  price_asc: 'Pris (lägst först)',
  price_desc: 'Pris (högst först)',
  price_per_litre: 'Literpris (lägst först)',
  newest: 'Nyast',
  rating: 'Betyg',
  name: 'Namn',
} as const satisfies Record<WineSort, string>;

/** The filters with per-value counts, in the order the page shows them, and their headings. */
export const FACET_TITLES = {
  type: 'Typ',
  packaging: 'Förpackning',
  volume: 'Volym',
  country: 'Land',
  region: 'Region',
  grape: 'Druva',
  food: 'Passar till',
  occasion: 'Tillfälle',
  assortment: 'Sortiment',
  vintage: 'Årgång',
  category: 'Vinpressens listor',
} as const satisfies Record<Facet, string>;
export const FACET_ORDER = Object.keys(FACET_TITLES) as Facet[];

/** The number ranges: price (SEK) and price per litre (kr/l), given as two number fields. */
export const MONEY_RANGES = [
  { key: 'price', label: 'Pris', unit: 'kr', min: 'priceMin', max: 'priceMax' },
  { key: 'pricePerLitre', label: 'Literpris', unit: 'kr/l', min: 'pricePerLitreMin', max: 'pricePerLitreMax' },
] as const;

/** The four taste scales the search filters on (1–5), labelled as the wine page's 'Smakprofil'. */
export const TASTE_RANGES = (['body', 'sweetness', 'acidity', 'tannins'] as const).map((key) => ({
  key,
  label: TASTE_SCALES.find((s) => s.key === key)?.label ?? key,
  min: `${key}Min` as const,
  max: `${key}Max` as const,
}));

type RangeParam = (typeof MONEY_RANGES)[number]['min' | 'max'] | (typeof TASTE_RANGES)[number]['min' | 'max'];

/** The yes/no filters: the parameter and the value that turns it on. */
export const TOGGLES = [
  { param: 'organic', value: 'true', label: 'Bara ekologiska viner' },
  { param: 'granskad', value: 'true', label: 'Bara Granskad av Vinpressen' },
  { param: 'discontinued', value: 'include', label: 'Visa utgångna viner' },
] as const;

/** Every parameter of the search in the contract's order (the API request's order too). */
const PARAM_ORDER = [
  'q',
  'type',
  'packaging',
  'volume',
  'priceMin',
  'priceMax',
  'pricePerLitreMin',
  'pricePerLitreMax',
  'country',
  'region',
  'grape',
  'bodyMin',
  'bodyMax',
  'sweetnessMin',
  'sweetnessMax',
  'acidityMin',
  'acidityMax',
  'tanninsMin',
  'tanninsMax',
  'food',
  'occasion',
  'organic',
  'assortment',
  'vintage',
  'category',
  'granskad',
  'discontinued',
  'sort',
] as const satisfies readonly (keyof WineSearchInput)[];
type Param = (typeof PARAM_ORDER)[number];

const MAX_VALUES = 50;
const isIn =
  <T extends string>(values: readonly T[]) =>
  (v: string): v is T =>
    (values as readonly string[]).includes(v);
const wholeIn = (min: number, max: number) => (v: string) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max;
const text = (v: string) => v.trim().length > 0 && v.length <= 100;
const sek = (v: string) => v.trim() !== '' && Number.isFinite(Number(v)) && Number(v) >= 0 && Number(v) <= 1_000_000;
const scale = wholeIn(1, 5);

/** What the API accepts for each parameter (api/contract/wine-search.ts WineSearchQuery). */
const VALID: Record<Param, (v: string) => boolean> = {
  q: (v) => v.trim().length > 0 && v.length <= 200,
  type: isIn(Object.keys(TYPE_LABELS)),
  packaging: text,
  volume: wholeIn(1, 100_000),
  priceMin: sek,
  priceMax: sek,
  pricePerLitreMin: sek,
  pricePerLitreMax: sek,
  country: text,
  region: text,
  grape: text,
  bodyMin: scale,
  bodyMax: scale,
  sweetnessMin: scale,
  sweetnessMax: scale,
  acidityMin: scale,
  acidityMax: scale,
  tanninsMin: scale,
  tanninsMax: scale,
  food: text,
  occasion: text,
  organic: (v) => v === 'true',
  assortment: isIn(Object.keys(ASSORTMENT_LABELS)),
  vintage: wholeIn(1900, 2100),
  category: isIn(WINE_CATEGORIES),
  granskad: (v) => v === 'true',
  discontinued: isIn(['include', 'only']),
  sort: isIn(Object.keys(SORT_LABELS)),
};

const LISTS = new Set<string>(FACET_ORDER);

/**
 * The search an address asks for, as GET /api/wines/search takes it (without limit and offset): the lists'
 * values (each once, at most 50), one value of every other parameter (its last), `sort` only when not 'relevance'.
 * Values the API would refuse are dropped.
 */
export function readSearch(params: URLSearchParams): WineSearchInput {
  const input: Record<string, string | string[]> = {};
  for (const name of PARAM_ORDER) {
    const values = params.getAll(name).filter(VALID[name]);
    if (values.length === 0) continue;
    if (LISTS.has(name)) input[name] = [...new Set(values)].slice(0, MAX_VALUES);
    else if (name === 'q') input[name] = values.at(-1)!.trim();
    else if (!(name === 'sort' && values.at(-1) === 'relevance')) input[name] = values.at(-1)!;
  }
  return input as WineSearchInput;
}

/** The values chosen for a list filter (as strings, the address's values). */
export function listValues(search: WineSearchInput, facet: Facet): string[] {
  const values = search[facet];
  return Array.isArray(values) ? values.map(String) : [];
}

/** One parameter's value, '' when absent. */
export function paramValue(search: WineSearchInput, name: Param): string {
  const value = search[name];
  return value === undefined || value === null || Array.isArray(value) ? '' : String(value);
}

/** A copy of `params` with `value` added to the list `name`, or taken out when it is there. */
export function toggleListValue(params: URLSearchParams, name: Facet, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  const values = next.getAll(name);
  next.delete(name);
  for (const v of values.includes(value) ? values.filter((v) => v !== value) : [...values, value]) next.append(name, v);
  return next;
}

/** A copy of `params` with `name` set to `value`, or removed when `value` is '' or undefined. */
export function setParam(params: URLSearchParams, name: Param, value: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined || value === '') next.delete(name);
  else next.set(name, value);
  return next;
}

/** A copy of `params` without any filter: the search words and the sort stay. */
export function clearFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const name of ['q', 'sort'] as const) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  return next;
}

/** The label of a list filter's value when the server gave none: the site's own Swedish names, else the value. */
export function fallbackLabel(facet: Facet, value: string): string {
  switch (facet) {
    case 'type':
      return (TYPE_LABELS as Record<string, string>)[value] ?? value;
    case 'assortment':
      return (ASSORTMENT_LABELS as Record<string, string>)[value] ?? value;
    case 'category':
      return (WINE_CATEGORY_LABELS as Record<string, string>)[value] ?? value;
    case 'food':
      return foodPairingLabel(value);
    case 'occasion':
      return occasionLabel(value);
    case 'volume':
      return formatVolume(Number(value)) || value;
    default:
      return value;
  }
}

/** A chosen filter as a removable chip: its text, and the address without it. */
export interface Chip {
  key: string;
  label: string;
  remove: (params: URLSearchParams) => URLSearchParams;
}

const formatNumber = (v: string) => Number(v).toLocaleString('sv-SE');

/**
 * The chosen filters as chips, in the page's order: each list value, each range (both ends in one chip, e.g.
 * 'Pris: 100–200 kr', 'Fyllighet: minst 3'), each toggle. `labelOf` names a list value (the facets' labels).
 * The search words and the sort are not filters and have no chip.
 */
export function chipsOf(search: WineSearchInput, labelOf: (facet: Facet, value: string) => string): Chip[] {
  const chips: Chip[] = [];
  for (const facet of FACET_ORDER) {
    for (const value of listValues(search, facet)) {
      chips.push({ key: `${facet}=${value}`, label: labelOf(facet, value), remove: (p) => toggleListValue(p, facet, value) });
    }
  }
  const ranges: { label: string; unit: string; min: RangeParam; max: RangeParam; format: (v: string) => string }[] = [
    ...MONEY_RANGES.map((r) => ({ ...r, format: formatNumber })),
    ...TASTE_RANGES.map((r) => ({ ...r, unit: '', format: (v: string) => v })),
  ];
  for (const range of ranges) {
    const min = paramValue(search, range.min);
    const max = paramValue(search, range.max);
    if (!min && !max) continue;
    const unit = range.unit ? ` ${range.unit}` : '';
    const text =
      min && max
        ? `${range.format(min)}–${range.format(max)}${unit}`
        : min
          ? `minst ${range.format(min)}${unit}`
          : `högst ${range.format(max)}${unit}`;
    chips.push({
      key: range.min,
      label: `${range.label}: ${text}`,
      remove: (p) => setParam(setParam(p, range.min, undefined), range.max, undefined),
    });
  }
  for (const toggle of TOGGLES) {
    if (paramValue(search, toggle.param) === toggle.value) {
      chips.push({ key: toggle.param, label: toggle.label, remove: (p) => setParam(p, toggle.param, undefined) });
    }
  }
  // discontinued=only has no toggle of its own (a link may carry it); it still shows and can be removed.
  if (paramValue(search, 'discontinued') === 'only') {
    chips.push({ key: 'discontinued', label: 'Bara utgångna viner', remove: (p) => setParam(p, 'discontinued', undefined) });
  }
  return chips;
}
