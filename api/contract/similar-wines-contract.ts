import { z } from 'zod';
import { WineSummary } from './wines';

/**
 * GET /api/wines/{id}/similar answer ('Liknande viner'): at most six public wines of the same type within ±25 % of
 * the wine's price per litre, nearest taste profile first, each with its one-line Swedish reason. The rule is
 * api/contract/similar-wines.ts, which the PWA also runs on its catalogue copy when offline.
 */
export const SimilarWinesAnswer = z
  .object({
    items: z.array(
      z.object({
        wine: WineSummary,
        reason: z.string().meta({ example: 'Samma typ, liknande fyllighet och fruktsyra, literpris 132 kr (\u22128 %)' }),
      }),
    ),
  })
  .meta({ id: 'SimilarWines' });
export type SimilarWinesAnswer = z.infer<typeof SimilarWinesAnswer>;
