import type { ReactNode, Ref } from 'react';
import { isNetworkError } from '../../lib/api-client';

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
