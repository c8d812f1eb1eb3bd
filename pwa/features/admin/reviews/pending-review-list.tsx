import type { KeyboardEvent } from 'react';
import { REVIEW_STATUS_LABELS } from '../../../../api/contract/review-rules';
import type { PendingReview } from '../../../../api/contract/reviews';
import { RatingGlasses } from '../../../components/wine/rating-glasses';
import { nameWithVintage } from '../../../lib/wine-format';
import { formatRating } from '../dashboard/format';
import { formatReviewDate } from './format';

/** 'Analyseras…' while a review waits for its analysis. */
export function AnalysingNote() {
  return (
    <span className="inline-flex items-center gap-1.5 font-sans text-sm text-ink-soft italic">
      <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-gold motion-reduce:animate-none" />
      Analyseras…
    </span>
  );
}

/** Moves the focus among the list's buttons with the arrow keys, Home and End. */
function handleArrowKeys(event: KeyboardEvent<HTMLUListElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-review]'));
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : Math.min(buttons.length - 1, Math.max(0, at + (event.key === 'ArrowDown' ? 1 : -1)));
  buttons[next]?.focus();
}

/**
 * 'VÄNTANDE RECENSIONER' (spec 001 §2): each pending review as a button — wine name and vintage, the author's
 * username, the pending badge, the AI rating in glasses (or 'Analyseras…'), 'Kräver uppmärksamhet' when a
 * moderator must look (needsAttention), the date in Swedish and the text
 * clipped to two lines. The chosen one is pressed; Tab or the arrow keys move between them. The list scrolls
 * on its own.
 */
export function PendingReviewList({
  reviews,
  selectedId,
  onSelect,
}: {
  reviews: PendingReview[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <ul
      aria-label="Väntande recensioner"
      onKeyDown={handleArrowKeys}
      className="max-h-[26rem] divide-y divide-rule overflow-y-auto border border-rule bg-white/60 lg:max-h-[calc(100dvh-14rem)]"
    >
      {reviews.map((review) => {
        const selected = review.id === selectedId;
        return (
          <li key={review.id}>
            <button
              type="button"
              data-review={review.id}
              aria-pressed={selected}
              onClick={() => onSelect(review.id)}
              className={`block w-full border-l-4 px-4 py-3 text-left focus-visible:outline-3 focus-visible:outline-offset-[-3px] focus-visible:outline-wine ${
                selected ? 'border-wine bg-wine-light/60' : 'border-transparent hover:bg-paper-dark'
              }`}
            >
              <span className="flex items-start justify-between gap-3">
                <span className="font-serif text-base leading-snug font-bold break-words text-ink">{nameWithVintage(review.wine)}</span>
                <span className="shrink-0 border border-yellow-300 bg-yellow-100 px-1.5 py-0.5 font-sans text-[0.7rem] font-bold tracking-wider text-yellow-900 uppercase">
                  {REVIEW_STATUS_LABELS.pending}
                </span>
              </span>
              <span className="mt-0.5 block font-sans text-sm text-ink-soft">av {review.user.username}</span>
              <span className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
                {review.aiProcessedRating === null ? <AnalysingNote /> : <AiRating value={review.aiProcessedRating} />}
                {review.needsAttention && (
                  <span className="border border-wine bg-wine-light px-1.5 py-0.5 font-sans text-[0.7rem] font-bold tracking-wide text-wine-dark">
                    Kräver uppmärksamhet
                  </span>
                )}
                <time dateTime={review.createdAt} className="font-sans text-sm text-muted">
                  {formatReviewDate(review.createdAt)}
                </time>
              </span>
              <span className="mt-1.5 line-clamp-2 text-sm break-words text-ink-soft">{review.content}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The AI rating in small glasses with the figure beside them; screen readers hear 'AI-betyg 3,7 av 5'. */
function AiRating({ value }: { value: number }) {
  const text = formatRating(value);
  return (
    <span className="inline-flex items-center gap-1.5">
      <RatingGlasses value={value} size="sm" label={`AI-betyg ${text} av 5`} />
      <span aria-hidden="true" className="font-sans text-sm font-bold text-ink tabular-nums">
        {text}
      </span>
    </span>
  );
}
