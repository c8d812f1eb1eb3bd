import { WineSummary, type Wine, type WineMedal } from '../contract/wines';
import type { WineCategory } from '../contract/enums';
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

/**
 * The public view of a wine (spec 000 §3): an explicit allow-list of fields, camelCase, with the medal an admin
 * awarded at approval (spec 001 §2 'Partner review tab').
 * Partner and owner details, rejection reasons and internal versions never leave through here.
 */
export function presentWine(row: DbPublicWineRow): Wine {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    rating: row.rating,
    categories: parsePgArray(row.categories) as WineCategory[],
    ...presentWineFacts(row),
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
  };
}

const SUMMARY_FIELDS = Object.keys(WineSummary.shape) as (keyof WineSummary)[];

/** The list view of a wine (GET /api/wines): the card fields of `presentWine` (WineSummary), nothing more. */
export function presentWineSummary(row: DbPublicWineRow): WineSummary {
  const wine = presentWine(row);
  return Object.fromEntries(SUMMARY_FIELDS.map((field) => [field, wine[field]])) as WineSummary;
}
