import type { ReviewFlag } from '../contract/review-rules';

/**
 * The review analyser ("the AI system", spec 000 §1 and §4): every user review is analysed before a moderator
 * sees it. The analysis answers two questions apart:
 * - the opinion: `aiProcessedRating`, the rating 1–5 the review expresses about the wine (what a careful reader
 *   takes from the text, the stars filling in where the text says little);
 * - the moderation: `flags`, and `needsModeration` when one of them needs a moderator (spam, links, contact
 *   details, swearing or abuse, off-topic, not Swedish, stars against the text: review-rules.ts
 *   MODERATION_FLAGS). Those reviews are 'Kräver uppmärksamhet'; a low opinion alone never is.
 *
 * Two implementations: local-analyser.ts (the default, offline and deterministic) and openai-analyser.ts (an
 * optional OpenAI-compatible model that falls back to the local one). index.ts picks one from the config.
 */

/** What the analyser reads of a review (spec 000 §3, 'User review'). */
export interface ReviewInput {
  /** The review text as the user wrote it, Swedish, at most 4,000 characters. */
  content: string;
  /** Prisvärdhet, 1–5. */
  priceWorthRating: number;
  /** Kvalitet, 1–5. */
  qualityRating: number;
  /** Helhet, 1–5. */
  overallExperience: number;
  /** The wine's name, when known: context for a language model; the local analyser does not need it. */
  wineName?: string;
}

/** One reason behind the analysis, shown to moderators. */
export interface AnalysisReason {
  /** Stable machine code, e.g. 'sentiment_positive', 'link', 'rating_mismatch'. */
  code: string;
  /** One short Swedish sentence for the moderator, e.g. 'Innehåller en länk.' */
  message: string;
  /** The flag this reason explains, when it explains one. */
  flag?: ReviewFlag;
}

/** The result of analysing one review. */
export interface ReviewAnalysis {
  /** The opinion the review expresses about the wine, 1–5 with one decimal. Says nothing about moderation. */
  aiProcessedRating: number;
  /** Tone of the text, −1 (negative) … 1 (positive), two decimals. */
  sentiment: number;
  /** Why the rating and the flags are what they are, most important first. */
  reasons: AnalysisReason[];
  /** Problems and notes found, from REVIEW_FLAGS, in that order. */
  flags: ReviewFlag[];
  /** True when a flag needs a moderator (MODERATION_FLAGS): 'Kräver uppmärksamhet'. */
  needsModeration: boolean;
  /** 'local', or the model name when a language model answered. */
  provider: string;
}

/** Analyses one review. Implementations must be safe to call concurrently. */
export interface ReviewAnalyser {
  /**
   * @param input the review; ratings must be numbers within 1–5.
   * @param opts.signal aborts the analysis: the promise then rejects with the signal's reason.
   * @returns the analysis; a provider that fails falls back rather than rejecting.
   * @throws RangeError when a rating is outside 1–5; the signal's reason when aborted.
   */
  analyse(input: ReviewInput, opts?: { signal?: AbortSignal }): Promise<ReviewAnalysis>;
}

/** Rounds to one decimal and keeps the value within 1–5, as `aiProcessedRating` requires. */
export function toRating(value: number): number {
  const clamped = Math.min(5, Math.max(1, value));
  return Math.round(clamped * 10) / 10;
}

/** Formats a number the Swedish way for moderator texts: one decimal, decimal comma ('4,3'). */
export function formatSv(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1).replace('.', ',');
}

/**
 * Checks that the three ratings are numbers within 1–5.
 * @throws RangeError naming the first bad rating.
 */
export function assertRatings(input: ReviewInput): void {
  for (const key of ['priceWorthRating', 'qualityRating', 'overallExperience'] as const) {
    const value = input[key];
    if (!Number.isFinite(value) || value < 1 || value > 5) {
      throw new RangeError(`${key} must be a number within 1–5, got ${String(value)}`);
    }
  }
}
