import { REVIEW_STATUS_LABELS, type ReviewStatus } from '../../../api/contract/review-rules';

const STYLES: Record<ReviewStatus, string> = {
  pending: 'border-gold bg-paper text-gold',
  approved: 'border-green bg-green text-white',
  rejected: 'border-wine bg-paper text-wine',
};

/** A review's status as 'Mina recensioner' names it (REVIEW_STATUS_LABELS: väntar, publicerad, avvisad). */
export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return (
    <span className={`inline-flex items-center border px-2 py-0.5 font-sans text-xs font-bold tracking-[0.12em] uppercase ${STYLES[status]}`}>
      <span className="sr-only">Status: </span>
      {REVIEW_STATUS_LABELS[status]}
    </span>
  );
}

/** One sentence on what a status means for the author. */
export function statusExplanation(status: ReviewStatus): string {
  switch (status) {
    case 'pending':
      return 'Den granskas av vårt AI-system och en moderator och publiceras inom kort.';
    case 'approved':
      return 'Den är publicerad bland Folkets recensioner.';
    case 'rejected':
      return 'Den publicerades inte.';
  }
}
