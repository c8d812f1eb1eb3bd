import { z } from 'zod';
import { swedishYearMonth } from './dates';
import { ApprovalStatus, WineCategory, WineSource } from './enums';
import { APPROVAL_STATUSES, LIMITS, WINE_CATEGORIES, WINE_PAGE_MAX } from './constants';
import { Wine } from './wines';
import { isSafeLink } from './link-rules';
import { pageLimit, pageOf, pageOffset } from './paging';
import { CLEAN_TEXT } from './text-rules';

// Admin wines (spec 001 §2 'Wines tab', §3 'Wine (admin and partner view)', §5 'Admin wine form', §7, §8) and
// uploaded images (images live in Postgres and are served at /api/images/{id}).

/**
 * Largest width and height of an uploaded image, in pixels, as its header declares them, and the largest area
 * (width × height, pixels). A 5 MB file can declare 100,000 × 100,000 pixels (a decompression bomb): every browser that
 * shows it would try to decode 40 GB. 8000 px is more than any page or print of the site needs.
 */
export const IMAGE_MAX_SIDE_PX = 8000;
export const IMAGE_MAX_PIXELS = 40_000_000;

/** Swedish messages of the admin wine form and the image upload (spec 001 §5, §8 where quoted). */
export const ADMIN_WINE_MESSAGES = {
  nameRequired: 'Vinnamn krävs',
  descriptionRequired: 'Beskrivning krävs',
  priceRequired: 'Pris krävs',
  priceUnreadable: "Priset går inte att läsa. Skriv till exempel 299, '299 kr' eller '129,50 kr'.",
  priceDecimals: 'Priset får ha högst två decimaler (ören).',
  pricePositive: 'Priset måste vara större än 0 kr.',
  priceTooHigh: 'Priset är orimligt högt.',
  ratingRange: 'Betyget måste vara mellan 1 och 5.',
  ratingStep: 'Betyget får ha högst en decimal.',
  vintageType: 'Årgången måste vara ett årtal, till exempel 2020.',
  vintageRange: (max: number) => `Årgången måste vara ett år mellan ${LIMITS.vintageMin} och ${max}.`,
  alcoholRange: 'Alkoholhalten måste vara mellan 0 och 100 %.',
  scaleRange: 'Värdet måste vara ett heltal mellan 1 och 5, eller Ej angivet.',
  categoryUnknown: 'Okänd kategori. Välj FYND, NYLANSERAD eller FOLKETS_VAL.',
  approvalStatusAdmin: 'Status måste vara pending, approved eller rejected.',
  urlInvalid: 'Ange en fullständig webbadress som börjar med http:// eller https://.',
  imageUrlInvalid: 'Bildadressen måste vara en uppladdad bild (/api/images/…) eller en https-adress.',
  imageDataUrl: 'Bilden ska laddas upp, inte klistras in som data-URL.',
  imageMissing: 'Bilden finns inte längre. Ladda upp den igen.',
  foodPairingUnknown: (value: string) => `Okänd matkombination: ${value}.`,
  occasionUnknown: (value: string) => `Okänt tillfälle: ${value}.`,
  textExpected: 'Ange en text.',
  tooLong: (max: number) => `Högst ${max} tecken.`,
  tooMany: (max: number) => `Högst ${max} val.`,
  notFound: 'Vinet finns inte.',
  // Image upload
  imageRequired: 'Välj en bild att ladda upp (fältet image).',
  imageTooLarge: 'Bilden är för stor. Största tillåtna storlek är 5 MB.',
  imageType: 'Filen är ingen bild i ett tillåtet format (JPEG, PNG, WebP, GIF eller AVIF).',
  imageOnlyOne: 'Ladda upp en bild åt gången.',
  imageDimensions: `Bilden har för många pixlar. Största tillåtna storlek är ${IMAGE_MAX_SIDE_PX} × ${IMAGE_MAX_SIDE_PX} pixlar och ${IMAGE_MAX_PIXELS / 1_000_000} megapixlar.`,
  imageDimensionsUnreadable: 'Bildens bredd och höjd går inte att läsa. Spara om bilden och försök igen.',
  imageUnreadable: 'Uppladdningen kunde inte läsas. Försök igen.',
  imageNotFound: 'Bilden finns inte.',
} as const;
const M = ADMIN_WINE_MESSAGES;

