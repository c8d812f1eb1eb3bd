import { queryOptions, useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { ApiError, apiGet, apiRequest } from '../../../lib/api-client';

/**
 * Admin reads (spec 001 §7: "Admin data is fetched fresh without caching"): never fresh for the query layer,
 * so every mount and every invalidation asks the server again; kept only while a screen shows them.
 * The key is the URL, so invalidating `['/api/admin/wines']` refetches every wine list variant.
 */
export function adminQueryOptions<T>(url: string, key: QueryKey = [url]) {
  return queryOptions({
    queryKey: key,
    queryFn: () => apiGet<T>(url),
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** GET a raw (not unwrapped) admin answer, e.g. `{items, stats}` lists. */
export function adminRawQueryOptions<T>(url: string, key: QueryKey = [url]) {
  return queryOptions({
    queryKey: key,
    queryFn: () => apiRequest<T>('GET', url),
    staleTime: 0,
    gcTime: 60_000,
  });
}

/** The Swedish text to show for a failed admin call: the server's message, else `fallback`. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  return fallback;
}

/** The field messages (`details[].path` → message) of a 400, keyed by the last path segment ('body.price' → 'price'). */
export function fieldErrors(err: unknown): Record<string, string> {
  if (!(err instanceof ApiError)) return {};
  const details = (err.body as { error?: { details?: { path?: unknown; message?: unknown }[] } } | null)?.error?.details;
  const out: Record<string, string> = {};
  for (const d of details ?? []) {
    if (typeof d.path !== 'string' || typeof d.message !== 'string') continue;
    const field = d.path.replace(/^(body|query|params)\./, '').split('.')[0]!;
    out[field] ??= d.message;
  }
  return out;
}

interface AdminMutationOptions<TVars, TResult> {
  /** The request to send. */
  request: (vars: TVars) => Promise<TResult>;
  /** Query keys (URL prefixes) to refetch after success, e.g. [['/api/admin/wines'], ['/api/admin/dashboard']]. */
  invalidates: QueryKey[];
  /** Toast title on success (spec 001 §8), or a function of the variables and result. */
  success?: string | ((result: TResult, vars: TVars) => string);
  /** Toast title and fallback description on failure (spec 001 §8). */
  failure: { title: string; fallback: string };
  onSuccess?: (result: TResult, vars: TVars) => void;
}

/**
 * A mutation of the admin panel with the spec's toasts: success → `success` toast and the listed queries
 * refetched (the dashboard included, its figures and activity change with every write); failure → a
 * destructive toast `failure.title` with the server's Swedish message or `failure.fallback`.
 */
export function useAdminMutation<TVars, TResult = unknown>(opts: AdminMutationOptions<TVars, TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: opts.request,
    onSuccess: async (result, vars) => {
      if (opts.success) toast.success(typeof opts.success === 'function' ? opts.success(result, vars) : opts.success);
      opts.onSuccess?.(result, vars);
      await Promise.all([...opts.invalidates, ['/api/admin/dashboard']].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (err) => {
      toast.error(opts.failure.title, { description: errorText(err, opts.failure.fallback) });
    },
  });
}
