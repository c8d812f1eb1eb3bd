import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_MESSAGES } from './review-rules';
import { ADMIN_WINE_MESSAGES, AdminWineUpdate } from './admin-wines';
import { ApprovalStatus } from './enums';
import { pageLimit, pageOf, pageOffset } from './paging';

// Experts and their reviews in the admin panel ("Experts (name, title, image) and their reviews are
// managed in a new admin section (the spec has none)"). The public side is GET /api/expert-reviews/featured
// (spec 000 §3 'Expert review', §7), which the wine page shows under 'VINEXPERTERS RECENSIONER'.
// Designed here in the style of the other admin calls: /api/admin/experts and /api/admin/expert-reviews.

/** Strict objects answer unknown fields in Swedish ('Okänt fält: x'), like every other message here. */
const STRICT = {
  error: (issue: { code?: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Okänt fält: ${(issue.keys ?? []).join(', ')}` : 'Uppgifterna måste skickas som ett JSON-objekt',
};

/** Longest expert name and title, in characters (the wine page shows both on one line beside the avatar). */
export const EXPERT_NAME_MAX = 100;
export const EXPERT_TITLE_MAX = 100;
/** Longest expert review headline, in characters. The text may be up to REVIEW_CONTENT_MAX (4,000). */
export const EXPERT_REVIEW_TITLE_MAX = 200;
/** Page size of GET /api/admin/expert-reviews: default and largest. */
export const EXPERT_REVIEW_PAGE_SIZE = 50;
export const EXPERT_REVIEW_PAGE_MAX = 100;

/** The Swedish messages of the experts admin (fields, 404s, the 409 of a delete). */
export const EXPERT_MESSAGES = {
  nameRequired: 'Namn krävs',
  tooLong: ADMIN_WINE_MESSAGES.tooLong,
  textExpected: 'Ange en text.',
  expertNotFound: 'Experten finns inte.',
  reviewNotFound: 'Expertrecensionen finns inte.',
  wineRequired: 'Välj ett vin',
  wineNotFound: 'Vinet finns inte.',
  expertRequired: 'Välj en expert',
  titleRequired: 'Rubrik krävs',
  contentRequired: 'Recensionstext krävs',
  contentTooLong: REVIEW_MESSAGES.contentTooLong,
  ratingRequired: 'Välj ett betyg',
  ratingInvalid: REVIEW_MESSAGES.ratingInvalid,
  subRatingInvalid: ADMIN_WINE_MESSAGES.scaleRange,
  booleanExpected: 'Ange ja eller nej.',
  nothingToChange: 'Ange minst ett fält att ändra.',
  imageMissing: ADMIN_WINE_MESSAGES.imageMissing,
  /**
   * Deleting an expert who has reviews is refused: the reviews are published text on wine pages, and an
   * expert's delete silently taking them along is not what an admin expects. Move or delete them first.
   */
  hasReviews: (count: number) =>
    `Experten har ${count} ${count === 1 ? 'recension' : 'recensioner'} och kan inte tas bort. Ta bort ${count === 1 ? 'den' : 'dem'} eller flytta ${count === 1 ? 'den' : 'dem'} till en annan expert först.`,
} as const;
const M = EXPERT_MESSAGES;

/** A required one-line text: trimmed, 1…max characters. */
const RequiredText = (message: string, max: number) =>
  z
    .string({ message })
    .trim()
    .min(1, { message })
    .max(max, { message: M.tooLong(max) });

/**
 * The expert's picture: an uploaded image (/api/images/{id}, from POST /api/admin/images), an https address, or
 * null (the site then draws the initials). The same rule as a wine's image — the one schema, reused: never a data:
 * URL, and https only, since the site's Content-Security-Policy loads outside images over https only. Whether an
 * uploaded image exists is checked by the server.
 */
const ExpertImageUrl = AdminWineUpdate.shape.imageUrl.unwrap();

const expertFields = {
  name: RequiredText(M.nameRequired, EXPERT_NAME_MAX).meta({ example: 'Anna Lindqvist' }),
  title: z
    .string({ message: M.textExpected })
    .trim()
    .max(EXPERT_TITLE_MAX, { message: M.tooLong(EXPERT_TITLE_MAX) })
    .meta({ example: 'Sommelier, Vinpressen' }),
  imageUrl: ExpertImageUrl,
};

/** POST /api/admin/experts body: name required; title (default '') and image (default none) optional. */
export const ExpertCreate = z
  .strictObject({ name: expertFields.name, title: expertFields.title.default(''), imageUrl: expertFields.imageUrl.default(null) }, STRICT)
  .meta({ id: 'ExpertCreate' });
export type ExpertCreate = z.infer<typeof ExpertCreate>;

/** PUT /api/admin/experts/{id} body: the edit form; name required, an omitted title or image keeps its value. */
export const ExpertUpdate = z
  .strictObject({ name: expertFields.name, title: expertFields.title.optional(), imageUrl: expertFields.imageUrl.optional() }, STRICT)
  .meta({ id: 'ExpertUpdate' });
export type ExpertUpdate = z.infer<typeof ExpertUpdate>;

/** The id in /api/admin/experts/{id} and /api/admin/expert-reviews/{id} (anything else is a 404). */
export const ExpertIdParams = z.object({ id: z.uuid({ message: 'Ogiltigt id' }) });

/** An expert as the admin sees it: the public fields plus how many reviews they have written. */
export const AdminExpert = z
  .object({
    id: z.uuid(),
    name: z.string(),
    title: z.string(),
    imageUrl: z.string().nullable(),
    reviewCount: z.number().int().min(0),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    updatedAt: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'AdminExpert' });
export type AdminExpert = z.infer<typeof AdminExpert>;

/** GET /api/admin/experts: every expert, by name (Swedish order). */
export const AdminExpertList = z.object({ items: z.array(AdminExpert) }).meta({ id: 'AdminExpertList' });
export type AdminExpertList = z.infer<typeof AdminExpertList>;

// ---------------------------------------------------------------------------------------------------------
// Expert reviews

const Rating = z
  .number({ error: (issue) => (issue.input === undefined ? M.ratingRequired : M.ratingInvalid) })
  .int({ message: M.ratingInvalid })
  .min(1, { message: M.ratingInvalid })
  .max(5, { message: M.ratingInvalid })
  .meta({ description: '1–5' });
const SubRating = z
  .number({ message: M.subRatingInvalid })
  .int({ message: M.subRatingInvalid })
  .min(1, { message: M.subRatingInvalid })
  .max(5, { message: M.subRatingInvalid })
  .nullable()
  .meta({ description: '1–5, or null (not given)' });
const Flag = z.boolean({ message: M.booleanExpected });

const reviewFields = {
  wineId: z.uuid({ message: M.wineRequired }),
  expertId: z.uuid({ message: M.expertRequired }),
  title: RequiredText(M.titleRequired, EXPERT_REVIEW_TITLE_MAX).meta({ example: 'Elegant och prisvärt' }),
  content: z
    .string({ message: M.contentRequired })
    .trim()
    .min(1, { message: M.contentRequired })
    .max(REVIEW_CONTENT_MAX, { message: M.contentTooLong }),
  rating: Rating,
  priceWorthRating: SubRating,
  qualityRating: SubRating,
  overallExperience: SubRating,
  isFynd: Flag.meta({ description: "The expert calls the wine a bargain ('fynd')" }),
  isFeatured: Flag.meta({ description: 'Shown on the public site (GET /api/expert-reviews/featured)' }),
};

/**
 * POST /api/admin/expert-reviews body (spec 000 §3 'Expert review'): wine, expert, title, content (≤ 4,000) and
 * rating 1–5 required; the three sub-ratings 1–5 or null (default null); isFynd default false; isFeatured
 * default true (a new review shows on the wine page at once).
 */
export const ExpertReviewCreate = z
  .strictObject(
    {
      ...reviewFields,
      priceWorthRating: reviewFields.priceWorthRating.default(null),
      qualityRating: reviewFields.qualityRating.default(null),
      overallExperience: reviewFields.overallExperience.default(null),
      isFynd: reviewFields.isFynd.default(false),
      isFeatured: reviewFields.isFeatured.default(true),
    },
    STRICT,
  )
  .meta({ id: 'ExpertReviewCreate' });
export type ExpertReviewCreate = z.infer<typeof ExpertReviewCreate>;

/** PUT /api/admin/expert-reviews/{id} body: the fields to change (same rules as create), at least one. */
export const ExpertReviewUpdate = z
  .strictObject(
    Object.fromEntries(Object.entries(reviewFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof reviewFields]: z.ZodOptional<(typeof reviewFields)[K]>;
    },
    STRICT,
  )
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: M.nothingToChange })
  .meta({ id: 'ExpertReviewUpdate' });
export type ExpertReviewUpdate = z.infer<typeof ExpertReviewUpdate>;

/** Query of GET /api/admin/expert-reviews: optionally one wine's or one expert's reviews; one page, newest first. */
export const ExpertReviewListQuery = z.strictObject(
  {
    wineId: z.uuid({ message: 'Ogiltigt vin-id' }).optional().meta({ description: "Only this wine's reviews" }),
    expertId: z.uuid({ message: 'Ogiltigt expert-id' }).optional().meta({ description: "Only this expert's reviews" }),
    limit: pageLimit(EXPERT_REVIEW_PAGE_MAX, EXPERT_REVIEW_PAGE_SIZE),
    offset: pageOffset(1_000_000),
  },
  STRICT,
);
export type ExpertReviewListQuery = z.infer<typeof ExpertReviewListQuery>;

/** One expert review as the admin sees it: every field of the public one plus its wine's status and isFeatured. */
export const AdminExpertReview = z
  .object({
    id: z.uuid(),
    wineId: z.uuid(),
    wine: z.object({
      name: z.string(),
      vintage: z.number().int().nullable(),
      price: z.number(),
      approvalStatus: ApprovalStatus.meta({ description: 'Only approved wines show their expert reviews publicly' }),
    }),
    expertId: z.uuid(),
    expert: z.object({ name: z.string(), title: z.string(), imageUrl: z.string().nullable() }),
    title: z.string(),
    content: z.string(),
    rating: z.number().int().min(1).max(5),
    priceWorthRating: z.number().int().min(1).max(5).nullable(),
    qualityRating: z.number().int().min(1).max(5).nullable(),
    overallExperience: z.number().int().min(1).max(5).nullable(),
    isFynd: z.boolean(),
    isFeatured: z.boolean(),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    updatedAt: z.string().meta({ description: 'ISO 8601' }),
  })
  .meta({ id: 'AdminExpertReview' });
export type AdminExpertReview = z.infer<typeof AdminExpertReview>;

/** GET /api/admin/expert-reviews answer: one page, newest first, and the number of all matching reviews. */
export const AdminExpertReviewPage = z
  .object({
    ...pageOf(AdminExpertReview),
  })
  .meta({ id: 'AdminExpertReviewPage' });
export type AdminExpertReviewPage = z.infer<typeof AdminExpertReviewPage>;
