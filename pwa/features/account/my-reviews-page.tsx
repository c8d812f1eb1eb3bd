import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../../api/contract/auth';
import { REVIEW_MESSAGES, REVIEW_STATUS_LABELS, REVIEW_STATUSES, type ReviewStatus } from '../../../api/contract/review-rules';
import type { MyReview } from '../../../api/contract/reviews';
import { isNetworkError } from '../../lib/api-client';
import { useMyReviews } from '../../lib/api/reviews';
import { formatRating, formatReviewDate } from '../../lib/review-format';
import { ReviewScores } from '../../components/review/review-scores';
import { ReviewStatusBadge } from '../../components/review/review-status-badge';
import { nameWithVintage } from '../../lib/wine-format';
import { RequireMember } from './require-member';

/**
 * /mina-recensioner — the signed-in member's own reviews ('Mina recensioner' in the avatar menu, spec 000 §2),
 * newest first, whatever their status: the wine (a link to its page), the date, the three ratings, the text, the
 * status (väntar, publicerad, avvisad), the final rating once published and the reason when rejected. Guests go to /.
 */
export function MyReviewsPage() {
  useEffect(() => {
    document.title = 'Mina recensioner – Vinpressen';
  }, []);

  return (
    <RequireMember>
      {(user) => (
        <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
          <header className="border-b border-ink pb-6 text-center">
            <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Ditt konto · {user.username}</p>
            <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl">Mina recensioner</h1>
          </header>
          <MyReviews user={user} />
        </div>
      )}
    </RequireMember>
  );
}

function MyReviews({ user }: { user: CurrentUser }) {
  const { data: reviews, isPending, isError, error, refetch, isFetching } = useMyReviews(user.id);

  if (isPending) return <ListSkeleton />;

  if (isError) {
    return (
      <div role="alert" className="mx-auto mt-12 max-w-xl text-center">
        <p className="text-2xl font-bold text-ink">{REVIEW_MESSAGES.listFailed}</p>
        <p className="mt-3 text-ink-soft">
          {isNetworkError(error)
            ? 'Du verkar vara offline. Anslut till internet och försök igen.'
            : 'Något gick fel hos oss. Försök igen om en stund.'}
        </p>
        <button type="button" className="btn-primary mt-6" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? 'Försöker…' : 'Försök igen'}
        </button>
      </div>
    );
  }

  if (reviews.length === 0) return <EmptyState />;

  return (
    <>
      <Summary reviews={reviews} />
      <ol className="mx-auto mt-4 max-w-3xl divide-y divide-rule border-t border-rule">
        {reviews.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} />
          </li>
        ))}
      </ol>
    </>
  );
}

const STATUS_PLURALS: Record<ReviewStatus, string> = { pending: 'väntar', approved: 'publicerade', rejected: 'avvisade' };

/** 'N recensioner · 1 väntar · 2 publicerade …' above the list. */
function Summary({ reviews }: { reviews: MyReview[] }) {
  const parts = REVIEW_STATUSES.map((status) => ({ status, count: reviews.filter((r) => r.status === status).length })).filter((p) => p.count > 0);
  return (
    <p className="mx-auto mt-8 max-w-3xl font-sans text-sm text-ink-soft">
      <span className="font-semibold text-ink">{reviews.length === 1 ? '1 recension' : `${reviews.length} recensioner`}</span>
      {parts.map((p) => (
        <span key={p.status}>
          {' · '}
          {p.count} {p.count === 1 ? REVIEW_STATUS_LABELS[p.status] : STATUS_PLURALS[p.status]}
        </span>
      ))}
    </p>
  );
}

function ReviewItem({ review }: { review: MyReview }) {
  return (
    <article aria-labelledby={`my-review-${review.id}`} className="py-6">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={`my-review-${review.id}`} className="text-2xl leading-tight font-bold break-words">
            <Link
              to={`/wine/${review.wine.id}`}
              className="text-ink underline decoration-rule underline-offset-4 hover:text-wine hover:decoration-wine"
            >
              {nameWithVintage(review.wine)}
            </Link>
          </h2>
          <p className="mt-1 font-sans text-sm text-muted">
            Skickad <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
          </p>
        </div>
        <ReviewStatusBadge status={review.status} />
      </header>

      <ReviewScores review={review} className="mt-3" />

      <p className="mt-3 leading-relaxed break-words whitespace-pre-line text-ink-soft">{review.content}</p>

      {review.status === 'pending' && (
        <p className="mt-4 font-sans text-sm text-ink-soft">Granskas av vårt AI-system och en moderator. Den publiceras när den är godkänd.</p>
      )}
      {review.status === 'approved' && (
        <p className="mt-4 border-l-4 border-green bg-paper-dark px-4 py-2 font-sans text-sm text-ink">
          {review.finalRating !== null && (
            <>
              <span className="font-semibold">Slutbetyg {formatRating(review.finalRating)} av 5</span>
              {' · '}
            </>
          )}
          Publicerad
          {review.publishedAt && (
            <>
              {' '}
              <time dateTime={review.publishedAt}>{formatReviewDate(review.publishedAt)}</time>
            </>
          )}
        </p>
      )}
      {review.status === 'rejected' && (
        <div className="mt-4 border-l-4 border-wine bg-wine-light/50 px-4 py-2 font-sans text-sm text-ink">
          <p className="font-semibold">Recensionen publicerades inte.</p>
          {review.rejectionReason && (
            <p className="mt-0.5">
              <span className="font-semibold">Anledning:</span> {review.rejectionReason}
            </p>
          )}
        </div>
      )}
    </article>
  );
}

function ListSkeleton() {
  return (
    <div className="mx-auto mt-12 max-w-3xl" aria-busy="true">
      <p className="sr-only" role="status">
        Laddar dina recensioner…
      </p>
      <div aria-hidden="true" className="space-y-8">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2 border-b border-rule pb-6">
            <div className="skeleton h-6 w-1/2" />
            <div className="skeleton h-3 w-1/4" />
            <div className="skeleton h-4 w-full" />
            <div className="skeleton h-4 w-4/5" />
          </div>
        ))}
      </div>
    </div>
  );
}

function EmptyState() {
  return (
    <section
      aria-labelledby="my-reviews-empty"
      className="mx-auto mt-12 max-w-2xl border-y-4 border-double border-ink bg-paper-dark px-6 py-10 text-center sm:px-10"
    >
      <h2 id="my-reviews-empty" className="text-2xl font-bold text-ink sm:text-3xl">
        Du har inte skrivit några recensioner ännu.
      </h2>
      <p className="mx-auto mt-4 max-w-lg text-lg leading-relaxed text-ink-soft">
        Har du provat ett vin du vill tipsa om – eller varna för? Leta upp det och berätta vad du tyckte. Dina recensioner samlas här.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/aktuella-viner" className="btn-primary px-6 py-3">
          Utforska vintips
        </Link>
        <Link to="/folkets-val" className="btn-outline px-6 py-3">
          Folkets val
        </Link>
      </div>
    </section>
  );
}
