import type { Knex } from 'knex';
import type { DbExpertReviewRow } from './experts';

/** A published review with its author's public names (GET /api/wines/{id}/reviews). */
export interface DbPublishedReviewRow {
  id: string;
  content: string;
  price_worth_rating: number;
  quality_rating: number;
  overall_experience: number;
  ai_processed_rating: number | null;
  created_at: Date;
  user_id: string;
  wine_id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  is_verified: boolean;
}

/** Published (approved) community reviews of a wine, newest first, with their authors' public names. */
export async function listPublishedReviews(db: Knex | Knex.Transaction, wineId: string): Promise<DbPublishedReviewRow[]> {
  return db('reviews as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where({ 'r.wine_id': wineId, 'r.status': 'approved' })
    .orderBy('r.created_at', 'desc')
    .select('r.*', 'u.username', 'u.first_name', 'u.last_name', 'u.is_verified');
}

/** A featured expert review with its expert and wine (GET /api/expert-reviews/featured). */
export type DbFeaturedExpertReviewRow = DbExpertReviewRow & {
  expert_name: string;
  expert_title: string;
  expert_image_url: string | null;
  wine_name: string;
  wine_price: number;
};

/** Featured expert reviews of public wines, newest first (spec 000 §7: filtered by wineId on the client). */
export async function listFeaturedExpertReviews(db: Knex | Knex.Transaction, limit = 200): Promise<DbFeaturedExpertReviewRow[]> {
  return db('expert_reviews as er')
    .join('experts as e', 'e.id', 'er.expert_id')
    .join('wines as w', 'w.id', 'er.wine_id')
    .where({ 'er.is_featured': true, 'w.approval_status': 'approved' })
    .orderBy('er.created_at', 'desc')
    .limit(limit)
    .select(
      'er.*',
      'e.name as expert_name',
      'e.title as expert_title',
      'e.image_url as expert_image_url',
      'w.name as wine_name',
      'w.price as wine_price',
    );
}

/** A row of `reviews` (spec 000 §3 'User review'; ratings 1–5, final_rating 1–5 in steps of 0.5). */
export interface DbReviewRow {
  id: string;
  wine_id: string;
  user_id: string;
  content: string;
  price_worth_rating: number;
  quality_rating: number;
  overall_experience: number;
  ai_processed_rating: string | number | null;
  ai_reasons: { reasons?: { code: string; message: string; flag?: string }[]; flags?: string[]; sentiment?: number; provider?: string } | null;
  status: 'pending' | 'approved' | 'rejected';
  final_rating: string | number | null;
  moderator_notes: string | null;
  rejection_reason: string | null;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** numeric columns arrive as strings from pg. */
export const toNumber = (v: string | number | null): number | null => (v === null ? null : Number(v));

/**
 * Inserts a pending review. @throws the unique violation `reviews_one_per_user_and_wine` (23505) when the user
 * has already reviewed the wine: the caller turns it into a 409.
 */
export async function insertReview(
  db: Knex | Knex.Transaction,
  review: Pick<DbReviewRow, 'wine_id' | 'user_id' | 'content' | 'price_worth_rating' | 'quality_rating' | 'overall_experience'>,
): Promise<DbReviewRow> {
  const [row] = await db<DbReviewRow>('reviews')
    .insert({ ...review, status: 'pending' })
    .returning('*');
  return row!;
}

/** Stores the analysis of a review (idempotent: a rerun overwrites it with the same result). False when the review is gone. */
export async function saveReviewAnalysis(
  db: Knex | Knex.Transaction,
  id: string,
  analysis: {
    aiProcessedRating: number;
    reasons: { code: string; message: string; flag?: string }[];
    flags: string[];
    sentiment: number;
    provider: string;
  },
): Promise<boolean> {
  const n = await db('reviews')
    .where({ id })
    .update({
      ai_processed_rating: analysis.aiProcessedRating,
      ai_reasons: JSON.stringify({ reasons: analysis.reasons, flags: analysis.flags, sentiment: analysis.sentiment, provider: analysis.provider }),
      updated_at: db.fn.now(),
    });
  return n > 0;
}

/** A review row with its wine's name (`wine_name`): what the review-analysis job reads. */
export type DbReviewWithWineNameRow = DbReviewRow & { wine_name: string };

/** Review `id` with its wine's name, any status, or undefined when the review is gone. No lock. */
export async function findReviewWithWineName(db: Knex | Knex.Transaction, id: string): Promise<DbReviewWithWineNameRow | undefined> {
  return (await db('reviews as r').join('wines as w', 'w.id', 'r.wine_id').where('r.id', id).first('r.*', 'w.name as wine_name')) as
    | DbReviewWithWineNameRow
    | undefined;
}

/** One review, locked for the rest of the transaction (moderation decisions). */
export async function findReviewForUpdate(trx: Knex.Transaction, id: string): Promise<DbReviewRow | undefined> {
  return trx<DbReviewRow>('reviews').where({ id }).forUpdate().first();
}

/** A public wine (approved) as a review's target: its owner and the owner's company, or undefined. */
export async function findReviewableWine(
  trx: Knex.Transaction,
  wineId: string,
): Promise<{ id: string; owner_user_id: string | null; company_name: string | null } | undefined> {
  return trx('wines as w')
    .leftJoin('partners as p', 'p.user_id', 'w.owner_user_id')
    .where({ 'w.id': wineId, 'w.approval_status': 'approved' })
    .first('w.id', 'w.owner_user_id', 'p.company_name');
}

/** Whether partner user `userId` belongs to the company named `companyName` (names compared trimmed, any case). */
export async function isPartnerOfCompany(trx: Knex.Transaction, userId: string, companyName: string): Promise<boolean> {
  const mine = await trx('partners').where({ user_id: userId }).whereRaw('lower(btrim(company_name)) = lower(btrim(?))', [companyName]).first('id');
  return Boolean(mine);
}

/** Publishes a review with the moderator's final rating (1–5, steps of 0.5) and notes. */
export async function markReviewApproved(
  trx: Knex.Transaction,
  id: string,
  decision: { finalRating: number; moderatorNotes: string | null },
): Promise<void> {
  await trx('reviews').where({ id }).update({
    status: 'approved',
    final_rating: decision.finalRating,
    moderator_notes: decision.moderatorNotes,
    published_at: trx.fn.now(),
    updated_at: trx.fn.now(),
  });
}

/** Rejects a review with the reason (shown to its author) and the moderator's notes. */
export async function markReviewRejected(
  trx: Knex.Transaction,
  id: string,
  decision: { reason: string; moderatorNotes: string | null },
): Promise<void> {
  await trx('reviews')
    .where({ id })
    .update({ status: 'rejected', rejection_reason: decision.reason, moderator_notes: decision.moderatorNotes, updated_at: trx.fn.now() });
}

/** A user's own reviews, newest first, with each wine's name (for 'Mina recensioner'). */
export async function listReviewsByUser(
  db: Knex | Knex.Transaction,
  userId: string,
): Promise<(DbReviewRow & { wine_name: string; wine_vintage: number | null })[]> {
  return db('reviews as r')
    .join('wines as w', 'w.id', 'r.wine_id')
    .where('r.user_id', userId)
    .orderBy('r.created_at', 'desc')
    .select('r.*', 'w.name as wine_name', 'w.vintage as wine_vintage');
}

export type PendingReviewRow = DbReviewRow & {
  username: string;
  first_name: string | null;
  last_name: string | null;
  is_verified: boolean;
  wine_name: string;
  wine_vintage: number | null;
};

/** Pending reviews, oldest first (first come, first moderated), with author and wine. */
export async function listPendingReviews(db: Knex | Knex.Transaction, limit = 500): Promise<PendingReviewRow[]> {
  return db('reviews as r')
    .join('users as u', 'u.id', 'r.user_id')
    .join('wines as w', 'w.id', 'r.wine_id')
    .where('r.status', 'pending')
    .orderBy('r.created_at', 'asc')
    .limit(limit)
    .select('r.*', 'u.username', 'u.first_name', 'u.last_name', 'u.is_verified', 'w.name as wine_name', 'w.vintage as wine_vintage');
}

/**
 * The moderation tab's figures over all pending reviews: how many, the mean AI rating of the analysed ones
 * (one decimal, null when none is analysed) and how many need a moderator: their analysis carries one of
 * `moderationFlags` (review-rules.ts MODERATION_FLAGS). The AI rating plays no part in that count.
 */
export async function pendingReviewStats(
  db: Knex | Knex.Transaction,
  moderationFlags: readonly string[],
): Promise<{ pending: number; averageAiRating: number | null; needsAttention: number }> {
  const row = (await db('reviews')
    .where({ status: 'pending' })
    .first(
      db.raw('count(*)::int as pending'),
      db.raw('round(avg(ai_processed_rating), 1)::float as average'),
      db.raw(
        "count(*) filter (where exists (select 1 from jsonb_array_elements_text(coalesce(ai_reasons->'flags', '[]'::jsonb)) as f(flag) where f.flag = any(?::text[])))::int as attention",
        [[...moderationFlags]],
      ),
    )) as { pending: number; average: number | null; attention: number };
  return { pending: row.pending, averageAiRating: row.average, needsAttention: row.attention };
}

/** The approved reviews of a wine: how many, and the mean of their final ratings (null when none). */
export async function approvedReviewFigures(db: Knex | Knex.Transaction, wineId: string): Promise<{ count: number; average: number | null }> {
  const row = (await db('reviews')
    .where({ wine_id: wineId, status: 'approved' })
    .whereNotNull('final_rating')
    .first(db.raw('count(*)::int as count'), db.raw('avg(final_rating)::float as average'))) as { count: number; average: number | null };
  return { count: row.count, average: row.average };
}

/**
 * The published community reviews of a wine as its page counts them (api/contract/wines.ts WineDetail): how many
 * approved reviews with a final rating, from how many different members, and the mean of their final ratings (null
 * when none). A review becomes approved only through an approval, which also writes the wine's row
 * (applyWineCommunityFigures), so the public cache of the wine hears of every change of these figures.
 */
export async function publishedReviewFigures(
  db: Knex | Knex.Transaction,
  wineId: string,
): Promise<{ review_count: number; reviewer_count: number; average: number | null }> {
  return (await db('reviews')
    .where({ wine_id: wineId, status: 'approved' })
    .whereNotNull('final_rating')
    .first(
      db.raw('count(*)::int as review_count'),
      db.raw('count(distinct user_id)::int as reviewer_count'),
      db.raw('avg(final_rating)::float as average'),
    )) as { review_count: number; reviewer_count: number; average: number | null };
}
