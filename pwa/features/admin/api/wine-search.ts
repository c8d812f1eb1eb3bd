import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminWinePage } from '../../../../api/contract/admin-wines';
import { adminRawQueryOptions } from './admin-query';

/** How many wines a wine search shows at a time. */
export const WINE_SEARCH_LIMIT = 20;

/**
 * GET /api/admin/wines?q=…: wines whose name, region or grape contains `search`, at most 20, newest first (the
 * newest when `search` is empty); only published ones with `approvedOnly` (the slider's picker), any status
 * otherwise (an expert review may be written before its wine is published). The last answer stays shown while
 * the next loads.
 */
export function useWineSearch(search: string, { approvedOnly }: { approvedOnly: boolean }) {
  const params = new URLSearchParams({ ...(approvedOnly ? { approvalStatus: 'approved' } : {}), limit: String(WINE_SEARCH_LIMIT), offset: '0' });
  const q = search.trim();
  if (q) params.set('q', q);
  const url = `/api/admin/wines?${params.toString()}`;
  return useQuery({ ...adminRawQueryOptions<AdminWinePage>(url, ['/api/admin/wines', url]), placeholderData: keepPreviousData });
}
