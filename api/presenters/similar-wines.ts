import { similarWines } from '../contract/similar-wines';
import type { SimilarWinesAnswer } from '../contract/similar-wines-contract';
import type { DbPublicWineRow } from '../queries/wines';
import { type MedianPricePerLitreByType, type PublicWineOptions, presentWine, presentWineSummary } from './wine';

/**
 * 'Liknande viner' of `target` (GET /api/wines/{id}/similar): the shared rule (api/contract/similar-wines.ts) run on
 * the presented candidates, each chosen one as its card (WineSummary) with the rule's reason. A candidate with an
 * 'Utgått' date counts as discontinued. `medians` (kr/l per type) give the cards their Fynd reason; `options` their photo.
 */
export function presentSimilarWines(
  target: DbPublicWineRow,
  candidates: DbPublicWineRow[],
  medians: MedianPricePerLitreByType = {},
  options: PublicWineOptions = {},
): SimilarWinesAnswer {
  const rows = new Map(candidates.map((row) => [row.id, row]));
  const chosen = similarWines(
    presentWine(target),
    candidates.map((row) => ({ ...presentWine(row), isDiscontinued: row.discontinued_on !== null })),
  );
  return { items: chosen.map(({ wine, reason }) => ({ wine: presentWineSummary(rows.get(wine.id)!, medians, options), reason })) };
}
