import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ReviewAnalyser } from '../ai';
import { findReviewWithWineName, saveReviewAnalysis } from '../queries/reviews';
import type { ReviewAnalysisJob } from './reviews';

/**
 * The review-analysis job: analyses the pending review `reviewId` and stores its aiProcessedRating
 * (1–5, one decimal) with the reasons and flags. Idempotent: a review that is gone or already decided is left
 * alone, and a rerun stores the same analysis again. A throw (e.g. the database is away) fails the job, which
 * pg-boss retries.
 */
export async function analyseReviewJob(
  deps: { db: Knex; analyser: ReviewAnalyser; log: Logger },
  job: ReviewAnalysisJob,
): Promise<'analysed' | 'skipped'> {
  const review = await findReviewWithWineName(deps.db, job.reviewId);
  if (review?.status !== 'pending') return 'skipped';
  const analysis = await deps.analyser.analyse({
    content: review.content,
    priceWorthRating: review.price_worth_rating,
    qualityRating: review.quality_rating,
    overallExperience: review.overall_experience,
    wineName: review.wine_name,
  });
  await saveReviewAnalysis(deps.db, review.id, analysis);
  deps.log.info({ reviewId: review.id, rating: analysis.aiProcessedRating, flags: analysis.flags, provider: analysis.provider }, 'review analysed');
  return 'analysed';
}
