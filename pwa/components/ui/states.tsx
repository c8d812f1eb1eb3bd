import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { smallButtonClass } from './classes';

// The three states of a list or page that reads data: empty, loading, failed.

/** The text shown when a list is empty (docs/spec/001-admin-and-partner.md §8 'Empty lists'). */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="border border-dashed border-rule px-4 py-10 text-center font-sans text-ink-soft">{children}</p>;
}

/** A list that is loading: an accessible busy placeholder ('Laddar…' for screen readers unless `label`). */
export function LoadingBlock({ label = 'Laddar…' }: { label?: string }) {
  return (
    <div aria-busy="true" className="space-y-3">
      <span className="sr-only">{label}</span>
      <div className="skeleton h-16" />
      <div className="skeleton h-16" />
      <div className="skeleton h-16" />
    </div>
  );
}

/** A failed read: `message` in an alert, with a 'Försök igen' button that calls `onRetry`. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="border border-wine bg-wine-light/40 p-4 font-sans text-sm text-ink">
      <p>{message}</p>
      <button type="button" className={`${smallButtonClass} mt-3`} onClick={onRetry}>
        Försök igen
      </button>
    </div>
  );
}

/**
 * The loading/failed/empty/data switch for one TanStack Query read: `LoadingBlock` with `loadingLabel` while the
 * query is pending, `LoadError` with `errorMessage` (its 'Försök igen' calls `query.refetch()`) when it failed, the
 * `EmptyState` with `empty` when `isEmpty(data)` says so (both optional), else `children(data)`. A failed refetch
 * shows the error even if older data is held, as the tabs did by hand (docs/spec/001-admin-and-partner.md §8).
 */
export function QueryState<T, E>({
  query,
  loadingLabel,
  errorMessage,
  isEmpty,
  empty,
  children,
}: {
  query: UseQueryResult<T, E>;
  loadingLabel: string;
  errorMessage: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock label={loadingLabel} />;
  if (query.isError) return <LoadError message={errorMessage} onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyState>{empty}</EmptyState>;
  return children(query.data);
}
