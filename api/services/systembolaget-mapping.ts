import { z } from 'zod';
import type { WineCategory } from '../contract/constants';
import { wineIdForProductNumber } from '../contract/wine-id';

/** One row of db/data/systembolaget-wines.json (db/data/README.md gives the source mapping). */
export const SystembolagetRow = z.object({
  productNumber: z.string().regex(/^\d{1,10}$/, 'productNumber is not a varunummer'),
  name: z.string().trim().min(1, 'name is empty'),
  name2: z.string().nullable(),
  producer: z.string().nullable(),
  price: z.number().positive('price is not positive'),
  volumeMl: z.number().int().positive('volumeMl is not positive'),
  vintage: z.number().int().min(1900).max(2100).nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  grapes: z.string().nullable(),
  alcoholPercent: z.number().min(0).max(100),
  type: z.enum(['Rött vin', 'Vitt vin', 'Rosévin', 'Mousserande vin', 'Starkvin']),
  packaging: z.string().nullable(),
  tasteBody: z.number().int().min(1).max(12).nullable(),
  tasteSweetness: z.number().int().min(1).max(12).nullable(),
  tasteAcidity: z.number().int().min(1).max(12).nullable(),
  tasteRoughness: z.number().int().min(1).max(12).nullable(),
  taste: z.string().nullable(),
  usage: z.string().nullable(),
  foodSymbols: z.array(z.string()).nullable(),
  sourceDate: z.string(),
  subregion: z.string().nullable(),
  style: z.string().nullable(),
  color: z.string().nullable(),
  assortment: z.string().nullable(),
  organic: z.boolean(),
});
export type SystembolagetRow = z.infer<typeof SystembolagetRow>;

/**
 * Systembolaget's food symbols → the spec's foodPairings values (spec 000 §3).
 * Symbols with no counterpart in the spec's list (Grönsaker, Dessert, Asiatiskt, Kryddstarkt, Buffémat)
 * are kept in Swedish: the site shows unknown values raw, so they read correctly.
 * 'Sällskapsdryck' is an occasion, not food: it maps to the occasion 'gathering' instead.
 */
export const FOOD_SYMBOL_MAP: Record<string, string | null> = {
  Fisk: 'fish',
  Skaldjur: 'seafood',
  Fågel: 'poultry',
  Fläsk: 'light_meat',
  Lamm: 'meat',
  Nöt: 'meat',
  Vilt: 'meat',
  Ost: 'cheese',
  Aperitif: 'aperitif',
  Sällskapsdryck: null,
};

/**
 * Systembolaget's taste clocks run 1–12; the site's taste scale runs 1–5 (spec 000 §3).
 * Linear: 1 → 1, 12 → 5, rounded to the nearest step. null (no such clock for this wine) stays null.
 */
export function tasteClockToScale(clock: number | null): number | null {
  if (clock === null) return null;
  return Math.round(1 + ((clock - 1) * 4) / 11);
}

/** Price per litre in SEK for a price in SEK and a volume in ml. */
export function pricePerLitre(price: number, volumeMl: number): number {
  return (price / volumeMl) * 1000;
}

/** Median of a non-empty list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface CategoryContext {
  /** Median price per litre (SEK/l) of each Systembolaget type ('Rött vin', 'Vitt vin', …) in the data set. */
  medianPricePerLitreByType: Record<string, number>;
  /** The newest vintage in the data set (2021 for the 2021-09-21 dump). */
  newestVintage: number;
}

/** A wine's price per litre must be at most this share of its type's median to be a FYND. */
export const FYND_MAX_SHARE_OF_MEDIAN = 0.5;

/**
 * Derives the categories of an imported wine (documented in db/README.md):
 * - FYND: price per litre ≤ 50 % of the median price per litre of wines of the same type;
 * - NYLANSERAD: the vintage is the newest vintage in the data set;
 * - FOLKETS_VAL: never from the import — only community reviews put a wine there.
 */
