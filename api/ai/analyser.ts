/**
 * The review analyser ("the AI system", spec 000 §1 and §4): every user review is analysed before a moderator
 * sees it. The analysis gives the review its `aiProcessedRating` and tells the moderator why; reviews rated
 * below 3 are shown as 'Kräver uppmärksamhet'.
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
}

/** The result of analysing one review. */
export interface ReviewAnalysis {
  /** 1–5 with one decimal; below 3 means the review needs a moderator's attention. */
  aiProcessedRating: number;
  /** Tone of the text, −1 (negative) … 1 (positive), two decimals. */
  sentiment: number;
  /** Why the rating is what it is, most important first. */
  reasons: AnalysisReason[];
  /** Problems found, from REVIEW_FLAGS, in that order. */
  flags: ReviewFlag[];
  /** 'local', or the model name when a language model answered. */
  provider: string;
}

/** Every flag an analysis can carry, in the order they are reported. */
export const REVIEW_FLAGS = ['spam', 'link', 'contact', 'profanity', 'not_swedish', 'shouting', 'rating_mismatch', 'too_short'] as const;

/**
 * - spam: promotion, repeated characters or words, keyboard mashing;
 * - link: a web address; contact: an e-mail address or a phone number;
 * - profanity: swearing (Swedish or English); not_swedish: the text is not in Swedish;
 * - shouting: mostly capital letters; rating_mismatch: the text's tone contradicts the star ratings;
 * - too_short: too few words to judge the text.
 */
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];

/** Flags that make a review junk rather than an opinion: they cap its rating low (see local-analyser.ts). */
export const JUNK_FLAGS: readonly ReviewFlag[] = ['spam', 'link', 'contact', 'profanity', 'not_swedish'];

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
