import type { UserReview } from '../../../api/contract/reviews';

type Scores = Pick<UserReview, 'priceWorthRating' | 'qualityRating' | 'overallExperience'>;

function Score({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex items-baseline gap-1.5">
      <dt className="font-sans text-xs font-semibold tracking-wider text-muted uppercase">{label}</dt>
      <dd className="font-display font-bold text-ink">{value}/5</dd>
    </div>
  );
}

/** A review's three ratings in a row, 'PRISVÄRDHET 4/5 · KVALITET 5/5 · HELHET 4/5' (the wine page, Mina recensioner). */
export function ReviewScores({ review, className = '' }: { review: Scores; className?: string }) {
  return (
    <dl className={`flex flex-wrap gap-x-5 gap-y-1 ${className}`}>
      <Score label="Prisvärdhet" value={review.priceWorthRating} />
      <Score label="Kvalitet" value={review.qualityRating} />
      <Score label="Helhet" value={review.overallExperience} />
    </dl>
  );
}