/** Largest image upload: 5 MB. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Image types the upload accepts, judged by the file's content (magic bytes), never by its name. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];
/** The site-relative URL of an uploaded image. */
export const imageUrlFor = (id: string): string => `/api/images/${id}`;
/** Matches a site-relative uploaded image URL and captures its id. */
export const IMAGE_PATH_RE = /^\/api\/images\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** The uploaded image (lower-case id) an image URL names (/api/images/{id}), or undefined for none or another site. */
export function uploadedImageId(imageUrl: string | null | undefined): string | undefined {
  return imageUrl ? IMAGE_PATH_RE.exec(imageUrl)?.[1]?.toLowerCase() : undefined;
}

/** Largest price the admin form accepts, SEK. */
export const PRICE_MAX_SEK = 10_000_000;
/** Page size of GET /api/admin/wines: default and largest. */
export const ADMIN_WINE_PAGE_SIZE = 50;

const TEXT_MAX = 200;
const DESCRIPTION_MAX = 5000;
const URL_MAX = 2000;
const LIST_MAX = 20;

/** The current year in Sweden (the vintage maximum and default, spec 001 §5, §9). */
export function currentSwedishYear(now: Date = new Date()): number {
  return swedishYearMonth(now).year;
}

/** True when `n` has at most `decimals` decimals (tolerating binary floating point: 129.5 * 100 = 12950.000000000002). */
function hasAtMostDecimals(n: number, decimals: number): boolean {
  const scaled = n * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

export type PriceParse = { ok: true; sek: number } | { ok: false; message: string };

/**
 * Reads a price in SEK from the admin form (spec 001 §3: "the admin form takes free text such as '299 kr'"):
 * a number, or text such as '299', '299 kr', '299:-', '299,-', '129,50 kr', '129.50', '1 299,50 kr' (space or
 * no-break space between thousands), '1.299,50 kr', 'SEK 299'. Answers the amount with at most 2 decimals
 * (öre), > 0 and ≤ PRICE_MAX_SEK, or the Swedish reason it cannot be read. '1.299' is refused (three
 * decimals) rather than guessed.
 */
export function parsePriceSek(input: number | string): PriceParse {
  let amount: number;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: M.priceUnreadable };
    if (!hasAtMostDecimals(input, 2)) return { ok: false, message: M.priceDecimals };
    amount = input;
  } else {
    let s = input.normalize('NFKC').trim().toLowerCase();
    if (!s) return { ok: false, message: M.priceRequired };
    s = s
      .replace(/^(sek|kr\.?)\s*/, '')
      .replace(/\s*(kr\.?|kronor|sek|:-|,-|\.-)$/, '')
      .replace(/(\d)[\s\u00a0\u202f']+(?=\d{3}\b)/g, '$1');
    // '1.299,50': dots as thousands separators, comma as the decimal sign.
    if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(s)) s = s.replace(/\./g, '');
    const m = /^(\d+)(?:[.,](\d+))?$/.exec(s);
    if (!m) return { ok: false, message: M.priceUnreadable };
    if ((m[2] ?? '').length > 2) return { ok: false, message: M.priceDecimals };
    amount = Number(`${m[1]}.${m[2] ?? '0'}`);
  }
  if (amount <= 0) return { ok: false, message: M.pricePositive };
  if (amount > PRICE_MAX_SEK) return { ok: false, message: M.priceTooHigh };
  return { ok: true, sek: Math.round(amount * 100) / 100 };
}

/** Price field: number or free text → SEK with 2 decimals (400 with a Swedish message when unreadable). */
const Price = z
  .union(
    [
      z.number(),
      z
        .string()
        .refine(...CLEAN_TEXT)
        .max(50, { message: M.priceUnreadable }),
    ],
    { message: M.priceRequired },
  )
  .transform((value, ctx) => {
    const parsed = parsePriceSek(value);
    if (parsed.ok) return parsed.sek;
    ctx.issues.push({ code: 'custom', message: parsed.message, input: value });
    return z.NEVER;
  })
  .meta({ description: "SEK incl. VAT: a number or free text such as '299 kr' or '129,50 kr'", example: '299 kr' });

