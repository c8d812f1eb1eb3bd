import type { Knex } from 'knex';
import type { ExpertReview, UserReview } from '../contract/reviews';

/** Published (approved) community reviews of a wine, newest first, with their authors' public names. */
export async function listPublishedReviews(db: Knex | Knex.Transaction, wineId: string): Promise<UserReview[]> {
  const rows: {
    id: string; content: string; price_worth_rating: number; quality_rating: number; overall_experience: number;
    ai_processed_rating: number | null; created_at: Date; user_id: string; wine_id: string;
    username: string; first_name: string | null; last_name: string | null; is_verified: boolean;
  }[] = await db('reviews as r')
    .join('users as u', 'u.id', 'r.user_id')
    .where({ 'r.wine_id': wineId, 'r.status': 'approved' })
    .orderBy('r.created_at', 'desc')
    .select('r.*', 'u.username', 'u.first_name', 'u.last_name', 'u.is_verified');
  return rows.map((r) => ({
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
  }));
}

/** Featured expert reviews of public wines, newest first (spec 000 §7: filtered by wineId on the client). */
export async function listFeaturedExpertReviews(db: Knex | Knex.Transaction, limit = 200): Promise<ExpertReview[]> {
  const rows: {
    id: string; wine_id: string; title: string; content: string; rating: number; price_worth_rating: number | null;
    quality_rating: number | null; overall_experience: number | null; is_fynd: boolean; created_at: Date;
    expert_name: string; expert_title: string; expert_image_url: string | null; wine_name: string; wine_price: number;
  }[] = await db('expert_reviews as er')
    .join('experts as e', 'e.id', 'er.expert_id')
    .join('wines as w', 'w.id', 'er.wine_id')
    .where({ 'er.is_featured': true, 'w.approval_status': 'approved' })
    .orderBy('er.created_at', 'desc')
    .limit(limit)
    .select('er.*', 'e.name as expert_name', 'e.title as expert_title', 'e.image_url as expert_image_url', 'w.name as wine_name', 'w.price as wine_price');
  return rows.map((r) => ({
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
  }));
}
