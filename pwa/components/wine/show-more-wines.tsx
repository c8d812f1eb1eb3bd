import type { ReactNode, Ref } from 'react';
import type { WineSummary } from '../../../api/contract/wines';
import { isNetworkError } from '../../lib/api-client';
import { WineCardSkeleton } from './wine-card-skeleton';

// The paged wine lists (the category lists, /viner): their loaded wines, their placeholder and their foot.

/** The wines of all loaded pages in order, each once (a wine can move between pages while a reader pages on). */
export function uniqueWines(pages: readonly { items: readonly WineSummary[] }[]): WineSummary[] {
  const seen = new Set<string>();
  const wines: WineSummary[] = [];
  for (const page of pages) {
    for (const wine of page.items) {
      if (seen.has(wine.id)) continue;
      seen.add(wine.id);
      wines.push(wine);
    }
  }
  return wines;
}

/** Six placeholder cards shaped like WineCard while the first page comes, in the list's grid (`className`). */
export function WineGridSkeleton({ className }: { className: string }) {
  return (
    <ul className={`grid grid-cols-1 gap-6 sm:grid-cols-2 ${className}`} aria-hidden="true">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i}>
          <WineCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

/**
 * The foot of a paged wine list (spec 000 §2 'Public list pages'; /viner): what is shown so far ('Visar 24 av 61
 * viner', polite live region), the Swedish error when the next page failed (offline or not), and 'Visa fler viner'
 * while there are more (aria-disabled while loading, so the keyboard focus stays on it).
 */
export function ShowMoreWines({
  summary,
  hasNextPage,
  isFetchingNextPage,
  nextPageError,
  onShowMore,
  buttonRef,
}: {
  summary: ReactNode;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** The error of the last failed next page, or null. */
  nextPageError: unknown;
  onShowMore: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  return (
    <div className="mt-10 flex flex-col items-center gap-4 border-t border-rule pt-6 text-center">
      <p className="font-sans text-sm text-ink-soft" aria-live="polite">
        {summary}
      </p>
      {nextPageError != null && (
        <p role="alert" className="max-w-md text-ink-soft">
          {isNetworkError(nextPageError)
            ? 'Fler viner kunde inte hämtas – du verkar vara offline.'
            : 'Fler viner kunde inte hämtas just nu. Försök igen.'}
        </p>
      )}
      {hasNextPage && (
        <button
          ref={buttonRef}
          type="button"
          className="btn-outline min-w-56 aria-disabled:cursor-wait aria-disabled:opacity-60"
          onClick={onShowMore}
          // aria-disabled rather than disabled: a disabled button drops the keyboard focus.
          aria-disabled={isFetchingNextPage}
        >
          {isFetchingNextPage ? 'Laddar…' : 'Visa fler viner'}
        </button>
      )}
    </div>
  );
}