/** '' (an empty form field) → null; anything else as it is. */
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
/** '' → undefined (an empty query parameter). */
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
/** A numeric form value: numbers as they are, numeric strings (decimal comma allowed) as numbers. */
const numeric = (v: unknown) => (typeof v === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(v) ? Number(v.trim().replace(',', '.')) : v);

/** Optional free text: no forbidden characters (api/contract/text-rules.ts), trimmed, '' → null, at most `max` characters. */
const OptionalText = (max = TEXT_MAX) =>
  z.preprocess(
    emptyToNull,
    z
      .string({ message: M.textExpected })
      .refine(...CLEAN_TEXT)
      .trim()
      .max(max, { message: M.tooLong(max) })
      .nullable(),
  );

const Rating = z.preprocess(
  (v) => numeric(emptyToNull(v)),
  z
    .number({ message: M.ratingRange })
    .min(LIMITS.ratingMin, { message: M.ratingRange })
    .max(LIMITS.ratingMax, { message: M.ratingRange })
    .refine((n) => hasAtMostDecimals(n, 1), { message: M.ratingStep })
    .nullable()
    .meta({ description: '1–5 glasses (one decimal at most); null = not rated' }),
);

const Vintage = z.preprocess(
  (v) => numeric(emptyToNull(v)),
  z
    .number({ message: M.vintageType })
    .int({ message: M.vintageType })
    .superRefine((year, ctx) => {
      // Checked on every call, not when the module loads: a server running across New Year accepts the new year.
      const max = currentSwedishYear();
      if (year < LIMITS.vintageMin || year > max) ctx.addIssue({ code: 'custom', message: M.vintageRange(max), input: year });
    })
    .nullable()
    .meta({ description: 'Year, 1900 to the current year; null = non-vintage' }),
);

const AlcoholContent = z.preprocess(
  (v) => numeric(emptyToNull(v)),
  z
    .number({ message: M.alcoholRange })
    .min(0, { message: M.alcoholRange })
    .max(100, { message: M.alcoholRange })
    .transform((n) => Math.round(n * 10) / 10)
    .nullable()
    .meta({ description: '% by volume, one decimal; null (or an empty string) when unknown' }),
);

const Scale = z.preprocess(
  (v) => numeric(emptyToNull(v)),
  z.number({ message: M.scaleRange }).int({ message: M.scaleRange }).min(1, { message: M.scaleRange }).max(5, { message: M.scaleRange }).nullable(),
);

const HttpUrl = z.preprocess(
  emptyToNull,
  z
    .string({ message: M.urlInvalid })
    .trim()
    .max(URL_MAX, { message: M.tooLong(URL_MAX) })
    .refine((s) => isSafeLink(s, { schemes: ['http:', 'https:'], sitePaths: false }), { message: M.urlInvalid })
    .nullable(),
);

const ImageUrl = z.preprocess(
  emptyToNull,
  z
    .string({ message: M.imageUrlInvalid })
    .trim()
    .superRefine((s, ctx) => {
      if (/^data:/i.test(s)) ctx.addIssue({ code: 'custom', message: M.imageDataUrl });
      else if (s.length > URL_MAX) ctx.addIssue({ code: 'custom', message: M.tooLong(URL_MAX) });
      else if (!IMAGE_PATH_RE.test(s) && !isSafeLink(s, { schemes: ['https:'], sitePaths: false }))
        ctx.addIssue({ code: 'custom', message: M.imageUrlInvalid });
    })
    .nullable()
    .meta({ description: 'An uploaded image (/api/images/{id}, from POST /api/admin/images), an https URL, or null. Never a data: URL.' }),
);

