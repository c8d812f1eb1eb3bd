import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { z } from 'zod';
import { FINAL_RATING_STEP, REVIEW_MESSAGES } from '../../../../api/contract/review-rules';
import { ReviewReject, type PendingReview } from '../../../../api/contract/reviews';
import { labelClass, TextAreaField } from '../../../components/ui/field';
import { reviewerName } from '../../../lib/review-format';
import { RatingGlasses } from '../../../components/wine/rating-glasses';
import { nameWithVintage } from '../../../lib/wine-format';
import { Dialog } from '../../../components/ui/dialog';
import { Fact } from '../../../components/ui/blocks';
import { formatRating } from '../dashboard/format';
import { flagLabel, formatReviewDate, initialFinalRating } from './format';
import { AnalysingNote } from './pending-review-list';

/** The most the API keeps of a moderator's notes and of a rejection reason (api/contract/reviews.ts). */
const NOTES_MAX = 2000;
const REASON_MAX = 1000;

/**
 * The review's AI analysis, its two answers apart: the opinion the text expresses ('AI-betyg x/5' in glasses,
 * with the reasons), and whether a moderator must look — 'Kräver uppmärksamhet' with each reason in Swedish, or
 * 'Inget som kräver uppmärksamhet'; then every flag by name. While it runs: 'Analyseras…'.
 */
