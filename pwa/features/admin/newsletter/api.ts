import { keepPreviousData } from '@tanstack/react-query';
import type { AdminSubscriberList, SubscriberBulkDeleteResult } from '../../../../api/contract/admin-newsletter';
import { apiRequest } from '../../../lib/api-client';
import { adminRawQueryOptions, useAdminMutation } from '../api/admin-query';

// The Newsletter tab's calls (api/contract/admin-newsletter.ts; spec 001 §7 leaves them to us): the list with
// the four counters, the CSV export of the same filters, and per-row and bulk deletes (real erasure, GDPR).

/** The list's query key prefix: every delete refetches all list variants (and the counters). */
export const SUBSCRIBERS_KEY = '/api/admin/newsletter-subscribers';

/** The tab's filters, which combine (spec 001 §4): part of an e-mail or phone, and 'Endast GDPR-samtycke'. */
export interface SubscriberFilters {
  q: string;
  gdprOnly: boolean;
}

/** Whether any filter is set (then the empty text is 'Inga prenumeranter matchar filtren.'). */
export function hasFilters(filters: SubscriberFilters): boolean {
  return filters.q.trim() !== '' || filters.gdprOnly;
}

function filterParams(filters: SubscriberFilters): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.gdprOnly) params.set('gdprOnly', 'true');
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** GET …?q=&gdprOnly=true as `{items, total, stats}`; the previous answer stays on screen while the next loads. */
export function subscribersQueryOptions(
  filters: SubscriberFilters,
): ReturnType<typeof adminRawQueryOptions<AdminSubscriberList>> & { placeholderData: typeof keepPreviousData } {
  const key = [SUBSCRIBERS_KEY, { q: filters.q.trim(), gdprOnly: filters.gdprOnly }];
  return { ...adminRawQueryOptions<AdminSubscriberList>(`${SUBSCRIBERS_KEY}${filterParams(filters)}`, key), placeholderData: keepPreviousData };
}

/**
 * The CSV export of the subscribers matching `filters` (a download: the server names it
 * nyhetsbrev-YYYY-MM-DD.csv and the session cookie goes along with the link).
 */
export function exportUrl(filters: SubscriberFilters): string {
  return `${SUBSCRIBERS_KEY}/export${filterParams(filters)}`;
}

/** '1 prenumerant', '3 prenumeranter'. */
export function subscriberCount(n: number): string {
  return `${n} ${n === 1 ? 'prenumerant' : 'prenumeranter'}`;
}

const failure = { title: 'Borttagning misslyckades', fallback: 'Kunde inte ta bort prenumeranten. Försök igen.' };

/** DELETE …/{id}: erases one subscriber, toasts 'Prenumerant borttagen'. */
export function useDeleteSubscriber(onDone: (id: string) => void) {
  return useAdminMutation<string, null>({
    request: (id) => apiRequest<null>('DELETE', `${SUBSCRIBERS_KEY}/${encodeURIComponent(id)}`),
    invalidates: [[SUBSCRIBERS_KEY]],
    success: 'Prenumerant borttagen',
    failure,
    onSuccess: (_r, id) => onDone(id),
  });
}

/** POST …/bulk-delete {ids}: erases the selected subscribers, toasts '{n} prenumeranter borttagna'. */
export function useBulkDeleteSubscribers(onDone: (ids: string[]) => void) {
  return useAdminMutation<string[], SubscriberBulkDeleteResult>({
    request: (ids) => apiRequest<SubscriberBulkDeleteResult>('POST', `${SUBSCRIBERS_KEY}/bulk-delete`, { ids }),
    invalidates: [[SUBSCRIBERS_KEY]],
    success: ({ deleted }) => (deleted === 1 ? '1 prenumerant borttagen' : `${deleted} prenumeranter borttagna`),
    failure: { title: 'Borttagning misslyckades', fallback: 'Kunde inte ta bort prenumeranterna. Försök igen.' },
    onSuccess: (_r, ids) => onDone(ids),
  });
}