/** A list of distinct non-empty values (order kept). Which values are allowed is checked by the server (see below). */
const ValueList = z
  .array(
    z
      .string({ message: M.textExpected })
      .refine(...CLEAN_TEXT)
      .trim()
      .min(1, { message: M.textExpected })
      .max(60, { message: M.tooLong(60) }),
    {
      message: 'Ange en lista.',
    },
  )
  .max(LIST_MAX, { message: M.tooMany(LIST_MAX) })
  .transform((list) => [...new Set(list)]);

const Categories = z
  .array(z.enum(WINE_CATEGORIES, { message: M.categoryUnknown }), { message: M.categoryUnknown })
  .max(WINE_CATEGORIES.length, { message: M.categoryUnknown })
  .transform((list) => [...new Set(list)])
  .meta({ description: 'Any of FYND, NYLANSERAD, FOLKETS_VAL (none is allowed)' });

/** Statuses the admin form sets (spec 001 §4: "the admin-side wine form may treat statuses as pending, approved, rejected only"). */
export const ADMIN_FORM_STATUSES = ['pending', 'approved', 'rejected'] as const;
const AdminFormStatus = z.enum(ADMIN_FORM_STATUSES, { message: M.approvalStatusAdmin });

/**
 * The wine fields' schemas (spec 001 §3, §5), shared by the admin form, the partner form and the partner Excel upload
 * (api/contract/partner.ts), so one rule gives one message everywhere. No text may hold a forbidden character
 * (CLEAN_TEXT, api/contract/text-rules.ts): the Excel rows and the offline sync's patches are checked by these schemas
 * alone, so a bad row or mutation is refused with the reason instead of failing in Postgres; addresses follow
 * api/contract/link-rules.ts.
 */
export const WINE_FIELDS = {
  name: z
    .string({ message: M.nameRequired })
    .refine(...CLEAN_TEXT)
    .trim()
    .min(1, { message: M.nameRequired })
    .max(TEXT_MAX, { message: M.tooLong(TEXT_MAX) }),
  description: z
    .string({ message: M.descriptionRequired })
    .refine(...CLEAN_TEXT)
    .trim()
    .min(1, { message: M.descriptionRequired })
    .max(DESCRIPTION_MAX, { message: M.tooLong(DESCRIPTION_MAX) }),
  price: Price,
  rating: Rating,
  categories: Categories,
  vintage: Vintage,
  country: OptionalText(),
  region: OptionalText(),
  grapeVariety: OptionalText(),
  alcoholContent: AlcoholContent,
  systembolagetUrl: HttpUrl,
  imageUrl: ImageUrl,
  sweetness: Scale,
  acidity: Scale,
  body: Scale,
  tannins: Scale,
  fruity: Scale,
  foodPairings: ValueList.meta({ description: 'Values of FOOD_PAIRINGS (api/contract/constants.ts)' }),
  occasions: ValueList.meta({ description: 'Values of OCCASIONS (api/contract/constants.ts)' }),
  isGranskadVinpressen: z.boolean({ message: 'Ange ja eller nej.' }),
};

/** A new wine's optional facts and taste scales, each null when left out (the admin's and the partner's create). */
export const WINE_FACTS_OR_NULL = {
  country: WINE_FIELDS.country.default(null),
  region: WINE_FIELDS.region.default(null),
  grapeVariety: WINE_FIELDS.grapeVariety.default(null),
  alcoholContent: WINE_FIELDS.alcoholContent.default(null),
  systembolagetUrl: WINE_FIELDS.systembolagetUrl.default(null),
  imageUrl: WINE_FIELDS.imageUrl.default(null),
  sweetness: WINE_FIELDS.sweetness.default(null),
  acidity: WINE_FIELDS.acidity.default(null),
  body: WINE_FIELDS.body.default(null),
  tannins: WINE_FIELDS.tannins.default(null),
  fruity: WINE_FIELDS.fruity.default(null),
};

/**
 * POST /api/admin/wines body (spec 001 §3, §5): name, price and description required. Defaults: rating 4,
 * vintage the current year, approvalStatus 'approved' (an admin's own wine is published), no categories, the
 * rest empty/null/false. Unknown fields are ignored (a form may send the whole wine back).
 * foodPairings/occasions must be known values (FOOD_PAIRINGS, OCCASIONS in api/contract/constants.ts).
 */
