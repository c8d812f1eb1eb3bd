import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ExpertReview, UserReview } from '../../../api/contract/reviews';
import { apiGet } from '../api-client';
import { db } from '../db';
import { readThrough } from '../offline-read';

/** The featured expert reviews' address, also their key on the device. */
export const EXPERT_KEY = '/api/expert-reviews/featured';

/** GET /api/expert-reviews/featured — every featured expert review (filtered by wine on the client, spec 000 §7). */
export function getFeaturedExpertReviews(): Promise<ExpertReview[]> {
  return readThrough({
    fetchFresh: () => apiGet<ExpertReview[]>(EXPERT_KEY),
    save: (expertReviews) => db.lists.put({ key: EXPERT_KEY, expertReviews, savedAt: Date.now() }),
    loadSaved: async () => (await db.lists.get(EXPERT_KEY))?.expertReviews,
  });
}

/** Every featured expert review (getFeaturedExpertReviews), one query for all wines. */
export const expertReviewsQueryOptions = () => queryOptions({ queryKey: ['expert-reviews', 'featured'], queryFn: getFeaturedExpertReviews });

/** The featured expert reviews of one wine. */
export function useExpertReviews(wineId: string) {
  return useQuery({ ...expertReviewsQueryOptions(), select: (all) => all.filter((r) => r.wineId === wineId) });
}

/** The cache key of a wine's published community reviews (refreshed after a review is submitted). */
export const wineReviewsKey = (wineId: string) => ['wines', wineId, 'reviews'] as const;

/** GET /api/wines/{id}/reviews — the published community reviews of a wine, newest first. */
export const wineReviewsQueryOptions = (wineId: string) =>
  queryOptions({
    queryKey: wineReviewsKey(wineId),
    queryFn: () => apiGet<UserReview[]>(`/api/wines/${encodeURIComponent(wineId)}/reviews`),
  });

/** The published community reviews of a wine (wineReviewsQueryOptions). */
export function useWineReviews(wineId: string) {
  return useQuery(wineReviewsQueryOptions(wineId));
}
