import type { ExpertReview, MyReview, PendingReview, SubmittedReview, UserReview } from '../contract/reviews';
import { MODERATION_FLAGS, needsModerator, REVIEW_FLAG_LABELS, type ReviewFlag } from '../contract/review-rules';
import { toNumber, type DbFeaturedExpertReviewRow, type DbPublishedReviewRow, type DbReviewRow, type PendingReviewRow } from '../queries/reviews';

/** A published community review with its author's public names (spec 000 §3 'User review'): never the e-mail. */
export function presentPublishedReview(r: DbPublishedReviewRow): UserReview {
  return {
    id: r.id,
    content: r.content,
    priceWorthRating: r.price_worth_rating,
    qualityRating: r.quality_rating,
    overallExperience: r.overall_experience,
    aiProcessedRating: r.ai_processed_rating,
    createdAt: r.created_at.toISOString(),
    userId: r.user_id,
    wineId: r.wine_id,
    user: { username: r.username, firstName: r.first_name, lastName: r.last_name, isVerified: r.is_verified },
  };
}

/** A featured expert review with the expert's name, title and image and the wine's name and price (SEK). */
export function presentFeaturedExpertReview(r: DbFeaturedExpertReviewRow): ExpertReview {
  return {
    id: r.id,
    wineId: r.wine_id,
    expert: { name: r.expert_name, title: r.expert_title, imageUrl: r.expert_image_url },
    title: r.title,
    content: r.content,
    rating: r.rating,
    priceWorthRating: r.price_worth_rating,
    qualityRating: r.quality_rating,
    overallExperience: r.overall_experience,
    isFynd: r.is_fynd,
    createdAt: r.created_at.toISOString(),
    wine: { name: r.wine_name, price: r.wine_price },
  };
}

/** The stored review as the submission's answer (POST /api/wines/{id}/reviews, 201). */
export function presentSubmittedReview(row: DbReviewRow): SubmittedReview {
  return {
    id: row.id,
    wineId: row.wine_id,
    userId: row.user_id,
    content: row.content,
    priceWorthRating: row.price_worth_rating,
    qualityRating: row.quality_rating,
    overallExperience: row.overall_experience,
    status: row.status,
    createdAt: row.created_at.toISOString(),
  };
}

/** One of the user's own reviews with its status and wine ('Mina recensioner', GET /api/user/reviews). */
export function presentMyReview(r: DbReviewRow & { wine_name: string; wine_vintage: number | null }): MyReview {
  return {
    id: r.id,
    wineId: r.wine_id,
    userId: r.user_id,
    content: r.content,
    priceWorthRating: r.price_worth_rating,
    qualityRating: r.quality_rating,
    overallExperience: r.overall_experience,
    status: r.status,
    createdAt: r.created_at.toISOString(),
    wine: { id: r.wine_id, name: r.wine_name, vintage: r.wine_vintage },
    finalRating: toNumber(r.final_rating),
    rejectionReason: r.rejection_reason,
    publishedAt: r.published_at?.toISOString() ?? null,
  };
}

/**
 * Why a pending review needs a moderator: one reason per flag of MODERATION_FLAGS its analysis carries (code =
 * the flag), in the analysis' order, with the analyser's own sentence for it when it gave one ('Innehåller en
 * länk.'), else the flag's Swedish name. Empty when it needs none or is not analysed yet.
 */
function attentionReasons(analysis: PendingReviewRow['ai_reasons']): { code: string; message: string }[] {
  const flags = (analysis?.flags ?? []).filter((flag): flag is ReviewFlag => (MODERATION_FLAGS as readonly string[]).includes(flag));
  return flags.map((flag) => {
    const explained = analysis?.reasons?.find((reason) => reason.flag === flag || reason.code === flag);
    return { code: flag, message: explained?.message ?? `${REVIEW_FLAG_LABELS[flag]}.` };
  });
}

/** The moderator's view of a pending review (spec 001 §3 'Pending user review'): an explicit allow-list. */
export function presentPendingReview(row: PendingReviewRow): PendingReview {
  const aiFlags = row.ai_reasons?.flags ?? [];
  return {
    id: row.id,
    content: row.content,
    priceWorthRating: row.price_worth_rating,
    qualityRating: row.quality_rating,
    overallExperience: row.overall_experience,
    aiProcessedRating: toNumber(row.ai_processed_rating),
    aiReasons: (row.ai_reasons?.reasons ?? []).map(({ code, message }) => ({ code, message })),
    aiFlags,
    needsAttention: row.ai_processed_rating === null ? null : needsModerator(aiFlags),
    attentionReasons: attentionReasons(row.ai_reasons),
    createdAt: row.created_at.toISOString(),
    userId: row.user_id,
    wineId: row.wine_id,
    user: { username: row.username, firstName: row.first_name, lastName: row.last_name, isVerified: row.is_verified },
    wine: { name: row.wine_name, vintage: row.wine_vintage },
  };
}