export const AdminWineCreate = z
  .object({
    ...WINE_FIELDS,
    rating: WINE_FIELDS.rating.default(4),
    categories: WINE_FIELDS.categories.default([]),
    vintage: WINE_FIELDS.vintage.default(() => currentSwedishYear()),
    ...WINE_FACTS_OR_NULL,
    foodPairings: WINE_FIELDS.foodPairings.default([]),
    occasions: WINE_FIELDS.occasions.default([]),
    approvalStatus: AdminFormStatus.default('approved'),
    isGranskadVinpressen: WINE_FIELDS.isGranskadVinpressen.default(false),
  })
  .meta({ id: 'AdminWineCreate' });
export type AdminWineCreate = z.infer<typeof AdminWineCreate>;

/**
 * PUT /api/admin/wines/{id} body: the same fields and rules as the create form; name, price and description
 * required, every other field optional — an omitted field keeps its stored value (so editing never resets a
 * partner wine's status or an imported wine's facts by accident). approvalStatus may be pending, approved or
 * rejected, or the wine's current status unchanged (e.g. 'draft'); values of foodPairings/occasions that are
 * not in the known lists are accepted only when the wine already has them (imported wines carry some).
 */
export const AdminWineUpdate = z
  .object({
    ...WINE_FIELDS,
    rating: WINE_FIELDS.rating.optional(),
    categories: WINE_FIELDS.categories.optional(),
    vintage: WINE_FIELDS.vintage.optional(),
    country: WINE_FIELDS.country.optional(),
    region: WINE_FIELDS.region.optional(),
    grapeVariety: WINE_FIELDS.grapeVariety.optional(),
    alcoholContent: WINE_FIELDS.alcoholContent.optional(),
    systembolagetUrl: WINE_FIELDS.systembolagetUrl.optional(),
    imageUrl: WINE_FIELDS.imageUrl.optional(),
    sweetness: WINE_FIELDS.sweetness.optional(),
    acidity: WINE_FIELDS.acidity.optional(),
    body: WINE_FIELDS.body.optional(),
    tannins: WINE_FIELDS.tannins.optional(),
    fruity: WINE_FIELDS.fruity.optional(),
    foodPairings: WINE_FIELDS.foodPairings.optional(),
    occasions: WINE_FIELDS.occasions.optional(),
    approvalStatus: z
      .enum(APPROVAL_STATUSES, { message: M.approvalStatusAdmin })
      .optional()
      .meta({ description: 'pending, approved, rejected, or the current status unchanged' }),
    isGranskadVinpressen: WINE_FIELDS.isGranskadVinpressen.optional(),
  })
  .meta({ id: 'AdminWineUpdate' });
export type AdminWineUpdate = z.infer<typeof AdminWineUpdate>;

/** The company behind a partner wine (spec 001 §3: partner (companyName, phone)). */
export const AdminWinePartner = z.object({ companyName: z.string(), phone: z.string().nullable() }).meta({ id: 'AdminWinePartner' });
/** The partner account that owns a partner wine (spec 001 §3: owner (firstName, lastName, email)). */
export const AdminWineOwner = z
  .object({ firstName: z.string().nullable(), lastName: z.string().nullable(), email: z.string() })
  .meta({ id: 'AdminWineOwner' });

/**
 * A wine as the admin sees it (spec 001 §3 'Wine (admin and partner view)'): every public field (the medal
 * included) plus its source ('admin', 'partner', 'systembolaget'), the rejection reason, the last change, when a
 * partner submitted it and when it was last approved or rejected, and for partner wines the partner company and
 * the owning account (null for imported and admin wines). The price history is the public wine page's, not listed here.
 */
