import type { Knex } from 'knex';
import { FOLKETS_VAL_SETTINGS } from '../contract/admin-content';
import { REVIEW_MESSAGES as M } from '../contract/review-rules';
import type { ModerationResult, ReviewApprove, ReviewCreate, ReviewReject } from '../contract/reviews';
import { QUEUES, type JobSender } from '../jobs/queue';
import { conflict, HttpError, notFound } from '../lib/http-errors';
import { onUniqueViolation } from '../lib/pg-errors';
import type { WineCategory } from '../contract/enums';
import type { DbUserRow } from '../queries/users';
import { parsePgArray } from '../presenters/wine';
import { recordAudit } from '../queries/audit-log';
import {
  approvedReviewFigures,
  findReviewForUpdate,
  findReviewableWine,
  insertReview,
  isPartnerOfCompany,
  markReviewApproved,
  markReviewRejected,
  toNumber,
  type DbReviewRow,
} from '../queries/reviews';
import { applyWineCommunityFigures, findWineFigures, findWineName } from '../queries/wines';
import { settingValues } from '../queries/site-settings';

type Actor = Pick<DbUserRow, 'id' | 'email'>;

/** What the analysis job carries: only the review's id (the text stays in the table). */
export interface ReviewAnalysisJob {
  reviewId: string;
}

/**
 * Stores a community review of the public wine `wineId` by `author` as pending (spec 000 §4: analysed and
 * moderated before it is published) and enqueues its analysis in the same transaction, so a review exists
 * exactly when its analysis job does. Returns the stored row (presentSubmittedReview makes the answer).
 * A partner can't review a wine of their own company (its owner, or a partner account of the same company name):
 * community ratings are the community's (README 'Reviews').
 * @throws 403 `not_your_review` when the body names another author; 400 `other_wine` when it names another
 *   wine; 404 when the wine is not public; 403 `own_wine` for a wine of the author's own company; 409
 *   `review_exists` for a second review of the same wine.
 */
export async function submitReview(
  db: Knex,
  jobs: JobSender,
  author: Pick<DbUserRow, 'id'>,
  wineId: string,
  input: ReviewCreate,
): Promise<DbReviewRow> {
  if (input.userId !== undefined && input.userId !== author.id) {
    throw new HttpError(403, 'not_your_review', M.notYourName, [{ path: 'body.userId', message: M.notYourName }]);
  }
  if (input.wineId !== undefined && input.wineId !== wineId) {
    throw new HttpError(400, 'other_wine', M.otherWine, [{ path: 'body.wineId', message: M.otherWine }]);
  }
  return onUniqueViolation(
    () =>
      db.transaction(async (trx) => {
        const wine = await findReviewableWine(trx, wineId);
        if (!wine) throw notFound('wine', M.wineNotFound);
        const companyName = wine.company_name;
        if (wine.owner_user_id && (wine.owner_user_id === author.id || (companyName && (await isPartnerOfCompany(trx, author.id, companyName))))) {
          throw new HttpError(403, 'own_wine', M.ownWine);
        }
        const row = await insertReview(trx, {
          wine_id: wineId,
          user_id: author.id,
          content: input.content,
          price_worth_rating: input.priceWorthRating,
          quality_rating: input.qualityRating,
          overall_experience: input.overallExperience,
        });
        const job: ReviewAnalysisJob = { reviewId: row.id };
        await jobs.send(QUEUES.reviewAnalysis.name, job, { trx });
        return row;
      }),
    // reviews_one_per_user_and_wine: a second review of the same wine
    () => conflict('review_exists', M.duplicate),
  );
}

/** The Folkets Val rule's two thresholds from the site settings, or their defaults (FOLKETS_VAL_SETTINGS). */
export async function folketsValRule(db: Knex | Knex.Transaction): Promise<{ minReviews: number; minRating: number }> {
  const { minReviews, minRating } = FOLKETS_VAL_SETTINGS;
  const values = await settingValues(db, [minReviews.key, minRating.key]);
  const reviews = Number.parseInt(values[minReviews.key] ?? '', 10);
  const rating = Number((values[minRating.key] ?? '').replace(',', '.'));
  return {
    minReviews: Number.isInteger(reviews) && reviews >= 1 ? reviews : minReviews.default,
    minRating: values[minRating.key] && rating >= 1 && rating <= 5 ? rating : minRating.default,
  };
}

