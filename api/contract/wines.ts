import { z } from 'zod';
import { ApprovalStatus, WineCategory } from './enums';
import { WINE_PAGE_MAX, WINE_PAGE_SIZE } from './constants';
import { pageLimit, pageOf, pageOffset } from './paging';

export { WINE_PAGE_MAX, WINE_PAGE_SIZE };

const Scale = z.number().int().min(1).max(5).nullable();

/**
 * The medal an admin awarded a wine at approval (spec 001 §2 'Partner review tab', 'Medaljhantering'): the medal
 * design's id, name and category (FYND, NYLANSERAD, FOLKETS_VAL or GRANSKAD). The design is drawn at
 * /api/medal-designs/{id}.svg. Also part of the partner's view of a wine (api/contract/partner.ts).
 */
export const WineMedal = z.object({ id: z.string(), name: z.string(), category: z.string() }).meta({ id: 'WineMedal' });
export type WineMedal = z.infer<typeof WineMedal>;

/**
 * The vintage, origin, grape, alcohol (% by volume), Systembolaget link and image of a wine: the same fields in the
 * public Wine and the partner's PartnerWine (api/contract/partner.ts); presenters/wine.ts presentWineFacts fills them.
 */
export const WineOriginFields = {
  vintage: z.number().int().nullable(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  grapeVariety: z.string().nullable(),
  alcoholContent: z.number().nullable().meta({ description: '% by volume' }),
  systembolagetUrl: z.string().nullable(),
  imageUrl: z.string().nullable(),
};

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One earlier price of a wine (db/README.md 'Assortment files'): SEK, the vintage and volume (ml) it was for, its date. */
export const WinePricePoint = z
  .object({
    price: z.number().meta({ description: 'SEK incl. VAT' }),
    vintage: z.number().int().nullable(),
    volumeMl: z.number().int().nullable().meta({ description: 'ml' }),
    priceDate: Day.meta({ description: "'YYYY-MM-DD': the date of the data that gave this price" }),
  })
  .meta({ id: 'WinePricePoint' });
export type WinePricePoint = z.infer<typeof WinePricePoint>;

/**
 * What a wine's price is worth and how current it is (db/README.md 'Prices and their dates'): the same fields in
 * Wine and WineSummary.
 */
const PriceFields = {
  pricePerLitre: z.number().nullable().meta({ description: 'kr/l, rounded to whole kronor; null when the volume is unknown' }),
  priceDate: Day.nullable().meta({
    description:
      "'YYYY-MM-DD'. Systembolaget's wines: the date of the data that gave the price (the wine file's or the newest assortment file's). " +
      'Partner and admin wines: the day (Swedish time) the wine was last saved, so the price was set then or before',
  }),
  launchDate: Day.nullable().meta({ description: "'YYYY-MM-DD': the product's launch at Systembolaget; null for partner and admin wines" }),
  isDiscontinued: z.boolean().meta({ description: "No longer sold ('Utgått'): kept, but out of the lists" }),
  productId: z.string().nullable().meta({ description: "Systembolaget's internal product id (the key to its photo)" }),
};

/** A public wine (spec 000 §3 'Wine'). Prices in SEK incl. VAT; alcoholContent in % by volume; scales 1–5. */
export const Wine = z
  .object({
    id: z.uuid(),
    name: z.string(),
    description: z.string(),
    price: z.number().meta({ description: 'SEK incl. VAT' }),
    rating: z.number().min(1).max(5).nullable().meta({ description: '1–5 glasses; null until rated' }),
    categories: z.array(WineCategory),
    ...WineOriginFields,
    sweetness: Scale,
    acidity: Scale,
    body: Scale,
    tannins: Scale,
    fruity: Scale,
    foodPairings: z.array(z.string()),
    occasions: z.array(z.string()),
    isGranskadVinpressen: z.boolean(),
    medal: WineMedal.nullable().meta({ description: 'The medal design awarded at approval; null when none' }),
    approvalStatus: ApprovalStatus,
    producer: z.string().nullable(),
    volumeMl: z.number().int().nullable().meta({ description: 'ml' }),
    wineType: z.string().nullable().meta({ example: 'Rött vin' }),
    packaging: z.string().nullable(),
    style: z.string().nullable(),
    color: z.string().nullable(),
    serving: z.string().nullable().meta({ description: "Systembolaget's serving text, e.g. 'Serveras vid 16-18°C till …'" }),
    productNumber: z.string().nullable().meta({ description: "Systembolaget's varunummer" }),
    isOrganic: z.boolean().nullable(),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    ...PriceFields,
    discontinuedOn: Day.nullable().meta({ description: "'YYYY-MM-DD': the date of the assortment file that found it no longer sold" }),
    priceHistory: z.array(WinePricePoint).meta({ description: 'Earlier prices, oldest first (the current one is price at priceDate)' }),
  })
  .meta({ id: 'Wine' });
export type Wine = z.infer<typeof Wine>;

/**
 * GET /api/wines/{id}: the Wine with its published community reviews counted (docs/seo.md 'Structured data': the
 * page's JSON-LD gives an AggregateRating only from MIN_REVIEWERS_FOR_RATING different members on, see
 * api/contract/structured-data.ts). `rating` may have been set by hand; reviewAverage is the reviews' own mean.
 */
export const WineDetail = Wine.extend({
  reviewCount: z.number().int().min(0).meta({ description: 'Published (approved) community reviews with a final rating' }),
  reviewerCount: z.number().int().min(0).meta({ description: 'Different members among their authors' }),
  reviewAverage: z.number().min(1).max(5).nullable().meta({ description: 'Mean of their final ratings (1–5, two decimals); null when none' }),
}).meta({ id: 'WineDetail' });
export type WineDetail = z.infer<typeof WineDetail>;

/**
 * A wine as lists show it (cards): the fields a card needs, so that a list page stays small on a phone, and for a
 * FYND the line that explains it (`fyndReason`). The full Wine comes from GET /api/wines/{id}.
 */
export const WineSummary = Wine.pick({
  id: true,
  name: true,
  description: true,
  price: true,
  rating: true,
  categories: true,
  vintage: true,
  country: true,
  region: true,
  grapeVariety: true,
  alcoholContent: true,
  systembolagetUrl: true,
  imageUrl: true,
  isGranskadVinpressen: true,
  medal: true,
  volumeMl: true,
  packaging: true,
  wineType: true,
  pricePerLitre: true,
  priceDate: true,
  launchDate: true,
  isDiscontinued: true,
  productId: true,
})
  .extend({
    fyndReason: z.string().nullable().meta({
      description:
        "For a FYND by the rule (db/README.md 'Categories'), its inputs in one line, e.g. 'Literpris 55 kr – 45 % av medianen för vitt vin (122 kr/l)'; else null",
      example: 'Literpris 55 kr – 45 % av medianen för vitt vin (122 kr/l)',
    }),
  })
  .meta({ id: 'WineSummary' });
export type WineSummary = z.infer<typeof WineSummary>;

const uuidList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  )
  .pipe(
    z
      .array(z.uuid({ message: 'Ogiltigt vin-id' }))
      .min(1)
      .max(100, { message: 'Högst 100 id:n åt gången' }),
  );

