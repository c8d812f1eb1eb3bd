import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { REVIEW_CONTENT_MAX, REVIEW_MESSAGES as M, REVIEW_RATING_DEFAULT, REVIEW_RATING_LABELS } from '../../../api/contract/review-rules';
import { ReviewCreate } from '../../../api/contract/reviews';
import type { Wine } from '../../../api/contract/wines';
import { ApiError } from '../../lib/api-client';
import { labelClass } from '../../components/ui/field';
import { PaperDialog, PaperDialogHeader } from '../../components/ui/paper-dialog';
import { nameWithVintage } from '../../lib/wine-format';
import { useSubmitReview } from '../../lib/api/reviews';
import { setServerFieldErrors } from '../../lib/forms';

/**
 * The dialog's form (spec 000 §5): ReviewCreate's content (required after trimming, at most 4,000 characters, with
 * the server's messages) and its three ratings 1–5; the ids are added when sending.
 */
export const ReviewFormSchema = ReviewCreate.pick({ content: true, priceWorthRating: true, qualityRating: true, overallExperience: true });
type Draft = z.input<typeof ReviewFormSchema>;
type ReviewField = keyof Draft;
type RatingField = Exclude<ReviewField, 'content'>;
type Rating = 1 | 2 | 3 | 4 | 5;

const EMPTY_DRAFT: Draft = {
  content: '',
  priceWorthRating: REVIEW_RATING_DEFAULT,
  qualityRating: REVIEW_RATING_DEFAULT,
  overallExperience: REVIEW_RATING_DEFAULT,
};
const REVIEW_FIELDS: readonly ReviewField[] = ['content', 'priceWorthRating', 'qualityRating', 'overallExperience'];

/** The three ratings of spec 000 §2 'Review dialog' (price worth, quality, overall experience) as the page names them. */
const RATINGS: readonly { field: RatingField; legend: string }[] = [
  { field: 'priceWorthRating', legend: 'Prisvärdhet' },
  { field: 'qualityRating', legend: 'Kvalitet' },
  { field: 'overallExperience', legend: 'Helhet' },
];

const SCALE: readonly Rating[] = [1, 2, 3, 4, 5];

const numberFormat = new Intl.NumberFormat('sv-SE');

/**
 * The review dialog (spec 000 §2 'Review dialog', §5, §7, §8): the review text (at most 4,000 characters, with a
 * counter) and three ratings 1–5, default 3, labelled 1 Mycket dåligt … 5 Utmärkt. Sends POST
 * /api/wines/{id}/reviews with the spec's payload; on success the toast 'Recension skickad!' says the review will
 * be checked and published, the draft is cleared and the dialog closes. A failure shows 'Fel vid inlämning' with
 * the server's message (a 400's field messages also go on the fields), or 'Kunde inte skicka din recension.
 * Försök igen.'. The draft lives outside the panel, so closing and reopening keeps what was written.
 * Loaded on demand (lazy chunk), never with the start page.
 */
export function ReviewDialog({
  open,
  onClose,
  wine,
  userId,
}: {
  open: boolean;
  onClose: () => void;
  wine: Pick<Wine, 'id' | 'name' | 'vintage'>;
  /** The signed-in user; nothing is sent without one. */
  userId: string | undefined;
}) {
  // The form lives outside the panel, so closing and reopening keeps what was written.
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<Draft, unknown, z.output<typeof ReviewFormSchema>>({ resolver: zodResolver(ReviewFormSchema), defaultValues: EMPTY_DRAFT });
  const submit = useSubmitReview(wine.id);

  const onSubmit = handleSubmit((draft) => {
    if (submit.isPending || !userId) return;
    const body: ReviewCreate = { ...draft, userId, wineId: wine.id };
    submit.mutate(body, {
      onSuccess: () => {
        toast.success(M.submitted, { description: M.submittedText });
        reset(EMPTY_DRAFT);
        onClose();
      },
      onError: (err) => {
        toast.error(M.submitFailed, { description: failureText(err) });
        if (err instanceof ApiError && err.status === 400) setServerFieldErrors(err, setError, REVIEW_FIELDS);
        // Signed out meanwhile, or already reviewed: the page now says so instead of this dialog.
        if (err instanceof ApiError && (err.status === 401 || err.status === 409)) onClose();
      },
    });
  });

  return (
    <PaperDialog open={open} onClose={onClose} width="xl">
      <PaperDialogHeader
        kicker="Din recension"
        title={nameWithVintage(wine)}
        lede="Berätta vad du tyckte och betygsätt vinet. Recensionen granskas av vårt AI-system och publiceras när den är godkänd."
        onClose={onClose}
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-6 px-5 pt-5 pb-6 sm:px-7 sm:pb-7">
        <ContentField {...register('content')} length={watch('content').trim().length} error={errors.content?.message} />

        {RATINGS.map(({ field: name, legend }) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field, fieldState }) => (
              <RatingGroup
                legend={legend}
                value={field.value as Rating}
                onChange={field.onChange}
                error={fieldState.error?.message}
                // A rating's error focuses its chosen option (react-hook-form only needs focus()).
                fieldsetRef={(el) => field.ref(el && { focus: () => el.querySelector<HTMLInputElement>('input:checked, input')?.focus() })}
              />
            )}
          />
        ))}

        <div className="flex flex-col-reverse gap-3 border-t border-rule pt-5 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline py-3" onClick={onClose}>
            Avbryt
          </button>
          <button type="submit" className="btn-primary py-3 sm:px-6" disabled={submit.isPending || !userId}>
            {submit.isPending ? 'Skickar…' : 'Skicka recension'}
          </button>
        </div>
      </form>
    </PaperDialog>
  );
}

