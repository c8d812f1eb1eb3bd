import { useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SIGNED_IN_TOAST, toast } from '../../lib/toast';
import { REVIEW_STATUS_LABELS } from '../../../api/contract/review-rules';
import type { CurrentUser } from '../../../api/contract/auth';
import type { MyReview } from '../../../api/contract/reviews';
import type { Wine } from '../../../api/contract/wines';
import { useAuth } from '../../lib/auth/auth-provider';
import { findReviewOf, myReviewsQueryOptions, useMyReviews } from '../../lib/api/reviews';
import { ReviewStatusBadge, statusExplanation } from '../../components/review/review-status-badge';

type ReviewDialogModule = typeof import('./review-dialog');
type ReviewDialogComponent = ComponentType<ComponentProps<ReviewDialogModule['ReviewDialog']>>;
let dialogModule: Promise<ReviewDialogModule> | undefined;

/**
 * The dialog's code (Headless UI with it) is fetched when first wanted, never with the start page. Not
 * React.lazy: a failed download (offline before the service worker has it) must be retryable.
 */
function loadReviewDialog(): Promise<ReviewDialogModule> {
  dialogModule ??= import('./review-dialog').catch((err: unknown) => {
    dialogModule = undefined;
    throw err;
  });
  return dialogModule;
}

const ctaButton = 'btn-primary w-full px-6 py-3 text-base sm:w-auto sm:justify-self-start';

/**
 * The review call-to-action of the wine page (spec 000 §2 'Wine detail', §4): a guest sees 'LOGGA IN FÖR ATT
 * RÖSTA', which opens the login/register dialog and, after a sign-in or a registration, the review dialog; a
 * signed-in user sees 'LÄMNA RECENSION NU'. Someone who has already reviewed the wine (one review per wine) sees
 * their review's status instead of an invitation to write a second one.
 */
export function ReviewCallToAction({ wine }: { wine: Pick<Wine, 'id' | 'name' | 'vintage'> }) {
  const { status, user, openAuthDialog } = useAuth();
  const queryClient = useQueryClient();
  const mine = useMyReviews(user?.id);
  const existing = findReviewOf(mine.data, wine.id);
  const [dialog, setDialog] = useState<{ open: boolean; Component: ReviewDialogComponent }>();
  const [opening, setOpening] = useState(false);

  function openReviewDialog() {
    setOpening(true);
    loadReviewDialog().then(
      (m) => {
        setOpening(false);
        setDialog({ open: true, Component: m.ReviewDialog });
      },
      () => {
        setOpening(false);
        toast.error('Recensionen kunde inte öppnas', { description: 'Kontrollera din anslutning och försök igen.' });
      },
    );
  }

  /** After signing in through the dialog: the review dialog, unless this member has already reviewed the wine. */
  async function handleSignedIn(signedIn: CurrentUser) {
    let theirs: MyReview | undefined;
    try {
      theirs = findReviewOf(await queryClient.fetchQuery(myReviewsQueryOptions(signedIn.id)), wine.id);
    } catch {
      // Unknown: let them write; the server refuses a second review with its own message.
    }
    if (theirs) {
      toast('Du har redan recenserat det här vinet', {
        description: `Status: ${REVIEW_STATUS_LABELS[theirs.status]}. Du hittar den under Mina recensioner.`,
      });
      return;
    }
    // On a phone the 'Inloggad!' toast would lie over the review form's buttons for its 5 s: the open form says it.
    toast.dismiss(SIGNED_IN_TOAST);
    openReviewDialog();
  }

  function handleGuestClick() {
    // Fetch the review dialog's code while the visitor signs in.
    loadReviewDialog().catch(() => {});
    openAuthDialog('login', { onSignedIn: (u) => void handleSignedIn(u) });
  }

  let body: ReactNode;
  if (status === 'loading' || (user && mine.isPending)) {
    body = (
      <div aria-hidden="true" className="space-y-3">
        <div className="skeleton h-5 w-2/3" />
        <div className="skeleton h-12 w-full sm:w-56" />
      </div>
    );
  } else if (!user) {
    body = (
      <>
        <CtaText title="Vad tycker du om vinet?" text="Logga in eller bli medlem för att betygsätta och recensera det." />
        <button type="button" className={ctaButton} onClick={handleGuestClick}>
          LOGGA IN FÖR ATT RÖSTA
        </button>
      </>
    );
  } else if (existing) {
    body = <AlreadyReviewed review={existing} />;
  } else {
    body = (
      <>
        <CtaText title="Vad tycker du om vinet?" text="Betygsätt prisvärdhet, kvalitet och helhet och berätta hur det smakade." />
        <button type="button" className={ctaButton} onClick={openReviewDialog} disabled={opening} aria-haspopup="dialog">
          LÄMNA RECENSION NU
        </button>
      </>
    );
  }

  return (
    <div className="grid gap-4">
      {body}
      {/* Mounted from the first opening on: it keeps the draft between openings and can animate closed. */}
      {dialog && <dialog.Component open={dialog.open} onClose={() => setDialog((d) => d && { ...d, open: false })} wine={wine} userId={user?.id} />}
    </div>
  );
}

function CtaText({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <p className="font-display text-2xl leading-tight font-bold text-ink">{title}</p>
      <p className="mt-1 text-ink-soft">{text}</p>
    </div>
  );
}

function AlreadyReviewed({ review }: { review: MyReview }) {
  return (
    <div role="status">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-display text-2xl leading-tight font-bold text-ink">Du har recenserat det här vinet</p>
        <ReviewStatusBadge status={review.status} />
      </div>
      <p className="mt-1 text-ink-soft">
        {statusExplanation(review.status)}
        {review.status === 'rejected' && review.rejectionReason && <> Anledning: {review.rejectionReason}</>}
      </p>
      <Link
        to="/mina-recensioner"
        className="mt-3 inline-block font-sans text-sm font-semibold text-wine underline underline-offset-4 hover:text-wine-dark"
      >
        Se dina recensioner
      </Link>
    </div>
  );
}
