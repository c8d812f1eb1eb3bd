import { swedishDate } from '../contract/dates';
import { WineSummary, type Wine, type WineDetail, type WineMedal, type WinePricePoint } from '../contract/wines';
import { winePhotoUrl } from '../contract/wine-photos';
import type { WineCategory } from '../contract/enums';
import type { DbWinePriceHistoryRow } from '../queries/wine-prices';
import type { DbPublicWineRow, DbWineRow } from '../queries/wines';

/** Postgres returns arrays of enums as '{FYND,NYLANSERAD}' text (node-pg knows no custom array types). */
export function parsePgArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
}

/** The awarded medal design {id, name, category}, or null (none awarded, or the design was deleted). */
export function presentWineMedal(row: Pick<DbPublicWineRow, 'medal_design_id' | 'medal_name' | 'medal_category'>): WineMedal | null {
  if (!row.medal_design_id || row.medal_name == null || row.medal_category == null) return null;
  return { id: row.medal_design_id, name: row.medal_name, category: row.medal_category };
}

/**
 * A wine's facts and taste profile as every full wine view shows them (public, partner): vintage, origin, grape,
 * alcohol (%), the Systembolaget link, the image, the five taste scales (1–5), food pairings and occasions.
 */
export function presentWineFacts(row: DbWineRow) {
  return {
    vintage: row.vintage,
    country: row.country,
    region: row.region,
    grapeVariety: row.grape_variety,
    alcoholContent: row.alcohol_content,
    systembolagetUrl: row.systembolaget_url,
    imageUrl: row.image_url,
    sweetness: row.sweetness,
    acidity: row.acidity,
    body: row.body,
    tannins: row.tannins,
    fruity: row.fruity,
    foodPairings: row.food_pairings,
    occasions: row.occasions,
  };
}

/** Price per litre in kr/l, whole kronor (SEK for `volumeMl` ml); null when the volume is unknown. */
export function pricePerLitre(price: number, volumeMl: number | null): number | null {
  return volumeMl ? Math.round((price * 1000) / volumeMl) : null;
}

/**
 * How current a wine's price is (db/README.md 'Prices and their dates'): price per litre (kr/l, whole kronor), the
 * price's date ('YYYY-MM-DD': Systembolaget's wines the date of their data; partner and admin wines, which have none,
 * the Swedish day they were last saved, so the price was set then or before), launch date, 'Utgått' and product id.
 */
export function presentWinePriceFacts(row: DbWineRow) {
  return {
    pricePerLitre: pricePerLitre(row.price, row.volume_ml),
    priceDate: row.price_date ?? swedishDate(row.updated_at),
    launchDate: row.launch_date,
    isDiscontinued: row.discontinued_on !== null,
    productId: row.product_id,
  };
}

/** Earlier prices (wine_price_history rows of one wine) as the Wine's priceHistory, oldest first. */
export function presentPriceHistory(rows: DbWinePriceHistoryRow[]): WinePricePoint[] {
  return [...rows]
    .sort((a, b) => a.price_date.localeCompare(b.price_date))
    .map((r) => ({ price: r.price, vintage: r.vintage, volumeMl: r.volume_ml, priceDate: r.price_date }));
}

/** How the public views present a wine: `photos` when the bottle photos are on (WINE_PHOTO_SOURCE is not 'off'). */
export interface PublicWineOptions {
  photos?: boolean;
}

/**
 * The image a public view names (docs/wine-photos.md): the wine's own image (uploaded or an https address), else, with
 * photos on, its Systembolaget photo through our origin (winePhotoUrl: the card size); else null (the page draws it).
 */
function publicWineImageUrl(row: Pick<DbWineRow, 'image_url' | 'product_id'>, { photos = false }: PublicWineOptions = {}): string | null {
  if (row.image_url) return row.image_url;
  return photos && row.product_id ? winePhotoUrl(row.product_id) : null;
}

/**
 * The public view of a wine (spec 000 §3): an explicit allow-list of fields, camelCase, with the medal an admin
 * awarded at approval (spec 001 §2 'Partner review tab'), its price facts and `priceHistory` (its earlier prices), and
 * as `imageUrl` its photo when `options.photos` (publicWineImageUrl).
 * Partner and owner details, rejection reasons and internal versions never leave through here.
 */
