// The rule of 'Liknande viner' (similar wines), zod-free: GET /api/wines/{id}/similar runs it on the server over the
// candidates its query selects, and the PWA runs it on the device's catalogue copy when offline, so both answer the
// same wines with the same reasons. Its schema is in api/contract/similar-wines-contract.ts. No zod here: the PWA
// imports this file at run time.

/** How far a similar wine's price per litre may be from the wine's: ±25 %. */
export const SIMILAR_PRICE_BAND = 0.25;
/** How many similar wines are shown. */
export const SIMILAR_WINES_LIMIT = 6;
/** Volume assumed where a wine's is unknown (admin- or partner-entered wines), as the lists' kr/l order does: ml. */
export const DEFAULT_VOLUME_ML = 750;

/** The taste scales compared (1–5), in the order the reason names them, with their Swedish names. */
const TASTE = [
  { key: 'body', name: 'fyllighet' },
  { key: 'sweetness', name: 'sötma' },
  { key: 'acidity', name: 'fruktsyra' },
  { key: 'tannins', name: 'strävhet' },
] as const;

/**
 * What the rule reads of a wine: a full Wine, a WineSummary with the taste scales or a CatalogueWine all fit.
 * price in SEK, volumeMl in ml, the scales 1–5 (null when unknown); `isDiscontinued` true for a wine no longer sold
 * ('Utgått'), absent or null where the data doesn't say.
 */
export interface SimilarWineFields {
  id: string;
  name: string;
  price: number;
  volumeMl: number | null;
  wineType: string | null;
  sweetness: number | null;
  acidity: number | null;
  body: number | null;
  tannins: number | null;
  isDiscontinued?: boolean | null;
}

/** One similar wine and why it was chosen (Swedish, one line). */
export interface SimilarWine<T> {
  wine: T;
  reason: string;
}

/** Price per litre in kr/l: price (SEK) × 1000 / volume (ml), 750 ml where the volume is unknown. */
export function pricePerLitre(wine: Pick<SimilarWineFields, 'price' | 'volumeMl'>): number {
  return (wine.price * 1000) / (wine.volumeMl ?? DEFAULT_VOLUME_ML);
}

/** The kr/l band a similar wine's price per litre must fall in: [min, max] inclusive, ±SIMILAR_PRICE_BAND of `ppl`. */
export function similarPriceBand(ppl: number): { min: number; max: number } {
  return { min: ppl * (1 - SIMILAR_PRICE_BAND), max: ppl * (1 + SIMILAR_PRICE_BAND) };
}

/**
 * Taste distance of two wines: the mean absolute difference over the scales both have (body, sweetness, acidity,
 * tannins; 1–5), so 0 is the same profile and 4 the opposite; null when they share no scale.
 */
export function tasteDistance(a: SimilarWineFields, b: SimilarWineFields): number | null {
  let sum = 0;
  let compared = 0;
  for (const { key } of TASTE) {
    const x = a[key];
    const y = b[key];
    if (x == null || y == null) continue;
    sum += Math.abs(x - y);
    compared += 1;
  }
  return compared ? sum / compared : null;
}

const collator = new Intl.Collator('sv-SE');

/** '−8 %', '+12 %' or '±0 %': the difference of `value` from `base` in whole percent, with a real minus sign. */
function percentFrom(value: number, base: number): string {
  const pct = Math.round((value / base - 1) * 100);
  if (pct === 0) return '±0 %';
  return pct < 0 ? `\u2212${-pct} %` : `+${pct} %`;
}

/** The Swedish list 'a', 'a och b', 'a, b och c'. */
function swedishList(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} och ${words.at(-1)}`;
}

/** The reason of one similar wine: its type, the scales within one step of the wine's, and its kr/l against the wine's. */
function reasonFor(target: SimilarWineFields, wine: SimilarWineFields, ppl: number, targetPpl: number): string {
  const compared = TASTE.filter(({ key }) => target[key] != null && wine[key] != null);
  const close = compared.filter(({ key }) => Math.abs(target[key]! - wine[key]!) <= 1).map((s) => s.name);
  const taste = compared.length === 0 ? 'smakprofil saknas' : close.length ? `liknande ${swedishList(close)}` : 'närmaste smakprofil i prisklassen';
  return `Samma typ, ${taste}, literpris ${Math.round(ppl).toLocaleString('sv-SE')} kr (${percentFrom(ppl, targetPpl)})`;
}

/**
 * 'Liknande viner' (similar wines) of `target` among `candidates`: at most `limit` wines of the same type (wineType)
 * whose price per litre (kr/l, see pricePerLitre) is within ±25 % of the target's, nearest taste profile first
 * (tasteDistance; wines sharing no scale with the target last), ties by the closer kr/l, then by name (Swedish
 * order) and id. The target itself, wines no longer sold (isDiscontinued) and wines without a positive price are
 * left out; a target without a type or a positive price has none. Each comes with a one-line Swedish reason naming
 * the inputs, e.g. 'Samma typ, liknande fyllighet och fruktsyra, literpris 132 kr (−8 %)'.
 */
export function similarWines<T extends SimilarWineFields>(
  target: SimilarWineFields,
  candidates: readonly T[],
  limit = SIMILAR_WINES_LIMIT,
): SimilarWine<T>[] {
  if (!target.wineType || !(target.price > 0)) return [];
  const targetPpl = pricePerLitre(target);
  const band = similarPriceBand(targetPpl);
  const ranked = candidates
    .filter((w) => w.id !== target.id && w.wineType === target.wineType && w.isDiscontinued !== true && w.price > 0)
    .map((wine) => ({ wine, ppl: pricePerLitre(wine), distance: tasteDistance(target, wine) }))
    .filter(({ ppl }) => ppl >= band.min && ppl <= band.max);
  ranked.sort(
    (a, b) =>
      (a.distance ?? Number.POSITIVE_INFINITY) - (b.distance ?? Number.POSITIVE_INFINITY) ||
      Math.abs(a.ppl - targetPpl) - Math.abs(b.ppl - targetPpl) ||
      collator.compare(a.wine.name, b.wine.name) ||
      (a.wine.id < b.wine.id ? -1 : a.wine.id > b.wine.id ? 1 : 0),
  );
  return ranked.slice(0, limit).map(({ wine, ppl }) => ({ wine, reason: reasonFor(target, wine, ppl, targetPpl) }));
}
