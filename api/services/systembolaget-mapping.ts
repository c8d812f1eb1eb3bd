import { z } from 'zod';
import type { WineCategory } from '../contract/constants';
import { wineIdForProductNumber } from '../contract/wine-id';
import type { ImportedWineColumns } from '../queries/systembolaget-import';

/** A calendar day as the data files write it. */
export const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'not a date YYYY-MM-DD');

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
  sourceDate: IsoDate,
  subregion: z.string().nullable(),
  style: z.string().nullable(),
  color: z.string().nullable(),
  assortment: z.string().nullable(),
  organic: z.boolean(),
  productId: z
    .string()
    .regex(/^\d{1,12}$/, 'productId is not a number')
    .nullable(),
  imageUrl: z.string().nullable(),
  launchDate: IsoDate.nullable(),
  sugarGramPer100ml: z.number().min(0).max(100).nullable(),
  isNews: z.boolean(),
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

export interface CategoryContext {
  /**
   * Median price per litre (SEK/l) of each type ('Rött vin', 'Vitt vin', …) over the imported wines still sold
   * (api/queries/wine-prices.ts medianPricePerLitreByType).
   */
  medianPricePerLitreByType: Record<string, number>;
  /** The date of the newest data applied, 'YYYY-MM-DD' (the wine file's sourceDate, or the newest assortment file's). */
  dataDate: string;
}

/** A wine's price per litre must be at most this share of its type's median to be a FYND. */
export const FYND_MAX_SHARE_OF_MEDIAN = 0.5;

/** AKTUELLA (NYLANSERAD) holds the wines launched in this many months up to the data's date, or announced after it. */
export const AKTUELLA_MONTHS = 4;

/** The day `months` calendar months before `date` ('YYYY-MM-DD'; 2026-08-22 → 2026-04-22; 2026-06-30 − 4 → 2026-03-02). */
export function monthsBefore(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1 - months, d)).toISOString().slice(0, 10);
}

/** What the category rules read of a wine: its type, price (SEK), volume (ml), launch date and 'Utgått' date. */
export interface CategoryFacts {
  wineType: string | null;
  price: number;
  volumeMl: number | null;
  launchDate: string | null;
  discontinuedOn: string | null;
}

/**
 * Derives the categories the importer stores for a Systembolaget wine (documented in db/README.md 'Categories'):
 * - FYND: price per litre ≤ 50 % of the median price per litre of the wines of the same type still sold;
 * - NYLANSERAD (Aktuella vintips): launched in the four months up to the data's date (from that day on), or
 *   announced for launch after it;
 * - FOLKETS_VAL: never from the import — only community reviews put a wine there.
 * A wine no longer sold ('Utgått') is in neither list.
 */
export function deriveCategories(wine: CategoryFacts, ctx: CategoryContext): WineCategory[] {
  if (wine.discontinuedOn !== null) return [];
  const categories: WineCategory[] = [];
  const typeMedian = wine.wineType === null ? undefined : ctx.medianPricePerLitreByType[wine.wineType];
  if (typeMedian !== undefined && wine.volumeMl && pricePerLitre(wine.price, wine.volumeMl) <= FYND_MAX_SHARE_OF_MEDIAN * typeMedian) {
    categories.push('FYND');
  }
  if (wine.launchDate !== null && wine.launchDate >= monthsBefore(ctx.dataDate, AKTUELLA_MONTHS)) categories.push('NYLANSERAD');
  return categories;
}

const clean = (s: string | null): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

/**
 * Maps one Systembolaget row to our wine columns (mapping documented in db/README.md):
 * name = name + name2; description = the taste text; grapeVariety = grapes; roughness clock → tannins;
 * no fruity clock exists (null); systembolagetUrl = https://www.systembolaget.se/{productNumber}; price_date = the
 * file's sourceDate; launch date, product id, sugar (g/100 ml) and the news flag as they are. The image address is not
 * stored (photos come later). Categories are not the row's own: they depend on all wines (`deriveCategories`).
 */
export function mapSystembolagetRow(row: SystembolagetRow): ImportedWineColumns {
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
    product_id: row.productId,
    launch_date: row.launchDate,
    sugar_g_per_100ml: row.sugarGramPer100ml,
    is_news: row.isNews,
    price_date: row.sourceDate,
    approval_status: 'approved',
    source: 'systembolaget',
  };
}