/** Query of GET /api/wines. `ids` returns exactly those wines (in that order) and ignores limit/offset. */
export const WineListQuery = z
  .object({
    category: WineCategory.optional().meta({ description: 'FYND, NYLANSERAD or FOLKETS_VAL' }),
    ids: uuidList.optional().meta({ description: 'Comma-separated wine ids (at most 100), e.g. for recipes' }),
    limit: pageLimit(WINE_PAGE_MAX, WINE_PAGE_SIZE).meta({ description: `Page size, 1–${WINE_PAGE_MAX} (default ${WINE_PAGE_SIZE})` }),
    offset: pageOffset(100_000).meta({ description: 'How many wines to skip' }),
  })
  .strict();
export type WineListQuery = z.infer<typeof WineListQuery>;

/**
 * GET /api/wines answer: one page of wine summaries and the total number of matching wines (the list
 * pages' 'N FYND HITTADE'). The spec's client unwraps `items` (spec 000 §7).
 */
export const WinePage = z
  .object({
    ...pageOf(WineSummary),
  })
  .meta({ id: 'WinePage' });
export type WinePage = z.infer<typeof WinePage>;

export const WineIdParams = z.object({ id: z.uuid({ message: 'Ogiltigt vin-id' }) });

/** One entry of GET /api/slider-wines (spec 000 §3 'Slider item'). */
export const SliderItem = z
  .object({
    id: z.uuid(),
    label: z.string(),
    position: z.number().int().min(1).max(10),
    wine: Wine,
  })
  .meta({ id: 'SliderItem' });
export type SliderItem = z.infer<typeof SliderItem>;
export const SliderList = z.array(SliderItem);
