import { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_MESSAGES, REVIEW_STATUSES } from './review-rules';
import { WineCategory } from './enums';

const Rating = z.number().int().min(1).max(5);

/** A community review's three ratings (1–5), as every review answer lists them. */
const CommunityRatings = { priceWorthRating: Rating, qualityRating: Rating, overallExperience: Rating };

/** A community review's author as the public list and the moderators see them. */
const ReviewAuthor = z.object({ username: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable(), isVerified: z.boolean() });

/** A published community review (spec 000 §3 'User review'). Ratings 1–5. */
export const UserReview = z
  .object({
    id: z.uuid(),
    content: z.string(),
    ...CommunityRatings,
    aiProcessedRating: z.number().nullable(),
    createdAt: z.string(),
    userId: z.uuid(),
    wineId: z.uuid(),
    user: ReviewAuthor,
  })
  .meta({ id: 'UserReview' });
export type UserReview = z.infer<typeof UserReview>;

/** An expert review (spec 000 §3 'Expert review'). */
export const ExpertReview = z
  .object({
    id: z.uuid(),
    wineId: z.uuid(),
    expert: z.object({ name: z.string(), title: z.string(), imageUrl: z.string().nullable() }),
    title: z.string(),
    content: z.string(),
    rating: Rating,
    priceWorthRating: Rating.nullable(),
    qualityRating: Rating.nullable(),
    overallExperience: Rating.nullable(),
    isFynd: z.boolean(),
    createdAt: z.string(),
    wine: z.object({ name: z.string(), price: z.number() }).optional(),
  })
  .meta({ id: 'ExpertReview' });
export type ExpertReview = z.infer<typeof ExpertReview>;

// ---------------------------------------------------------------------------------------------------------
// Submission, 'Mina recensioner' and moderation (spec 000 §3–§5, §7, §8; spec 001 §2 'Reviews moderation tab').

const M = REVIEW_MESSAGES;
const ReviewRating = z
  .number({ message: M.ratingInvalid })
  .int({ message: M.ratingInvalid })
  .min(1, { message: M.ratingInvalid })
  .max(5, { message: M.ratingInvalid });

/**
 * POST /api/wines/{id}/reviews (spec 000 §7): the content (trimmed, 1–4,000 characters) and the three ratings
 * (integers 1–5). `userId` and `wineId` are what the spec's client sends; the author is always the session's
 * user and the wine the one in the path, so a different id in the body is refused, never obeyed.
 */
export const ReviewCreate = z
  .strictObject({
    content: z
      .string({ message: M.contentMissing })
      .trim()
      .min(1, { message: M.contentMissing })
      .max(REVIEW_CONTENT_MAX, { message: M.contentTooLong }),
    priceWorthRating: ReviewRating,
    qualityRating: ReviewRating,
    overallExperience: ReviewRating,
    userId: z.uuid({ message: M.notYourName }).optional(),
    wineId: z.uuid({ message: M.otherWine }).optional(),
  })
  .meta({ id: 'ReviewCreate' });
export type ReviewCreate = z.infer<typeof ReviewCreate>;

export const ReviewStatus = z.enum(REVIEW_STATUSES);

/** One reason of the review analysis (Swedish, for moderators). */
export const AiReason = z.object({ code: z.string(), message: z.string() });

/** The answer to a submission: the stored review, pending until a moderator approves it. */
export const SubmittedReview = z
  .object({
    id: z.uuid(),
    wineId: z.uuid(),
    userId: z.uuid(),
    content: z.string(),
    ...CommunityRatings,
    status: ReviewStatus,
    createdAt: z.string(),
  })
  .meta({ id: 'SubmittedReview' });
export type SubmittedReview = z.infer<typeof SubmittedReview>;

