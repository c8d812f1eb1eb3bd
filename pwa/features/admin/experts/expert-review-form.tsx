import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type Ref, type SelectHTMLAttributes } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { APPROVAL_STATUS_LABELS } from '../../../../api/contract/constants';
import { REVIEW_CONTENT_MAX, REVIEW_RATING_LABELS } from '../../../../api/contract/review-rules';
import {
  EXPERT_MESSAGES,
  EXPERT_REVIEW_TITLE_MAX,
  ExpertReviewCreate,
  type AdminExpert,
  type AdminExpertReview,
} from '../../../../api/contract/experts';
import { Checkbox, FieldError, labelClass, RequiredMark, SelectField, TextAreaField, TextField } from '../../../components/ui/field';
import { setServerFieldErrors } from '../../../lib/forms';
import { inputClass } from '../../../components/ui/classes';
import { WineCombobox, type PickedWine } from '../components/wine-combobox';
import { useCreateExpertReview, useUpdateExpertReview } from './api';
import { FormActions } from '../../../components/ui/form-actions';

type SubRating = 'priceWorthRating' | 'qualityRating' | 'overallExperience';

/** The three sub-ratings as the wine page and the community review dialog name them. */
const SUB_RATINGS: readonly { field: SubRating; label: string }[] = [
  { field: 'priceWorthRating', label: 'Prisvärdhet' },
  { field: 'qualityRating', label: 'Kvalitet' },
  { field: 'overallExperience', label: 'Helhet' },
];

const SCALE = [1, 2, 3, 4, 5] as const;
const RATING_OPTIONS = [{ value: '', label: 'Välj betyg' }, ...SCALE.map((n) => ({ value: String(n), label: `${n} – ${REVIEW_RATING_LABELS[n]}` }))];
const SUB_RATING_OPTIONS = [{ value: '', label: 'Ej angivet' }, ...SCALE.map((n) => ({ value: String(n), label: `${n} av 5` }))];
const count = new Intl.NumberFormat('sv-SE');

const toNumber = (value: string): number | null => (value === '' ? null : Number(value));
const toText = (value: number | null | undefined): string => (value == null ? '' : String(value));

/** The form's fields as chosen and typed: the picked wine (its id is sent), the selects' values ('' = none). */
interface ReviewValues {
  wineId: PickedWine | null;
  expertId: string;
  title: string;
  content: string;
  rating: string;
  priceWorthRating: string;
  qualityRating: string;
  overallExperience: string;
  isFynd: boolean;
  isFeatured: boolean;
}

/** The fields in the order the form shows them: the server's messages go on these. */
const FIELDS = ['wineId', 'expertId', 'title', 'content', 'rating', 'priceWorthRating', 'qualityRating', 'overallExperience'] as const;

/**
 * The form's check: the body it sends (the wine's id, the ratings as numbers, a missing rating left out so it is
 * 'Betyg krävs'), checked with the server's own schema, ExpertReviewCreate; the edit form sends every field too.
 */
const ReviewFormSchema = z
  .custom<ReviewValues>()
  .transform(
    (v): z.input<typeof ExpertReviewCreate> => ({
      wineId: v.wineId?.id ?? '',
      expertId: v.expertId,
      title: v.title,
      content: v.content,
      // None chosen: left out (the type says number), so the schema answers 'Betyg krävs'.
      rating: (toNumber(v.rating) ?? undefined) as number,
      priceWorthRating: toNumber(v.priceWorthRating),
      qualityRating: toNumber(v.qualityRating),
      overallExperience: toNumber(v.overallExperience),
      isFynd: v.isFynd,
      isFeatured: v.isFeatured,
    }),
  )
  .pipe(ExpertReviewCreate);

/**
 * The create/edit form of an expert review (spec 000 §3 'Expert review'): the wine (searchable), the expert, title,
 * text (≤ 4,000 characters), rating 1–5, the three sub-ratings 1–5 or 'Ej angivet', 'Fynd' and whether the wine
 * page shows it. Checked in the browser with the server's schema; the server's field messages show on their fields.
 * `expertId` preselects the expert of a new review (the list's filter).
 */