/**
 * After an approval: the wine's rating becomes the mean of its approved reviews' final ratings (1–5, one
 * decimal), and the wine joins FOLKETS_VAL when the rule's thresholds are met. Never removes the category (an
 * admin decides that). Returns the wine's figures after the change.
 */
async function applyCommunityRating(trx: Knex.Transaction, wineId: string): Promise<ModerationResult['wine']> {
  const figures = await approvedReviewFigures(trx, wineId);
  const rule = await folketsValRule(trx);
  const rating = figures.average === null ? null : Math.round(figures.average * 10) / 10;
  const joins = rating !== null && figures.count >= rule.minReviews && rating >= rule.minRating;
  // Always written, so the public caches hear of the new review even when the figures stay the same.
  const wine = await applyWineCommunityFigures(trx, wineId, rating, joins);
  return {
    id: wine.id,
    rating: toNumber(wine.rating),
    approvedReviews: figures.count,
    categories: parsePgArray(wine.categories) as WineCategory[],
  };
}

async function lockPending(trx: Knex.Transaction, id: string): Promise<DbReviewRow> {
  const review = await findReviewForUpdate(trx, id);
  if (!review) throw notFound('review', M.reviewNotFound);
  if (review.status !== 'pending') throw conflict('review_not_pending', M.notPending);
  return review;
}

/**
 * Approves a pending review (spec 001 §2 'Godkänn'): publishes it with the moderator's final rating (1–5 in
 * steps of 0.5) and notes, recomputes the wine's rating, applies the Folkets Val rule and logs the decision —
 * all in one transaction.
 * @throws 404 for an unknown review, 409 `review_not_pending` when it was already decided.
 */
export async function approveReview(db: Knex, moderator: Actor, id: string, input: ReviewApprove): Promise<ModerationResult> {
  return db.transaction(async (trx) => {
    const review = await lockPending(trx, id);
    await markReviewApproved(trx, id, { finalRating: input.finalRating, moderatorNotes: input.moderatorNotes || null });
    const wine = await applyCommunityRating(trx, review.wine_id);
    const name = await findWineName(trx, review.wine_id);
    await recordAudit(trx, moderator, {
      action: 'review.approve',
      entityType: 'review',
      entityId: id,
      summary: `Godkände en recension av "${name}" (slutbetyg ${String(input.finalRating).replace('.', ',')})`,
    });
    return { id, status: 'approved', finalRating: input.finalRating, wine };
  });
}

/**
 * Rejects a pending review (spec 001 §2 'Avvisa'): it is never published; the reason is kept for the author's
 * 'Mina recensioner' and the notes for moderators; the decision is logged.
 * @throws 404 for an unknown review, 409 `review_not_pending` when it was already decided.
 */
export async function rejectReview(db: Knex, moderator: Actor, id: string, input: ReviewReject): Promise<ModerationResult> {
  return db.transaction(async (trx) => {
    const review = await lockPending(trx, id);
    await markReviewRejected(trx, id, { reason: input.reason, moderatorNotes: input.moderatorNotes || null });
    const wine = await findWineFigures(trx, review.wine_id);
    const figures = await approvedReviewFigures(trx, review.wine_id);
    await recordAudit(trx, moderator, {
      action: 'review.reject',
      entityType: 'review',
      entityId: id,
      summary: `Avvisade en recension av "${wine.name}"`,
    });
    return {
      id,
      status: 'rejected',
      finalRating: null,
      wine: {
        id: wine.id,
        rating: toNumber(wine.rating),
        approvedReviews: figures.count,
        categories: parsePgArray(wine.categories) as WineCategory[],
      },
    };
  });
}
