// How the public pages write a review's author and dates (the wine page, Mina recensioner; the admin's review
// details name the author the same way).

const ratingFormat = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 });
import { formatDate } from './dates';

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

/** An ISO time as a Swedish date in Stockholm time (./dates.ts): '3 mars 2026'; '' for none or a bad value. */
export function formatReviewDate(iso: string | null): string {
  return formatDate(iso, { dateStyle: 'long' });
}

/** A rating (a wine's mean, a review's final rating) with at most one decimal and a decimal comma: 4.5 → '4,5', 4 → '4'. */
export function formatRating(rating: number): string {
  return ratingFormat.format(rating);
}