export function deriveCategories(row: SystembolagetRow, ctx: CategoryContext): WineCategory[] {
  const categories: WineCategory[] = [];
  const typeMedian = ctx.medianPricePerLitreByType[row.type];
  if (typeMedian !== undefined && pricePerLitre(row.price, row.volumeMl) <= FYND_MAX_SHARE_OF_MEDIAN * typeMedian) {
    categories.push('FYND');
  }
  if (row.vintage !== null && row.vintage === ctx.newestVintage) categories.push('NYLANSERAD');
  return categories;
}

/** Builds the category context from every valid row of the data set. */
export function buildCategoryContext(rows: SystembolagetRow[]): CategoryContext {
  const byType: Record<string, number[]> = {};
  for (const r of rows) (byType[r.type] ??= []).push(pricePerLitre(r.price, r.volumeMl));
  const medianPricePerLitreByType = Object.fromEntries(Object.entries(byType).map(([t, v]) => [t, median(v)]));
  const vintages = rows.map((r) => r.vintage).filter((v): v is number => v !== null);
  return { medianPricePerLitreByType, newestVintage: Math.max(...vintages) };
}

/** Columns of a wines row written by the importer (snake_case, as in db/migrations). */
export interface ImportedWineColumns {
  id: string;
  product_number: string;
  name: string;
  description: string;
  price: number;
  categories: WineCategory[];
  vintage: number | null;
  country: string | null;
  region: string | null;
  grape_variety: string | null;
  alcohol_content: number;
  systembolaget_url: string;
  sweetness: number | null;
  acidity: number | null;
  body: number | null;
  tannins: number | null;
  fruity: null;
  food_pairings: string[];
  occasions: string[];
  producer: string | null;
  volume_ml: number;
  wine_type: string;
  packaging: string | null;
  style: string | null;
  color: string | null;
  serving: string | null;
  assortment: string | null;
  is_organic: boolean;
  approval_status: 'approved';
  source: 'systembolaget';
}

const clean = (s: string | null): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

/**
 * Maps one Systembolaget row to our wine columns (mapping documented in db/README.md):
 * name = name + name2; description = the taste text; grapeVariety = grapes; roughness clock → tannins;
 * no fruity clock exists (null); systembolagetUrl = https://www.systembolaget.se/{productNumber}.
 */
export function mapSystembolagetRow(row: SystembolagetRow, ctx: CategoryContext): ImportedWineColumns {
  const foodPairings = new Set<string>();
  const occasions = new Set<string>();
  for (const symbol of row.foodSymbols ?? []) {
    if (symbol === 'Sällskapsdryck' || symbol === 'Buffémat') occasions.add('gathering');
    if (symbol in FOOD_SYMBOL_MAP) {
      const mapped = FOOD_SYMBOL_MAP[symbol];
      if (mapped) foodPairings.add(mapped);
    } else {
      foodPairings.add(symbol);
    }
  }
  const usage = row.usage?.toLocaleLowerCase('sv-SE') ?? '';
  if (usage.includes('sällskapsdryck')) occasions.add('gathering');
  if (usage.includes('aperitif')) foodPairings.add('aperitif');

  return {
    id: wineIdForProductNumber(row.productNumber),
    product_number: row.productNumber,
    name: [row.name.trim(), clean(row.name2)].filter(Boolean).join(' '),
    description: clean(row.taste) ?? '',
    price: row.price,
    categories: deriveCategories(row, ctx),
    vintage: row.vintage,
    country: clean(row.country),
    region: clean(row.region),
    grape_variety: clean(row.grapes),
    alcohol_content: row.alcoholPercent,
    systembolaget_url: `https://www.systembolaget.se/${row.productNumber}`,
    sweetness: tasteClockToScale(row.tasteSweetness),
    acidity: tasteClockToScale(row.tasteAcidity),
    body: tasteClockToScale(row.tasteBody),
    tannins: tasteClockToScale(row.tasteRoughness),
    fruity: null,
    food_pairings: [...foodPairings],
    occasions: [...occasions],
    producer: clean(row.producer),
    volume_ml: row.volumeMl,
    wine_type: row.type,
    packaging: clean(row.packaging),
    style: clean(row.style),
    color: clean(row.color),
    serving: clean(row.usage),
    assortment: clean(row.assortment),
    is_organic: row.organic,
    approval_status: 'approved',
    source: 'systembolaget',
  };
}
