import { formatKronor } from '../../api/contract/money';
import type { Wine } from '../../api/contract/wines';

/**
 * The price rule of spec 000 §3: non-numeric characters are stripped (so '299 kr' and '1 299,50' read),
 * then whole kronor are shown as 'N kr' and fractional prices with 2 decimals, the Swedish way
 * ('89,50 kr', '1 299 kr': formatKronor). Returns '' when nothing numeric is left.
 */
export function formatPrice(price: number | string | null | undefined): string {
  if (price === null || price === undefined) return '';
  const text = String(price)
    .replace(',', '.')
    .replace(/[^0-9.]/g, '');
  const value = Number.parseFloat(text);
  if (!Number.isFinite(value)) return '';
  return formatKronor(value);
}

/** Name followed by the vintage, unless the name already contains it (spec 000 §2 'Wine card'). */
export function nameWithVintage(wine: Pick<Wine, 'name' | 'vintage'>): string {
  if (!wine.vintage || wine.name.includes(String(wine.vintage))) return wine.name;
  return `${wine.name} ${wine.vintage}`;
}

/** Alcohol content (number or numeric text, spec 000 §3) as a Swedish percentage, e.g. '13,5 %'. */
export function formatAlcohol(alcohol: number | string | null | undefined): string {
  if (alcohol === null || alcohol === undefined || alcohol === '') return '';
  const value = typeof alcohol === 'number' ? alcohol : Number.parseFloat(String(alcohol).replace(',', '.'));
  if (!Number.isFinite(value)) return '';
  return `${value.toLocaleString('sv-SE', { maximumFractionDigits: 1 })} %`;
}

/** Region • grape variety • alcohol, skipping what is missing (spec 000 §2 'Wine card'). */
export function wineFactsLine(wine: Pick<Wine, 'region' | 'country' | 'grapeVariety' | 'alcoholContent'>): string {
  return [wine.region ?? wine.country, wine.grapeVariety, formatAlcohol(wine.alcoholContent)].filter(Boolean).join(' • ');
}

/** The kinds of drawing a wine without a photo gets (docs/wine-photos.md). */
export type WineDrawingKind = 'red' | 'white' | 'rose' | 'sparkling' | 'fortified' | 'box' | 'carton';

/** What a drawing is chosen by: the wine's type ('Rött vin', 'Mousserande vin', …), packaging ('Box', 'Pappförpackning', …) and volume (ml). */
export type WineDrawingFacts = Partial<Pick<Wine, 'wineType' | 'packaging' | 'volumeMl'>>;

/**
 * Which drawing fits a wine (docs/wine-photos.md): a box for a bag-in-box ('Box'; or, with no packaging given, 2 litres
 * or more), a carton for a carton ('Pappförpackning', Tetra); else a glass of its type (WINE_TYPES of
 * api/contract/wine-search.ts): sparkling ('Mousserande vin'), rosé ('Rosévin'), fortified ('Starkvin'), white ('Vitt
 * vin'), and red for 'Rött vin' and any other or unknown type. Terse on purpose: the start page's first load carries it.
 */
export function wineDrawingKind({ wineType, packaging, volumeMl }: WineDrawingFacts): WineDrawingKind {
  // One text to test, each word of the type after a space: ' Flaska Vitt vin', ' Box Rött vin', ' null Rosévin'.
  const k = ` ${packaging} ${wineType}`;
  return /box/i.test(k) || (!packaging && volumeMl! >= 2000)
    ? 'box'
    : /papp|tetra/i.test(k)
      ? 'carton'
      : / mou|spark/i.test(k)
        ? 'sparkling'
        : / ros/i.test(k)
          ? 'rose'
          : / stark/i.test(k)
            ? 'fortified'
            : / vit/i.test(k)
              ? 'white'
              : 'red';
}

/**
 * The drawing a wine shows without a photo, or when its photo fails (spec 000 §2 'Image'; docs/wine-photos.md): the
 * one of its kind (wineDrawingKind), and of the two red ones the one its id picks, so a wine always gets the same.
 */
export function wineDrawingFor(wine: { id: string } & WineDrawingFacts): string {
  const kind = wineDrawingKind(wine);
  if (kind !== 'red') return `/images/drawings/${kind}.svg`;
  let h = 0;
  for (let i = 0; i < wine.id.length; i += 1) h = (h * 31 + wine.id.charCodeAt(i)) | 0;
  return `/images/wine-fallback-${1 + (h & 1)}.svg`;
}

/** 'Köp nu' target: the wine's systembolagetUrl, else a search for its name at Systembolaget (spec 000 §2). */
export function buyUrl(wine: Pick<Wine, 'name' | 'systembolagetUrl'>): string {
  return wine.systembolagetUrl || `https://www.systembolaget.se/sortiment/?q=${encodeURIComponent(wine.name)}`;
}

/** A volume in ml the way Swedes read it on a label: 750 → '75 cl', 375 → '37,5 cl', 3000 → '3 l'. '' when unknown. */
export function formatVolume(ml: number | null | undefined): string {
  if (!ml || ml <= 0) return '';
  const fmt = (n: number) => n.toLocaleString('sv-SE', { maximumFractionDigits: 2 });
  return ml >= 1000 ? `${fmt(ml / 1000)} l` : `${fmt(ml / 10)} cl`;
}

/**
 * What the price buys, shown beside it: the volume, and the packaging unless it is an ordinary bottle
 * ('3 l · Box', '25 cl · Burk', '75 cl'). FYND compares prices per litre, so the card must say the size.
 */
export function packLine(wine: { volumeMl: number | null; packaging: string | null }): string {
  const volume = formatVolume(wine.volumeMl);
  const packaging = wine.packaging && wine.packaging !== 'Flaska' ? wine.packaging : '';
  return [volume, packaging].filter(Boolean).join(' · ');
}
