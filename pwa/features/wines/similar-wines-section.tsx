import type { Wine } from '../../../api/contract/wines';
import { isNetworkError } from '../../lib/api-client';
import { SavedCatalogueNote } from '../../components/wine/saved-catalogue-note';
import { WineCard } from '../../components/wine/wine-card';
import { WineCardSkeleton } from '../../components/wine/wine-card-skeleton';
import { useSimilarWines } from './api/get-similar-wines';

/**
 * 'LIKNANDE VINER' on the wine page: up to six wines of the same type in the same price per litre, nearest taste
 * first, each card with its reason (api/contract/similar-wines.ts). Online from the API; offline from the device's
 * catalogue copy, with the copy's date. Loaded when the reader nears it (pwa/features/wines/similar-wines.tsx).
 */
export default function SimilarWinesSection({ wine }: { wine: Wine }) {
  const { data, isPending, isError, error } = useSimilarWines(wine);
  return (
    <section aria-labelledby="similar-wines" className="mt-16">
      <h2 id="similar-wines" className="section-rule py-2 text-center font-sans text-sm font-bold tracking-[0.18em] uppercase">
        LIKNANDE VINER
      </h2>
      {isPending ? (
        <ul aria-hidden="true" className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <li key={i}>
              <WineCardSkeleton />
            </li>
          ))}
        </ul>
      ) : isError ? (
        <p className="mt-6 text-center text-ink-soft">
          {isNetworkError(error) ? 'Liknande viner visas när du är online igen.' : 'Kunde inte ladda liknande viner.'}
        </p>
      ) : data.items.length === 0 ? (
        <p className="mt-6 text-center text-ink-soft">Inga liknande viner av samma typ i samma prisklass just nu.</p>
      ) : (
        <>
          {data.fromDevice && <SavedCatalogueNote className="mt-4 text-center" />}
          <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.items.map(({ wine: similar, reason }) => (
              <li key={similar.id} className="flex flex-col">
                <WineCard wine={similar} />
                <p className="mt-2 font-sans text-sm text-ink-soft">{reason}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
