import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MedalDesign } from '../../../../api/contract/medal-designs';
import { apiGet } from '../../../lib/api-client';

/** The list's address, also its query key (the admin's medal changes refetch it). */
export const MEDAL_DESIGNS_URL = '/api/medal-designs';

/**
 * GET /api/medal-designs (public): every medal design {id, name, category, colours, svgUrl}, by category then
 * name. Not kept offline: the /medals page says so when the list can't be fetched.
 */
export const medalDesignsQueryOptions = () =>
  queryOptions({ queryKey: [MEDAL_DESIGNS_URL], queryFn: () => apiGet<MedalDesign[]>(MEDAL_DESIGNS_URL) });

/** Every medal design (medalDesignsQueryOptions). */
export function useMedalDesigns() {
  return useQuery(medalDesignsQueryOptions());
}
