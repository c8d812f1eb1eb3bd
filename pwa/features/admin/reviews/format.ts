import { FINAL_RATING_DEFAULT, FINAL_RATING_STEP, REVIEW_FLAG_LABELS } from '../../../../api/contract/review-rules';
import { formatDate } from '../../../lib/dates';

// The moderation tab's texts and numbers (spec 001 §2 'Reviews moderation tab', §9). Pure functions, so the
// tests pin the exact Swedish texts.

/** An ISO time as a Swedish date in Stockholm: '3 mars 2026'; '' for a bad value. */
export function formatReviewDate(iso: string): string {
  return formatDate(iso, { dateStyle: 'long' });
}

/**
 * Where 'Justera slutbetyg' starts: the AI rating rounded to the nearest 0.5 within 1–5, or
 * FINAL_RATING_DEFAULT (4, spec 001 §9) while there is none.
 */
export function initialFinalRating(aiRating: number | null): number {
  if (aiRating === null || !Number.isFinite(aiRating)) return FINAL_RATING_DEFAULT;
  const rounded = Math.round(aiRating / FINAL_RATING_STEP) * FINAL_RATING_STEP;
  return Math.min(5, Math.max(1, rounded));
}

/** A flag's Swedish label (review-rules.ts REVIEW_FLAG_LABELS); an unknown flag (a newer analyser) is shown as its code. */
export function flagLabel(flag: string): string {
  return (REVIEW_FLAG_LABELS as Readonly<Record<string, string>>)[flag] ?? flag;
}