export const AdminWine = Wine.omit({ priceHistory: true })
  .extend({
    rating: z.number().min(1).max(5).nullable().meta({ description: "The wine's own rating (the partner's or the admin form's), 1–5; never public" }),
    communityRating: z
      .number()
      .min(1)
      .max(5)
      .nullable()
      .meta({ description: "Folkets betyg: the mean of the approved member reviews' final ratings; what the public sees as rating" }),
    source: WineSource,
    rejectionReason: z
      .string()
      .nullable()
      .meta({ description: 'The reason of a rejection; on a pending wine the earlier reason of a wine the partner revised and sent in again' }),
    updatedAt: z.string().meta({ description: 'ISO 8601' }),
    submittedAt: z.string().nullable().meta({ description: 'ISO 8601; when the partner sent it for review' }),
    reviewedAt: z.string().nullable().meta({ description: 'ISO 8601; the last approval or rejection' }),
    partner: AdminWinePartner.nullable(),
    owner: AdminWineOwner.nullable(),
  })
  .meta({ id: 'AdminWine' });
export type AdminWine = z.infer<typeof AdminWine>;

/** The partner review's lists (spec 001 §2 'Partner review tab', §7): GET /api/admin/wines/pending and /rejected. */
export const PARTNER_REVIEW_LISTS = ['pending', 'rejected'] as const;
export type PartnerReviewList = (typeof PARTNER_REVIEW_LISTS)[number];

/** Query of GET /api/admin/wines/pending and /rejected: paging only (the status is in the path). */
export const PartnerReviewListQuery = z
  .object({
    limit: pageLimit(WINE_PAGE_MAX, ADMIN_WINE_PAGE_SIZE),
    offset: pageOffset(1_000_000),
  })
  .strict();
export type PartnerReviewListQuery = z.infer<typeof PartnerReviewListQuery>;

/** Query of GET /api/admin/wines. */
export const AdminWineListQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(TEXT_MAX, { message: M.tooLong(TEXT_MAX) })
      .optional()
      .meta({ description: 'Search in name, region and grape variety (case-insensitive, part of a word)' }),
    // An empty value ('all' in the filter) means no filter.
    category: z.preprocess(emptyToUndefined, WineCategory.optional()),
    approvalStatus: z.preprocess(emptyToUndefined, ApprovalStatus.optional()),
    source: z
      .preprocess(emptyToUndefined, WineSource.optional())
      .meta({ description: "Only wines of this origin: systembolaget, admin or partner (the partner review lists 'partner')" }),
    limit: pageLimit(WINE_PAGE_MAX, ADMIN_WINE_PAGE_SIZE),
    offset: pageOffset(1_000_000),
  })
  .strict();
export type AdminWineListQuery = z.infer<typeof AdminWineListQuery>;

/** GET /api/admin/wines answer: one page, newest first, and the number of all matching wines. */
export const AdminWinePage = z
  .object({
    ...pageOf(AdminWine),
  })
  .meta({ id: 'AdminWinePage' });
export type AdminWinePage = z.infer<typeof AdminWinePage>;

/**
 * DELETE /api/admin/wines/{id} answer: what was removed with the wine (the database cascades a wine's community
 * reviews, expert reviews and slider places).
 */
export const AdminWineDeleted = z
  .object({
    id: z.uuid(),
    name: z.string(),
    removed: z.object({
      reviews: z.number().int().min(0),
      expertReviews: z.number().int().min(0),
      sliderEntries: z.number().int().min(0),
    }),
  })
  .meta({ id: 'AdminWineDeleted' });
export type AdminWineDeleted = z.infer<typeof AdminWineDeleted>;

/** POST /api/admin/images answer (201 new, 200 when the same image was uploaded before). */
export const UploadedImage = z
  .object({
    id: z.uuid(),
    url: z.string().meta({ example: '/api/images/5b1c…' }),
    contentType: z.enum(IMAGE_CONTENT_TYPES),
    byteSize: z.number().int().min(1).meta({ description: 'bytes' }),
    width: z.number().int().nullable().meta({ description: 'pixels' }),
    height: z.number().int().nullable().meta({ description: 'pixels' }),
  })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof UploadedImage>;

export const ImageIdParams = z.object({ id: z.uuid({ message: M.imageNotFound }) });
