// How the public pages write a review's author and dates (the wine page, Mina recensioner; the admin's review
// details name the author the same way).

const ratingFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 });

/** The name fields every review's author carries (UserReview, PendingReview). */
export interface ReviewAuthor {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/** A review's author as the site names them (spec 000 §2): the full name when both names exist, else the username. */
export function reviewerName(user: ReviewAuthor): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  return first && last ? `${first} ${last}` : user.username;
}

/** An ISO time as a Swedish date in the reader's time zone: '3 mars 2026'; '' for none or a bad value. */
export function formatReviewDate(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('sv-SE', { day: 'numeric', month: 'long', year: 'numeric' });
}

/** A rating (a wine's mean, a review's final rating) with at most one decimal and a decimal comma: 4.5 → '4,5', 4 → '4'. */
export function formatRating(rating: number): string {
  return ratingFormat.format(rating);
}