export function presentWine(row: DbPublicWineRow, priceHistory: DbWinePriceHistoryRow[] = [], options: PublicWineOptions = {}): Wine {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    rating: row.rating,
    categories: parsePgArray(row.categories) as WineCategory[],
    ...presentWineFacts(row),
    imageUrl: publicWineImageUrl(row, options),
    isGranskadVinpressen: row.is_granskad_vinpressen,
    medal: presentWineMedal(row),
    approvalStatus: row.approval_status,
    producer: row.producer,
    volumeMl: row.volume_ml,
    wineType: row.wine_type,
    packaging: row.packaging,
    style: row.style,
    color: row.color,
    serving: row.serving,
    productNumber: row.product_number,
    isOrganic: row.is_organic,
    createdAt: row.created_at.toISOString(),
    ...presentWinePriceFacts(row),
    discontinuedOn: row.discontinued_on,
    priceHistory: presentPriceHistory(priceHistory),
  };
}

/**
 * A wine's page (GET /api/wines/{id}): presentWine with its published community reviews counted, as
 * api/queries/reviews.ts publishedReviewFigures gives them; the mean rounded to two decimals (null when none);
 * `options` as presentWine's (the photo address).
 */
export function presentWineDetail(
  row: DbPublicWineRow,
  priceHistory: DbWinePriceHistoryRow[],
  figures: { review_count: number; reviewer_count: number; average: number | null },
  options: PublicWineOptions = {},
): WineDetail {
  return {
    ...presentWine(row, priceHistory, options),
    reviewCount: figures.review_count,
    reviewerCount: figures.reviewer_count,
    reviewAverage: figures.average === null ? null : Math.round(figures.average * 100) / 100,
  };
}

/** The median price per litre (kr/l) of each wine type, as api/queries/wine-prices.ts medianPricePerLitreByType gives it. */
export type MedianPricePerLitreByType = Record<string, number>;

/** A FYND's price per litre must be at most this share of its type's median (db/README.md 'Categories'). */
const FYND_SHARE = 0.5;

/**
 * The line that explains a FYND (db/README.md 'Categories'): 'Literpris 55 kr – 45 % av medianen för vitt vin
 * (122 kr/l)' — the price per litre, its share of the type's median (whole %) and the median (kr/l, whole kronor).
 * Null when the wine is no FYND, or its type has no median, its volume is unknown or it is above 50 % (a FYND an
 * admin gave by hand).
 */
export function fyndReason(row: DbWineRow, medians: MedianPricePerLitreByType): string | null {
  if (!parsePgArray(row.categories).includes('FYND') || !row.volume_ml || !row.wine_type) return null;
  const median = medians[row.wine_type];
  if (!median) return null;
  const perLitre = (row.price * 1000) / row.volume_ml;
  if (perLitre > FYND_SHARE * median) return null;
  const type = row.wine_type.charAt(0).toLocaleLowerCase('sv-SE') + row.wine_type.slice(1);
  return `Literpris ${Math.round(perLitre)} kr – ${Math.round((perLitre / median) * 100)} % av medianen för ${type} (${Math.round(median)} kr/l)`;
}

const SUMMARY_FIELDS = Object.keys(WineSummary.shape) as (keyof WineSummary)[];

/**
 * The list view of a wine (GET /api/wines): the card fields of `presentWine` (WineSummary), nothing more, and the
 * FYND line from `medians` (fyndReason; null when no medians are given); the photo as presentWine gives it.
 */
export function presentWineSummary(row: DbPublicWineRow, medians: MedianPricePerLitreByType = {}, options: PublicWineOptions = {}): WineSummary {
  const wine = presentWine(row, [], options);
  const summary = Object.fromEntries(SUMMARY_FIELDS.filter((f) => f !== 'fyndReason').map((field) => [field, wine[field as keyof Wine]]));
  return { ...summary, fyndReason: fyndReason(row, medians) } as WineSummary;
}
