import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyReview, ReviewCreate, SubmittedReview } from '../../../api/contract/reviews';
import { apiGet, apiRequest } from '../api-client';
import { wineReviewsKey } from './get-reviews';

/** The cache key of one user's own reviews (per user, so another sign-in never sees the last one's). */
export const myReviewsKey = (userId: string) => ['user', userId, 'reviews'] as const;

/** GET /api/user/reviews — the signed-in user's own reviews, newest first, whatever their status. */
export function getMyReviews(): Promise<MyReview[]> {
  return apiGet<MyReview[]>('/api/user/reviews');
}

/** Query options for the user's own reviews; always asked afresh (a moderator may have decided meanwhile). */
export const myReviewsQueryOptions = (userId: string) => queryOptions({ queryKey: myReviewsKey(userId), queryFn: getMyReviews, staleTime: 0 });

/** The signed-in user's own reviews ('Mina recensioner'); idle while nobody is signed in. */
export function useMyReviews(userId: string | undefined) {
  return useQuery({ ...myReviewsQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}

/** The user's review of one wine, if any (one review per user and wine). */
export function findReviewOf(reviews: readonly MyReview[] | undefined, wineId: string): MyReview | undefined {
  return reviews?.find((r) => r.wineId === wineId);
}

/** POST /api/wines/{id}/reviews (spec 000 §7) — stores the review as pending; the answer is the stored review. */
export function postReview(wineId: string, body: ReviewCreate): Promise<SubmittedReview> {
  return apiRequest<SubmittedReview>('POST', `/api/wines/${encodeURIComponent(wineId)}/reviews`, body);
}

/**
 * Submits a review of `wineId`. After success the wine's review list is refreshed (spec 000 §7; the new review
 * is pending, so it is not in it yet) and the author's own reviews are updated, which turns the call-to-action
 * into 'Du har recenserat det här vinet'. A failure (e.g. 409, already reviewed) refreshes the author's reviews too.
 */
export function useSubmitReview(wineId: string) {
  const queryClient = useQueryClient();
  const refreshMine = (body: ReviewCreate) => {
    if (body.userId) void queryClient.invalidateQueries({ queryKey: myReviewsKey(body.userId) });
  };
  return useMutation({
    mutationFn: (body: ReviewCreate) => postReview(wineId, body),
    onSuccess: (_review, body) => {
      void queryClient.invalidateQueries({ queryKey: wineReviewsKey(wineId) });
      refreshMine(body);
    },
    onError: (_err, body) => refreshMine(body),
  });
}
