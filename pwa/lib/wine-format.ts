import type { Wine } from '../../api/contract/wines';

/**
 * The price rule of spec 000 §3: non-numeric characters are stripped (so '299 kr' and '1 299,50' read),
 * then whole kronor are shown as 'N kr' and fractional prices with 2 decimals ('89.50 kr').
 * Returns '' when nothing numeric is left.
 */
export function formatPrice(price: number | string | null | undefined): string {
  if (price === null || price === undefined) return '';
  const text = String(price)
    .replace(',', '.')
    .replace(/[^0-9.]/g, '');
  const value = Number.parseFloat(text);
  if (!Number.isFinite(value)) return '';
  return Number.isInteger(value) ? `${value} kr` : `${value.toFixed(2)} kr`;
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

export const FALLBACK_IMAGES = ['/images/wine-fallback-1.svg', '/images/wine-fallback-2.svg'] as const;

/**
 * One of the two fallback images (spec 000 §2: 'chosen at random'). Random per wine but stable, so a
 * card does not flicker between the two on every render.
 */
export function fallbackImageFor(seed: string): string {
  let h = 0;
  for (let i = 0; i < seed.length; i += 1) h = (h * 31 + seed.charCodeAt(i)) | 0;
  return FALLBACK_IMAGES[Math.abs(h) % FALLBACK_IMAGES.length]!;
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