/** A review in 'Mina recensioner': the author's own, whatever its status, with the wine's name. */
export const MyReview = SubmittedReview.extend({
  wine: z.object({ id: z.uuid(), name: z.string(), vintage: z.number().int().nullable() }),
  finalRating: z.number().nullable().meta({ description: '1–5 in steps of 0.5, set when approved' }),
  rejectionReason: z.string().nullable(),
  publishedAt: z.string().nullable(),
}).meta({ id: 'MyReview' });
export type MyReview = z.infer<typeof MyReview>;

/** A pending review for moderators (spec 001 §3 'Pending user review'), with the analysis' reasons and flags. */
export const PendingReview = z
  .object({
    id: z.uuid(),
    content: z.string(),
    ...CommunityRatings,
    aiProcessedRating: z
      .number()
      .nullable()
      .meta({ description: 'The opinion the text expresses, 1–5, one decimal; null until analysed. A low one alone needs no moderator.' }),
    aiReasons: z.array(AiReason),
    aiFlags: z.array(z.string()),
    needsAttention: z.boolean().nullable().meta({
      description:
        "'Kräver uppmärksamhet': a moderator must look (spam, link, contact, abuse, off-topic, not Swedish, stars against the text); null until analysed",
    }),
    attentionReasons: z
      .array(AiReason)
      .meta({ description: 'Why it needs a moderator, one Swedish sentence per reason (code = the flag); empty when it needs none' }),
    createdAt: z.string(),
    userId: z.uuid(),
    wineId: z.uuid(),
    user: ReviewAuthor,
    wine: z.object({ name: z.string(), vintage: z.number().int().nullable() }),
  })
  .meta({ id: 'PendingReview' });
export type PendingReview = z.infer<typeof PendingReview>;

/**
 * GET /api/admin/reviews/pending: the pending reviews, oldest first, and the tab's stat cards — the number
 * pending, the mean AI rating of the analysed ones (one decimal; null when none) and 'Kräver uppmärksamhet'
 * (pending reviews whose analysis needs a moderator: review-rules.ts MODERATION_FLAGS; never a low rating alone).
 */
export const PendingReviewList = z
  .object({
    items: z.array(PendingReview),
    stats: z.object({
      pending: z.number().int(),
      averageAiRating: z.number().nullable(),
      needsAttention: z.number().int(),
    }),
  })
  .meta({ id: 'PendingReviewList' });
export type PendingReviewList = z.infer<typeof PendingReviewList>;

const ModeratorNotes = z.string().trim().max(2000, { message: M.notesTooLong }).optional();

/** POST /api/admin/reviews/{id}/approve: the final rating (1–5 in steps of 0.5) and optional notes. */
export const ReviewApprove = z
  .strictObject({
    finalRating: z
      .number({ message: M.finalRatingInvalid })
      .min(1, { message: M.finalRatingInvalid })
      .max(5, { message: M.finalRatingInvalid })
      .refine((v) => Number.isInteger(v * 2), { message: M.finalRatingInvalid }),
    moderatorNotes: ModeratorNotes,
  })
  .meta({ id: 'ReviewApprove' });
export type ReviewApprove = z.infer<typeof ReviewApprove>;

/** POST /api/admin/reviews/{id}/reject: a non-empty reason (shown to the author) and optional notes. */
export const ReviewReject = z
  .strictObject({
    reason: z.string({ message: M.reasonMissing }).trim().min(1, { message: M.reasonMissing }).max(1000),
    moderatorNotes: ModeratorNotes,
  })
  .meta({ id: 'ReviewReject' });
export type ReviewReject = z.infer<typeof ReviewReject>;

/** The answer to a moderation decision: the review's new state and the wine's rating and categories after it. */
export const ModerationResult = z
  .object({
    id: z.uuid(),
    status: ReviewStatus,
    finalRating: z.number().nullable(),
    wine: z.object({
      id: z.uuid(),
      rating: z.number().nullable(),
      approvedReviews: z.number().int(),
      categories: z.array(WineCategory),
    }),
  })
  .meta({ id: 'ModerationResult' });
export type ModerationResult = z.infer<typeof ModerationResult>;

export const ReviewIdParams = z.object({ id: z.uuid({ message: M.reviewNotFound }) });
