import { queryOptions } from '@tanstack/react-query';
import type { CurrentUser } from '../../../api/contract/auth';
import { ApiError, apiRequest, isNetworkError } from '../api-client';

// Copies of AUTH_RECHECK_MS, CURRENT_USER_ATTEMPTS and CURRENT_USER_RETRY_DELAYS_MS from
// api/contract/auth-rules.ts, pinned to them by session.test.ts. This module is in the first download, and
// importing auth-rules here would bring its whole AUTH_MESSAGES table along (≈0.8 KB gzip of a 150 KB budget).
/** Re-check of a signed-in user (spec 000 §4, §9): 5 minutes. */
export const RECHECK_MS = 5 * 60 * 1000;
/** Current-user call: at most 3 attempts in total, waiting 1000 ms then 2000 ms (spec 000 §9). */
export const ATTEMPTS = 3;
export const RETRY_DELAYS_MS = [1000, 2000] as const;

/** The query key of the signed-in user; its data is the user, or null when signed out. */
export const CURRENT_USER_KEY = ['/api/auth/current'] as const;

/**
 * GET /api/auth/current (spec 000 §7): the user on 200; null on 401 (signed out, no message) and on any
 * other 4xx (spec: "any other status clears the user").
 * @throws ApiError on 5xx and TypeError on a network failure, which the query retries.
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await apiRequest<CurrentUser>('GET', '/api/auth/current');
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) return null;
    throw err;
  }
}

/** Only a server failure or no connection is worth another attempt (spec 000 §4, §8). */
function isRetriable(err: unknown): boolean {
  return isNetworkError(err) || (err instanceof ApiError && err.status >= 500);
}

/**
 * The current-user query (spec 000 §4, §9): at most 3 attempts in total, waiting 1000 ms then 2000 ms, only
 * after 5xx or network errors; while a user is known it is re-checked every 5 minutes.
 */
export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: fetchCurrentUser,
    retry: (failures, err) => failures < ATTEMPTS - 1 && isRetriable(err),
    retryDelay: (failures: number): number => RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!,
    // Data stays the user after a failed re-check, so the checks go on and a passing outage heals itself.
    refetchInterval: (query) => (query.state.data ? RECHECK_MS : false),
  });
}

/** POST /api/auth/logout (no body, 204). Failures are the caller's to ignore (spec 000 §7). */
export function postLogout(): Promise<unknown> {
  return apiRequest('POST', '/api/auth/logout');
}
