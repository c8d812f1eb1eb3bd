import { useQuery } from '@tanstack/react-query';
import { type SimilarWine, similarWines } from '../../../../api/contract/similar-wines';
import type { SimilarWinesAnswer } from '../../../../api/contract/similar-wines-contract';
import type { Wine, WineSummary } from '../../../../api/contract/wines';
import { apiRequest, isNetworkError } from '../../../lib/api-client';

/** 'Liknande viner' as the section shows them, and whether the device worked them out from its catalogue copy. */
export interface SimilarWinesResult {
  items: SimilarWine<WineSummary>[];
  fromDevice: boolean;
}

/**
 * GET /api/wines/{id}/similar — up to six similar wines with their reasons. When the network is unreachable, the same
 * rule (api/contract/similar-wines.ts) runs on the device's catalogue copy (pwa/lib/catalogue/sync.ts), loaded then.
 * @throws the network error when the device has no catalogue copy, and any HTTP error (ApiError) as it is.
 */
export async function getSimilarWines(wine: Wine): Promise<SimilarWinesResult> {
  try {
    const answer = await apiRequest<SimilarWinesAnswer>('GET', `/api/wines/${encodeURIComponent(wine.id)}/similar`);
    return { items: answer.items, fromDevice: false };
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const saved = await (await import('../../../lib/catalogue/sync')).loadSavedCatalogue().catch(() => undefined);
    if (!saved) throw err;
    return { items: similarWines(wine, saved.catalogue.items), fromDevice: true };
  }
}

/** The similar wines of `wine` (see getSimilarWines). */
export function useSimilarWines(wine: Wine) {
  return useQuery({ queryKey: ['wine', wine.id, 'similar'], queryFn: () => getSimilarWines(wine) });
}
