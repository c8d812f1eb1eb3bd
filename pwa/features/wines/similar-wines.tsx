import { lazy } from 'react';
import type { Wine } from '../../../api/contract/wines';
import { NearViewport } from '../../components/near-viewport';

const SimilarWinesSection = lazy(() => import('./similar-wines-section'));

/** 'Liknande viner' below the wine page's reviews, its code and data loaded only when the reader comes near it. */
export function SimilarWines({ wine }: { wine: Wine }) {
  return (
    <NearViewport placeholderClassName="mt-16 h-[36rem]">
      <SimilarWinesSection wine={wine} />
    </NearViewport>
  );
}
