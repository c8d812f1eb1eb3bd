/** The name fields every review's author carries (UserReview, PendingReview). */
export interface ReviewAuthor {
  username: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * A review's author as the site names them (spec 000 §2): the full name when both names exist, else the
 * username. The wine page's 'FOLKETS RECENSIONER' and the admin's review details both use it.
 */
export function reviewerName(user: ReviewAuthor): string {
  const first = user.firstName?.trim();
  const last = user.lastName?.trim();
  return first && last ? `${first} ${last}` : user.username;
}
