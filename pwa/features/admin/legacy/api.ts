import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminSubscriberList } from '../../../../api/contract/admin-newsletter';
import type { AdminWine, AdminWinePage } from '../../../../api/contract/admin-wines';
import { apiRequest } from '../../../lib/api-client';
import { adminRawQueryOptions, useAdminMutation } from '../api/admin-query';

const WINES_URL = '/api/admin/wines';
const SUBSCRIBERS_URL = '/api/admin/newsletter-subscribers';

/** Wines per page of the legacy wine table. */
export const LEGACY_WINE_PAGE_SIZE = 25;
/** Subscribers the legacy table shows (the newsletter tab has them all, with search and export). */
export const LEGACY_SUBSCRIBER_LIMIT = 100;

/**
 * GET /api/admin/wines?limit=25&offset=…&q=…: one page of wines of every status, newest first, and the number
 * of all matching wines. Keyed under '/api/admin/wines', so every wine change refetches it.
 */
export function useLegacyWines(page: number, q: string) {
  const params = new URLSearchParams({ limit: String(LEGACY_WINE_PAGE_SIZE), offset: String(page * LEGACY_WINE_PAGE_SIZE) });
  if (q) params.set('q', q);
  return useQuery({
    ...adminRawQueryOptions<AdminWinePage>(`${WINES_URL}?${params}`, [WINES_URL, { page, q, limit: LEGACY_WINE_PAGE_SIZE }]),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /api/admin/wines/{id} with the spec's toasts ('Vin borttaget'; 'Kunde inte ta bort vinet. Försök igen.'). */
export function useDeleteLegacyWine(onSuccess: () => void) {
  return useAdminMutation<AdminWine, unknown>({
    request: (wine) => apiRequest('DELETE', `${WINES_URL}/${encodeURIComponent(wine.id)}`),
    invalidates: [[WINES_URL]],
    success: 'Vin borttaget',
    failure: { title: 'Fel', fallback: 'Kunde inte ta bort vinet. Försök igen.' },
    onSuccess,
  });
}

/** GET /api/admin/newsletter-subscribers?limit=100: the newest 100 subscribers, how many there are, the counters. */
export function useLegacySubscribers() {
  return useQuery(
    adminRawQueryOptions<AdminSubscriberList>(`${SUBSCRIBERS_URL}?limit=${LEGACY_SUBSCRIBER_LIMIT}`, [
      SUBSCRIBERS_URL,
      { limit: LEGACY_SUBSCRIBER_LIMIT },
    ]),
  );
}

/** A call's raw outcome for /admin-debug: the HTTP status and the parsed body (text when not JSON). */
export interface RawAnswer {
  url: string;
  status: number;
  body: unknown;
  at: string;
}

/**
 * GET `url` with the session cookie and returns its status and body as they are, whatever the status (the
 * debug page shows a 401 or 403 rather than failing). Unlike the app's client it raises no global
 * 'signed out' event: looking at a debug page must not sign anyone out.
 * @throws TypeError when the network is unreachable.
 */
export async function fetchRaw(url: string): Promise<RawAnswer> {
  const res = await fetch(url, { credentials: 'include', cache: 'no-store', headers: { Accept: 'application/json' } });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: show the text
  }
  return { url, status: res.status, body, at: new Date().toISOString() };
}

/** GET /api/auth/current or /api/users for /admin-debug, asked once per visit (never cached, never retried). */
export function useRawAnswer(url: string) {
  return useQuery({ queryKey: ['admin-debug', url], queryFn: () => fetchRaw(url), staleTime: 0, gcTime: 0, retry: false });
}

/** The 'Testa admin-anropet' button: GET /api/users again, keeping the latest answer. */
export function useTestAdminCall() {
  return useMutation({ mutationFn: () => fetchRaw('/api/users') });
}