/** Spec 000 §8: the server's message when it gave one the reader can act on, else the spec's fallback. */
function failureText(err: unknown): string {
  if (err instanceof ApiError && err.status < 500 && err.serverMessage) return err.serverMessage;
  return M.submitFailedFallback;
}

/** The review text: a textarea for register() with its error and a counter of the trimmed length. */
function ContentField({
  length,
  error,
  ...field
}: UseFormRegisterReturn<'content'> & {
  /** Characters after trimming, for the counter. */
  length: number;
  error: string | undefined;
}) {
  const id = useId();
  const over = length > REVIEW_CONTENT_MAX;
  const describedBy = [error ? `${id}-error` : '', `${id}-count`].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Din recension
      </label>
      <textarea
        {...field}
        id={id}
        rows={6}
        required
        data-autofocus
        placeholder="Hur smakade vinet? Vad åt du till, och var det värt pengarna?"
        aria-invalid={error || over ? true : undefined}
        aria-describedby={describedBy}
        className="mt-1.5 block w-full resize-y border border-ink/70 bg-paper px-3 py-2.5 font-serif text-base leading-relaxed text-ink placeholder:text-muted focus:border-wine focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-wine aria-invalid:border-wine aria-invalid:bg-wine-light/40"
      />
      <div className="mt-1.5 flex items-start justify-between gap-4">
        {error ? (
          <div id={`${id}-error`} className="flex items-start gap-1.5 font-sans text-sm text-wine">
            <ErrorIcon />
            <p>
              <span className="font-semibold">{error}</span>
              {error === M.contentMissing && <span className="block">{M.contentMissingHint}</span>}
            </p>
          </div>
        ) : (
          <span />
        )}
        <p id={`${id}-count`} className={`shrink-0 font-sans text-sm tabular-nums ${over ? 'font-semibold text-wine' : 'text-muted'}`}>
          {numberFormat.format(length)} / {numberFormat.format(REVIEW_CONTENT_MAX)} tecken
        </p>
      </div>
    </div>
  );
}

/**
 * One rating as native radio buttons in a fieldset with its legend: arrow keys move within the group, and each
 * option is named by its number and label ('3 Okej').
 */
function RatingGroup({
  legend,
  value,
  onChange,
  error,
  fieldsetRef,
}: {
  legend: string;
  value: Rating;
  onChange: (value: Rating) => void;
  error: string | undefined;
  fieldsetRef: (el: HTMLFieldSetElement | null) => void;
}) {
  const id = useId();
  return (
    <fieldset ref={fieldsetRef} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="flex w-full items-baseline justify-between gap-3">
        <span className={labelClass}>{legend}</span>
        <span aria-hidden="true" className="font-sans text-sm text-ink-soft">
          {value} av 5 · {REVIEW_RATING_LABELS[value]}
        </span>
      </legend>
      <div className={`mt-1.5 grid grid-cols-5 border ${error ? 'border-wine' : 'border-ink/70'}`}>
        {SCALE.map((n) => (
          <label
            key={n}
            className="relative flex min-h-16 cursor-pointer flex-col items-center justify-center border-l border-rule px-0.5 py-2 text-center text-ink transition-colors first:border-l-0 hover:bg-paper-dark has-[:checked]:border-wine has-[:checked]:bg-wine has-[:checked]:text-white has-[:focus-visible]:z-10 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-wine"
          >
            <input type="radio" name={`${id}-rating`} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <span className="font-display text-xl leading-none font-bold">{n}</span>{' '}
            <span className="mt-1 font-sans text-[0.7rem] leading-tight font-semibold sm:text-xs">{REVIEW_RATING_LABELS[n]}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 font-sans text-sm font-semibold text-wine">
          <ErrorIcon />
          {error}
        </p>
      )}
    </fieldset>
  );
}

function ErrorIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" width="16" height="16" className="mt-0.5 shrink-0" fill="currentColor">
      <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.5h1.8v5.5H9.1V6Zm0 7h1.8v1.8H9.1V13Z" />
    </svg>
  );
}
