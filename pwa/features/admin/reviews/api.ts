import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REVIEW_MESSAGES } from '../../../../api/contract/review-rules';
import type { ModerationResult, PendingReviewList, ReviewApprove, ReviewReject } from '../../../../api/contract/reviews';
import { apiRequest } from '../../../lib/api-client';
import { adminRawQueryOptions, useAdminMutation } from '../api/admin-query';

// The moderation tab's calls (spec 001 §2 'Reviews moderation tab'): GET /api/admin/reviews/pending (the list
// and the stat cards), POST /api/admin/reviews/{id}/approve and POST /api/admin/reviews/{id}/reject.

/** The pending list's URL and query key. */
export const PENDING_REVIEWS_KEY = '/api/admin/reviews/pending';

/** How often the list is asked again while a review still waits for its analysis (it takes about a second). */
export const ANALYSIS_POLL_MS = 3000;

/** True while any listed review has no AI rating yet. */
export function awaitsAnalysis(list: PendingReviewList | undefined): boolean {
  return !!list?.items.some((review) => review.aiProcessedRating === null);
}

/** GET /api/admin/reviews/pending as `{items, stats}`, asked again every few seconds while a review is unanalysed. */
export function usePendingReviews() {
  return useQuery({
    ...adminRawQueryOptions<PendingReviewList>(PENDING_REVIEWS_KEY),
    refetchInterval: (query) => (awaitsAnalysis(query.state.data) ? ANALYSIS_POLL_MS : false),
  });
}

/** What a decision sends: the review and the body of approve or reject. */
export type ModerationInput = { id: string; decision: 'approve'; body: ReviewApprove } | { id: string; decision: 'reject'; body: ReviewReject };

/** Drops a decided review from the cached list at once (the refetch that follows brings the new figures). */
function useDropFromList() {
  const queryClient = useQueryClient();
  return (id: string) =>
    queryClient.setQueryData<PendingReviewList>([PENDING_REVIEWS_KEY], (list) =>
      list ? { ...list, items: list.items.filter((r) => r.id !== id) } : list,
    );
}

/**
 * Approves or rejects a pending review: 'Recension godkänd' / 'Recension avvisad' (REVIEW_MESSAGES); a failure
 * toasts 'Fel vid godkännande' / 'Fel vid avvisande' with the server's message (e.g. 409 'Recensionen är redan
 * granskad.'). Either way the list is asked again, so a review someone else decided disappears. `onDecided`
 * runs at once after a success, before the decided review leaves the cached list.
 */
export function useModerateReview(onDecided: (id: string) => void) {
  const drop = useDropFromList();
  const queryClient = useQueryClient();
  const refetch = () => queryClient.invalidateQueries({ queryKey: [PENDING_REVIEWS_KEY] });
  const request = (input: ModerationInput) =>
    apiRequest<ModerationResult>('POST', `/api/admin/reviews/${encodeURIComponent(input.id)}/${input.decision}`, input.body);
  const afterDecision = (_result: ModerationResult, input: ModerationInput) => {
    onDecided(input.id);
    drop(input.id);
  };
  const approve = useAdminMutation<ModerationInput, ModerationResult>({
    request,
    invalidates: [[PENDING_REVIEWS_KEY]],
    success: REVIEW_MESSAGES.approved,
    failure: { title: 'Fel vid godkännande', fallback: 'Kunde inte godkänna recensionen. Försök igen.' },
    onSuccess: afterDecision,
  });
  const reject = useAdminMutation<ModerationInput, ModerationResult>({
    request,
    invalidates: [[PENDING_REVIEWS_KEY]],
    success: REVIEW_MESSAGES.rejected,
    failure: { title: 'Fel vid avvisande', fallback: 'Kunde inte avvisa recensionen. Försök igen.' },
    onSuccess: afterDecision,
  });
  return {
    /** Sends the decision; on failure the list is refreshed. */
    decide(input: ModerationInput) {
      const mutation = input.decision === 'approve' ? approve : reject;
      mutation.mutate(input, { onError: () => void refetch() });
    },
    busy: approve.isPending || reject.isPending,
  };
}
