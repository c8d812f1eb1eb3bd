import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The client read policy of spec 000 §7–§9 in one place: reads fresh for 30 s, kept 5 min, at most 2
 * retries and none on 401, backoff doubling from 1 s to 30 s, no refetch on focus or interval;
 * mutations are never retried by the query layer.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => {
          if (error instanceof ApiError && (error.status === 401 || error.status === 404 || error.status === 400)) return false;
          return failureCount < 2;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        refetchOnWindowFocus: false,
        refetchInterval: false,
        // Public reads fall back to the copies kept in IndexedDB, so they must run offline too.
        networkMode: 'always',
      },
      mutations: { retry: 0, networkMode: 'always' },
    },
  });
}
