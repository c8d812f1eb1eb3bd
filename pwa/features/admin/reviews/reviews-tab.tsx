import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '../../../../api/contract/admin-dashboard';
import { adminRawQueryOptions } from '../api/admin-query';
import { AdminSectionHeading, EmptyState, LoadError, LoadingBlock, StatCard } from '../components/admin-ui';

/**
 * The reviews tab (spec 001 §2 'Reviews moderation tab'): the number of community reviews waiting for a
 * moderator, from the dashboard's real figures. Submitting and moderating reviews is the Reviews issue's work;
 * until then no review can be pending, and the tab says so with the spec's empty text.
 */
export function ReviewsTab() {
  const dashboard = useQuery(adminRawQueryOptions<AdminDashboard>('/api/admin/dashboard'));
  if (dashboard.isPending) return <LoadingBlock />;
  if (dashboard.isError) return <LoadError message="Kunde inte ladda recensionerna." onRetry={() => void dashboard.refetch()} />;
  const pending = dashboard.data.counts.pendingReviews;
  return (
    <section aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="sr-only">
        Recensioner
      </h2>
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <StatCard label="Väntande" value={pending} />
      </div>
      <AdminSectionHeading>VÄNTANDE RECENSIONER</AdminSectionHeading>
      {pending === 0 ? (
        <EmptyState>Inga väntande recensioner</EmptyState>
      ) : (
        <p className="font-sans text-ink-soft">{pending} recensioner väntar på granskning.</p>
      )}
    </section>
  );
}
