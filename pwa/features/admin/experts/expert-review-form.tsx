import { useId, useRef, useState, type FormEvent } from 'react';
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
import { fieldErrors } from '../api/admin-query';
import { inputClass } from '../../../components/ui/classes';
import { WineCombobox, type PickedWine } from '../components/wine-combobox';
import { useCreateExpertReview, useUpdateExpertReview } from './api';
import { focusFirstInvalid, issuesByField } from './issues';

type Field =
  | 'wineId'
  | 'expertId'
  | 'title'
  | 'content'
  | 'rating'
  | 'priceWorthRating'
  | 'qualityRating'
  | 'overallExperience'
  | 'isFynd'
  | 'isFeatured';
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
  const [wine, setWine] = useState<PickedWine | null>(review ? { id: review.wineId, ...review.wine } : null);
  const [expert, setExpert] = useState(review?.expertId ?? expertId ?? (experts.length === 1 ? experts[0]!.id : ''));
  const [title, setTitle] = useState(review?.title ?? '');
  const [content, setContent] = useState(review?.content ?? '');
  const [rating, setRating] = useState(toText(review?.rating));
  const [subRatings, setSubRatings] = useState<Record<SubRating, string>>({
    priceWorthRating: toText(review?.priceWorthRating),
    qualityRating: toText(review?.qualityRating),
    overallExperience: toText(review?.overallExperience),
  });
  const [isFynd, setIsFynd] = useState(review?.isFynd ?? false);
  const [isFeatured, setIsFeatured] = useState(review?.isFeatured ?? true);
  const [clientErrors, setClientErrors] = useState<Partial<Record<Field, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreateExpertReview(onDone);
  const update = useUpdateExpertReview(onDone);
  const mutation = review ? update : create;
  const errors = { ...(fieldErrors(mutation.error) as Partial<Record<Field, string>>), ...clientErrors };

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    mutation.reset();
    const parsed = ExpertReviewCreate.safeParse({
      wineId: wine?.id ?? '',
      expertId: expert,
      title,
      content,
      rating: toNumber(rating) ?? undefined,
      priceWorthRating: toNumber(subRatings.priceWorthRating),
      qualityRating: toNumber(subRatings.qualityRating),
      overallExperience: toNumber(subRatings.overallExperience),
      isFynd,
      isFeatured,
    });
    if (!parsed.success) {
      setClientErrors(issuesByField<Field>(parsed.error.issues));
      return focusFirstInvalid(formRef.current);
    }
    setClientErrors({});
    // The edit form sends every field: what the admin sees is what is stored.
    if (review) return update.mutate({ id: review.id, body: parsed.data });
    create.mutate(parsed.data);
  }

  const tooLong = content.trim().length > REVIEW_CONTENT_MAX;
  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-5">
      <WineCombobox
        value={wine}
        onChange={setWine}
        error={errors.wineId}
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
      <RequiredSelect
        label="Expert"
        value={expert}
        onValueChange={setExpert}
        options={[{ value: '', label: 'Välj expert' }, ...experts.map((x) => ({ value: x.id, label: x.title ? `${x.name}, ${x.title}` : x.name }))]}
        error={errors.expertId}
      />
      <TextField
        variant="admin"
        label="Rubrik"
        value={title}
        onValueChange={setTitle}
        error={errors.title}
        required
        maxLength={EXPERT_REVIEW_TITLE_MAX + 10}
        autoComplete="off"
      />
      <TextAreaField
        variant="admin"
        label="Recension"
        value={content}
        onValueChange={setContent}
        error={errors.content ?? (tooLong ? EXPERT_MESSAGES.contentTooLong : undefined)}
        hint={`${count.format(content.trim().length)} av ${count.format(REVIEW_CONTENT_MAX)} tecken`}
        required
        rows={6}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <RequiredSelect label="Betyg" value={rating} onValueChange={setRating} options={RATING_OPTIONS} error={errors.rating} />
        {SUB_RATINGS.map(({ field, label }) => (
          <SelectField
            variant="admin"
            key={field}
            label={label}
            value={subRatings[field]}
            onValueChange={(v) => setSubRatings((s) => ({ ...s, [field]: v }))}
            options={SUB_RATING_OPTIONS}
            error={errors[field]}
          />
        ))}
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">Visning</legend>
        <Checkbox label="Fynd: experten kallar vinet ett fynd" checked={isFynd} onCheckedChange={setIsFynd} />
        <Checkbox label="Visas på vinsidan under VINEXPERTERS RECENSIONER" checked={isFeatured} onCheckedChange={setIsFeatured} />
      </fieldset>

      <div className="flex flex-wrap justify-end gap-3 border-t border-rule pt-5">
        <button type="button" className="btn-outline" onClick={onCancel}>
          Avbryt
        </button>
        <button type="submit" className="btn-primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Sparar…' : review ? 'Spara ändringar' : 'Lägg till recension'}
        </button>
      </div>
    </form>
  );
}

/** A required select with the * after its label, like the form's required text fields (SelectField has no mark). */
function RequiredSelect({
  label,
  value,
  onValueChange,
  options,
  error,
}: {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
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
        id={id}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
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