function AiAnalysis({ review }: { review: PendingReview }) {
  const rating = review.aiProcessedRating;
  // What 'Kräver uppmärksamhet' already says is not repeated under the rating.
  const shown = new Set(review.attentionReasons.map((reason) => reason.message));
  const reasons = review.aiReasons.filter((reason) => !shown.has(reason.message));
  return (
    <section aria-label="AI-analys" aria-live="polite" className="border border-rule bg-white/60 p-4">
      {rating === null ? (
        <p className="flex flex-wrap items-center gap-2 font-sans text-sm font-bold text-ink">
          AI-betyg <AnalysingNote />
        </p>
      ) : (
        <>
          <AttentionBox review={review} />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <p className="font-sans text-base font-bold text-ink">
              AI-betyg {formatRating(rating)}/5
              <span className="block font-sans text-xs font-normal text-muted">Omdömet som texten uttrycker om vinet</span>
            </p>
            <RatingGlasses value={rating} size="md" label={`AI-betyg ${formatRating(rating)} av 5`} />
          </div>
          {reasons.length > 0 && (
            <ul className="mt-3 list-disc space-y-1 pl-5 font-sans text-sm text-ink-soft">
              {reasons.map((reason, i) => (
                <li key={`${reason.code}-${i}`}>{reason.message}</li>
              ))}
            </ul>
          )}
          {review.aiFlags.length > 0 && (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <span className="font-sans text-xs font-semibold tracking-[0.12em] text-muted uppercase">Flaggor</span>
              <ul aria-label="Flaggor" className="flex flex-wrap gap-1.5">
                {review.aiFlags.map((flag) => (
                  <li key={flag} className="border border-wine/50 bg-wine-light/60 px-2 py-0.5 font-sans text-xs font-semibold text-wine-dark">
                    {flagLabel(flag)}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** 'Kräver uppmärksamhet' and why (the API's attentionReasons), or that nothing needs a moderator. */
function AttentionBox({ review }: { review: PendingReview }) {
  if (!review.needsAttention) {
    return <p className="font-sans text-sm font-semibold text-green-900">Inget som kräver uppmärksamhet</p>;
  }
  return (
    <div role="group" aria-labelledby={`attention-${review.id}`} className="border-l-4 border-wine bg-wine-light/50 px-3 py-2">
      <p id={`attention-${review.id}`} className="font-sans text-sm font-bold text-wine-dark">
        Kräver uppmärksamhet
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 font-sans text-sm text-ink">
        {review.attentionReasons.map((reason) => (
          <li key={reason.code}>{reason.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** 'Justera slutbetyg': a labelled range 1–5 in steps of 0.5, its value beside it with a decimal comma. */
function FinalRatingSlider({ value, onChange, hint }: { value: number; onChange: (value: number) => void; hint: string }) {
  const id = useId();
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className={labelClass}>
          Justera slutbetyg
        </label>
        <output htmlFor={id} className="font-display text-2xl font-black text-wine tabular-nums">
          {formatRating(value)}
          <span className="font-sans text-sm font-semibold text-muted">/5</span>
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={1}
        max={5}
        step={FINAL_RATING_STEP}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-valuetext={`${formatRating(value)} av 5`}
        aria-describedby={`${id}-hint`}
        className="mt-2 block h-8 w-full cursor-pointer accent-wine"
      />
      <div aria-hidden="true" className="flex justify-between px-1 font-sans text-xs text-muted tabular-nums">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n}>{n}</span>
        ))}
      </div>
      <p id={`${id}-hint`} className="mt-1.5 font-sans text-sm text-muted">
        {hint}
      </p>
    </div>
  );
}

/**
 * The reject dialog's check: ReviewReject's reason (trimmed, at most 1,000 characters), a blank one refused with
 * 'Anledning krävs. Ange en anledning för avvisandet.'
 */
const RejectFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, { message: `${REVIEW_MESSAGES.reasonMissing}. ${REVIEW_MESSAGES.reasonMissingHint}` })
    .pipe(ReviewReject.shape.reason),
});

/** The reason for 'Avvisa' (required: 'Anledning krävs', spec 001 §8), asked for in a small dialog. */
function RejectDialog({ open, busy, onClose, onReject }: { open: boolean; busy: boolean; onClose: () => void; onReject: (reason: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof RejectFormSchema>, unknown, z.output<typeof RejectFormSchema>>({
    resolver: zodResolver(RejectFormSchema),
    defaultValues: { reason: '' },
  });
  const onSubmit = handleSubmit(({ reason }) => onReject(reason));

  return (
    <Dialog open={open} onClose={onClose} title="Avvisa recension">
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        <TextAreaField
          variant="admin"
          label="Anledning"
          required
          {...register('reason')}
          error={errors.reason?.message}
          hint="Visas för skribenten under Mina recensioner."
          maxLength={REASON_MAX}
          data-autofocus
        />
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-outline" onClick={onClose}>
            Avbryt
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            Avvisa recension
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * 'RECENSIONSDETALJER' for one pending review (spec 001 §2): wine, author (full name or username, with the
 * verified mark), date, Prisvärdhet, Kvalitet and Helhet, the whole text, the AI analysis, 'Justera slutbetyg'
 * starting at the AI rating rounded to 0.5 (4 while there is none, spec 001 §9), the moderator's notes
 * ('Anteckningar', saved with the decision) and Godkänn / Avvisa. Mount it with `key={review.id}`: the slider
 * and the notes belong to one review. `focusOnMount` moves the focus to the wine's name (after a decision, or
 * a choice on a phone where the details sit under the list).
 */
export function ReviewDetails({
  review,
  busy,
  focusOnMount,
  onApprove,
  onReject,
}: {
  review: PendingReview;
  busy: boolean;
  focusOnMount: boolean;
  onApprove: (finalRating: number, notes: string) => void;
  onReject: (reason: string, notes: string) => void;
}) {
  // null until the moderator moves the slider: until then it follows the AI rating, which may still arrive.
  const [chosen, setChosen] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const finalRating = chosen ?? initialFinalRating(review.aiProcessedRating);

  // Only when this review's details first appear (the parent remounts them per review).
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    const title = titleRef.current;
    if (!focusFirst.current || !title) return;
    title.focus({ preventScroll: true });
    // On a phone the details start below the list: bring them up (their heading stays in view above).
    const { top } = title.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight * 0.5) title.scrollIntoView?.({ block: 'start' });
  }, []);

  const title = nameWithVintage(review.wine);
  return (
    <article aria-labelledby={`details-${review.id}`} className="space-y-5">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h3
          id={`details-${review.id}`}
          ref={titleRef}
          tabIndex={-1}
          className="scroll-mt-24 text-2xl leading-tight font-black break-words text-ink focus:outline-none focus-visible:outline-3 focus-visible:outline-wine"
        >
          {title}
        </h3>
        <Link
          to={`/wine/${review.wineId}`}
          target="_blank"
          rel="noopener"
          className="font-sans text-sm font-semibold text-wine underline-offset-2 hover:underline"
        >
          Visa vinet<span className="sr-only"> {title} (öppnas i ny flik)</span>
        </Link>
      </header>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-3">
        <Fact term="Skribent">
          {reviewerName(review.user)}
          {review.user.isVerified && (
            <span className="ml-1.5 font-semibold whitespace-nowrap text-green">
              <span aria-hidden="true">✓ </span>Verifierad
            </span>
          )}
          {reviewerName(review.user) !== review.user.username && <span className="block text-muted">@{review.user.username}</span>}
        </Fact>
        <Fact term="Datum">
          <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
        </Fact>
      </dl>
      <dl className="grid grid-cols-3 gap-x-4 border-y border-rule py-3">
        <Fact term="Prisvärdhet">{review.priceWorthRating}/5</Fact>
        <Fact term="Kvalitet">{review.qualityRating}/5</Fact>
        <Fact term="Helhet">{review.overallExperience}/5</Fact>
      </dl>

      <div>
        <h4 className={labelClass}>Recension</h4>
        <p className="mt-1.5 leading-relaxed break-words whitespace-pre-line text-ink">{review.content}</p>
      </div>

      <AiAnalysis review={review} />

      <FinalRatingSlider
        value={finalRating}
        onChange={setChosen}
        hint={review.aiProcessedRating === null ? 'Inget AI-betyg än: utgår från 4.' : 'Utgår från AI-betyget avrundat till närmaste halva.'}
      />

      <TextAreaField
        variant="admin"
        label="Anteckningar"
        value={notes}
        onValueChange={setNotes}
        hint="Sparas med beslutet. Skribenten ser dem inte."
        maxLength={NOTES_MAX}
        rows={3}
      />

      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-primary" disabled={busy} onClick={() => onApprove(finalRating, notes.trim())}>
          Godkänn
        </button>
        <button type="button" className="btn-outline" disabled={busy} onClick={() => setRejecting(true)}>
          Avvisa
        </button>
      </div>

      <RejectDialog open={rejecting} busy={busy} onClose={() => setRejecting(false)} onReject={(reason) => onReject(reason, notes.trim())} />
    </article>
  );
}
