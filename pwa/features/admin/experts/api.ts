import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  AdminExpert,
  AdminExpertList,
  AdminExpertReview,
  AdminExpertReviewPage,
  ExpertCreate,
  ExpertReviewCreate,
  ExpertReviewUpdate,
  ExpertUpdate,
} from '../../../../api/contract/experts';
import { apiRequest } from '../../../lib/api-client';
import { adminRawQueryOptions, useAdminMutation } from '../api/admin-query';

// Reads and writes of the experts admin: GET/POST /api/admin/experts, PUT/DELETE …/{id};
// GET/POST /api/admin/expert-reviews, PUT/DELETE …/{id}. The review form's wine search is
// pwa/features/admin/api/wine-search.ts.

export const EXPERTS_URL = '/api/admin/experts';
export const EXPERT_REVIEWS_URL = '/api/admin/expert-reviews';
/** Page size of the reviews list. */
export const EXPERT_REVIEW_PAGE = 20;

/**
 * Every write refreshes both lists (an expert's name shows on their reviews; a review changes its expert's
 * count) and the public featured list the wine page reads (pwa/lib/api/get-reviews.ts).
 */
const INVALIDATES = [[EXPERTS_URL], [EXPERT_REVIEWS_URL], ['expert-reviews']];

/** Every expert with their review count, by name (never cached: spec 001 §7). */
export function useExperts() {
  return useQuery(adminRawQueryOptions<AdminExpertList>(EXPERTS_URL));
}

/** The URL of one page of expert reviews, optionally of one expert. */
export function expertReviewsUrl(offset: number, expertId?: string): string {
  const params = new URLSearchParams({ limit: String(EXPERT_REVIEW_PAGE), offset: String(offset) });
  if (expertId) params.set('expertId', expertId);
  return `${EXPERT_REVIEWS_URL}?${params.toString()}`;
}

/** One page of expert reviews, newest first ({items, total, limit, offset}); the previous page stays shown while the next loads. */
export function useExpertReviewPage(offset: number, expertId?: string) {
  const url = expertReviewsUrl(offset, expertId);
  return useQuery({ ...adminRawQueryOptions<AdminExpertReviewPage>(url, [EXPERT_REVIEWS_URL, url]), placeholderData: keepPreviousData });
}

const SAVE_FAILED = { title: 'Kunde inte spara', fallback: 'Något gick fel. Försök igen.' };
const DELETE_FAILED = { title: 'Borttagning misslyckades', fallback: 'Något gick fel. Försök igen.' };

/** POST /api/admin/experts: toast 'Experten har lagts till'. */
export function useCreateExpert(onSuccess: (expert: AdminExpert) => void) {
  return useAdminMutation<ExpertCreate, AdminExpert>({
    request: (body) => apiRequest<AdminExpert>('POST', EXPERTS_URL, body),
    invalidates: INVALIDATES,
    success: 'Experten har lagts till',
    failure: SAVE_FAILED,
    onSuccess,
  });
}

/** PUT /api/admin/experts/{id}: toast 'Experten har uppdaterats'. */
export function useUpdateExpert(onSuccess: (expert: AdminExpert) => void) {
  return useAdminMutation<{ id: string; body: ExpertUpdate }, AdminExpert>({
    request: ({ id, body }) => apiRequest<AdminExpert>('PUT', `${EXPERTS_URL}/${encodeURIComponent(id)}`, body),
    invalidates: INVALIDATES,
    success: 'Experten har uppdaterats',
    failure: SAVE_FAILED,
    onSuccess,
  });
}

/** DELETE /api/admin/experts/{id}: toast 'Experten har tagits bort'; 409 while they have reviews (the server's message). */
export function useDeleteExpert() {
  return useAdminMutation<AdminExpert, null>({
    request: (expert) => apiRequest<null>('DELETE', `${EXPERTS_URL}/${encodeURIComponent(expert.id)}`),
    invalidates: INVALIDATES,
    success: 'Experten har tagits bort',
    failure: DELETE_FAILED,
  });
}

/** POST /api/admin/expert-reviews: toast 'Expertrecensionen har lagts till'. */
export function useCreateExpertReview(onSuccess: (review: AdminExpertReview) => void) {
  return useAdminMutation<ExpertReviewCreate, AdminExpertReview>({
    request: (body) => apiRequest<AdminExpertReview>('POST', EXPERT_REVIEWS_URL, body),
    invalidates: INVALIDATES,
    success: 'Expertrecensionen har lagts till',
    failure: SAVE_FAILED,
    onSuccess,
  });
}

/** PUT /api/admin/expert-reviews/{id}: toast 'Expertrecensionen har uppdaterats'. */
export function useUpdateExpertReview(onSuccess: (review: AdminExpertReview) => void) {
  return useAdminMutation<{ id: string; body: ExpertReviewUpdate }, AdminExpertReview>({
    request: ({ id, body }) => apiRequest<AdminExpertReview>('PUT', `${EXPERT_REVIEWS_URL}/${encodeURIComponent(id)}`, body),
    invalidates: INVALIDATES,
    success: 'Expertrecensionen har uppdaterats',
    failure: SAVE_FAILED,
    onSuccess,
  });
}

/** DELETE /api/admin/expert-reviews/{id}: toast 'Expertrecensionen har tagits bort'. */
export function useDeleteExpertReview() {
  return useAdminMutation<AdminExpertReview, null>({
    request: (review) => apiRequest<null>('DELETE', `${EXPERT_REVIEWS_URL}/${encodeURIComponent(review.id)}`),
    invalidates: INVALIDATES,
    success: 'Expertrecensionen har tagits bort',
    failure: DELETE_FAILED,
  });
}
