import type { AdminExpert, AdminExpertReview } from '../contract/experts';
import type { DbExpertReviewWithNames, DbExpertWithCount } from '../queries/experts';

/** The admin view of an expert: an explicit allow-list, camelCase. */
export function presentAdminExpert(row: DbExpertWithCount): AdminExpert {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    imageUrl: row.image_url,
    reviewCount: Number(row.review_count),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The admin view of an expert review with its wine and expert (spec 000 §3 'Expert review' plus isFeatured). */
export function presentAdminExpertReview(row: DbExpertReviewWithNames): AdminExpertReview {
  return {
    id: row.id,
    wineId: row.wine_id,
    wine: { name: row.wine_name, vintage: row.wine_vintage, price: row.wine_price, approvalStatus: row.wine_approval_status },
    expertId: row.expert_id,
    expert: { name: row.expert_name, title: row.expert_title, imageUrl: row.expert_image_url },
    title: row.title,
    content: row.content,
    rating: row.rating,
    priceWorthRating: row.price_worth_rating,
    qualityRating: row.quality_rating,
    overallExperience: row.overall_experience,
    isFynd: row.is_fynd,
    isFeatured: row.is_featured,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