export function ExpertReviewForm({
  review,
  experts,
  expertId,
  onDone,
  onCancel,
}: {
  review: AdminExpertReview | null;
  experts: readonly AdminExpert[];
  expertId?: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const initial: ReviewValues = {
    wineId: review ? { id: review.wineId, ...review.wine } : null,
    expertId: review?.expertId ?? expertId ?? (experts.length === 1 ? experts[0]!.id : ''),
    title: review?.title ?? '',
    content: review?.content ?? '',
    rating: toText(review?.rating),
    priceWorthRating: toText(review?.priceWorthRating),
    qualityRating: toText(review?.qualityRating),
    overallExperience: toText(review?.overallExperience),
    isFynd: review?.isFynd ?? false,
    isFeatured: review?.isFeatured ?? true,
  };
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<ReviewValues, unknown, z.output<typeof ExpertReviewCreate>>({
    resolver: zodResolver(ReviewFormSchema),
    defaultValues: initial,
    // react-hook-form would focus in the order the fields registered, the wine's Controller last; FIELDS is the form's order.
    shouldFocusError: false,
  });
  const create = useCreateExpertReview(onDone);
  const update = useUpdateExpertReview(onDone);
  const mutation = review ? update : create;

  const onSubmit = handleSubmit(
    (body) => {
      const onError = (err: unknown) => setServerFieldErrors(err, setError, FIELDS);
      // The edit form sends every field: what the admin sees is what is stored.
      if (review) update.mutate({ id: review.id, body }, { onError });
      else create.mutate(body, { onError });
    },
    (problems) => {
      const first = FIELDS.find((field) => problems[field]);
      if (first) setFocus(first);
    },
  );

  const content = watch('content');
  const wine = watch('wineId');
  const tooLong = content.trim().length > REVIEW_CONTENT_MAX;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5">
      <Controller
        control={control}
        name="wineId"
        render={({ field }) => (
          <WineCombobox
            value={field.value}
            onChange={field.onChange}
            inputRef={field.ref}
            error={errors.wineId?.message}
            approvedOnly={false}
            required
            optionNote={(w) => (w.approvalStatus === 'approved' ? null : APPROVAL_STATUS_LABELS[w.approvalStatus].toLowerCase())}
            optionDetail={(w) => (w.vintage ? `Årgång ${w.vintage}` : null)}
            emptyText="Inga viner matchar sökningen."
            hint={
              wine && wine.approvalStatus !== 'approved'
                ? 'Vinet är inte publicerat: recensionen visas på vinsidan när vinet har godkänts.'
                : 'Skriv för att söka bland alla viner.'
            }
          />
        )}
      />
      {/* The selects' defaultValue marks their starting option, so react-hook-form never takes one for edited before
          it is ready (happy-dom, where the component tests run, knows no option.defaultSelected otherwise). */}
      <RequiredSelect
        label="Expert"
        defaultValue={initial.expertId}
        {...register('expertId')}
        options={[{ value: '', label: 'Välj expert' }, ...experts.map((x) => ({ value: x.id, label: x.title ? `${x.name}, ${x.title}` : x.name }))]}
        error={errors.expertId?.message}
      />
      <TextField
        variant="admin"
        label="Rubrik"
        {...register('title')}
        error={errors.title?.message}
        required
        maxLength={EXPERT_REVIEW_TITLE_MAX + 10}
        autoComplete="off"
      />
      <TextAreaField
        variant="admin"
        label="Recension"
        {...register('content')}
        error={errors.content?.message ?? (tooLong ? EXPERT_MESSAGES.contentTooLong : undefined)}
        hint={`${count.format(content.trim().length)} av ${count.format(REVIEW_CONTENT_MAX)} tecken`}
        required
        rows={6}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <RequiredSelect label="Betyg" defaultValue={initial.rating} {...register('rating')} options={RATING_OPTIONS} error={errors.rating?.message} />
        {SUB_RATINGS.map(({ field, label }) => (
          <SelectField
            variant="admin"
            key={field}
            label={label}
            defaultValue={initial[field]}
            {...register(field)}
            options={SUB_RATING_OPTIONS}
            error={errors[field]?.message}
          />
        ))}
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">Visning</legend>
        <Checkbox label="Fynd: experten kallar vinet ett fynd" {...register('isFynd')} />
        <Checkbox label="Visas på vinsidan under VINEXPERTERS RECENSIONER" {...register('isFeatured')} />
      </fieldset>

      <FormActions onCancel={onCancel} submitLabel={review ? 'Spara ändringar' : 'Lägg till recension'} pending={mutation.isPending} />
    </form>
  );
}

/** A required select with the * after its label, like the form's required text fields; takes `register()` props. */
function RequiredSelect({
  label,
  options,
  error,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'required'> & {
  label: string;
  ref?: Ref<HTMLSelectElement>;
  options: readonly { value: string; label: string }[];
  error?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <RequiredMark />
      <select
        {...select}
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass} mt-1.5`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}
