/**
 * The default review analyser: runs in-process, offline, in a few milliseconds, and gives the same answer for the
 * same review every time. See LocalReviewAnalyser for how the rating is computed.
 */
import { needsModerator, REVIEW_FLAGS, type ReviewFlag } from '../contract/review-rules';
import { assertRatings, formatSv, toRating, type AnalysisReason, type ReviewAnalyser, type ReviewAnalysis, type ReviewInput } from './analyser';
import { detectSignals } from './signals';
import { analyseSentiment, tokenize, type SentimentTerm, type TextSentiment } from './swedish-sentiment';

/**
 * How much lexicon weight makes a text's tone certain: evidence = 1 − e^(−weight / EVIDENCE_SCALE), where weight
 * is the sum of the absolute valences found. One clear word ('gott', 3) gives 0.53, two give 0.78, four 0.95.
 */
export const EVIDENCE_SCALE = 4;
/** The text's share of the rating when its tone is certain; the stars carry the rest. */
export const MAX_TEXT_WEIGHT = 0.6;
/** A tone below this (in −1…1) is neither positive nor negative. */
export const TONE_THRESHOLD = 0.25;
/** Tone and stars (both in −1…1) this far apart, with opposite signs, contradict each other. */
export const MISMATCH_DISTANCE = 1;
/** A mismatch is only called when the text's tone is at least this certain. */
export const MISMATCH_MIN_EVIDENCE = 0.5;

/** How many positive and negative terms a reason lists at most. */
const TERMS_SHOWN = 4;

/** The intermediate figures of one analysis, exposed for tests and for the moderator reasons. */
export interface LocalBreakdown {
  /** Lexicon sentiment of the text. */
  text: TextSentiment;
  /** (positive − negative) / (positive + negative), −1…1; 0 without sentiment words. */
  balance: number;
  /** 1 − e^(−(positive + negative) / EVIDENCE_SCALE), 0…1. */
  evidence: number;
  /** balance × evidence, −1…1: the `sentiment` of the analysis. */
  tone: number;
  /** Mean of the three star ratings, 1–5. */
  stars: number;
  /** The text's share of the rating, 0…1 (0…MAX_TEXT_WEIGHT unless text and stars contradict each other). */
  textWeight: number;
  /** textWeight × (3 + 2 × tone) + (1 − textWeight) × stars: the opinion, before rounding. */
  base: number;
  flags: ReviewFlag[];
}

/**
 * The local analyser. It answers two questions apart (analyser.ts): the opinion the review expresses
 * (`aiProcessedRating`) and whether a moderator must look (`flags`, `needsModeration`). No flag moves the
 * opinion: spam with five stars keeps a high opinion and is caught by its flag, and an honest, harsh review keeps
 * its low opinion and needs no one.
 *
 * The opinion, step by step (plain arithmetic on the text and the ratings, so it is deterministic):
 * 1. Text tone. The text is scored with the Swedish lexicon plus the wine lexicon (swedish-sentiment.ts), giving
 *    `positive` and `negative`, the sums of the positive and absolute negative valences.
 *    balance = (positive − negative) / (positive + negative), evidence = 1 − e^(−(positive + negative) / 4),
 *    tone = balance × evidence (−1…1; this is `sentiment`). The tone as a rating is 3 + 2 × tone (1–5).
 * 2. Stars. stars = the mean of priceWorthRating, qualityRating and overallExperience (1–5).
 * 3. Agreement. With starTone = (stars − 3) / 2, the text contradicts the stars ('rating_mismatch') when
 *    evidence ≥ 0.5, tone and starTone have opposite signs and |tone − starTone| ≥ 1.
 * 4. Opinion. textWeight = 0.6 × evidence; = evidence when the text contradicts the stars (the opinion is the
 *    text's, the stars are the suspect part); 0 when the text is too short or not Swedish (the lexicon can't
 *    judge it). opinion = textWeight × (3 + 2 × tone) + (1 − textWeight) × stars, kept within 1–5 and rounded
 *    to one decimal (half up). A text without opinions leaves the stars to decide.
 * 5. Flags (signals.ts): spam, link, contact, profanity, abuse, off_topic, not_swedish, shouting, too_short, and
 *    rating_mismatch from step 3. needsModeration = any of review-rules.ts MODERATION_FLAGS (all but shouting and
 *    too_short, which are notes).
 */
export class LocalReviewAnalyser implements ReviewAnalyser {
  /**
   * Analyses a review locally.
   * @throws RangeError when a rating is outside 1–5; the signal's reason when `opts.signal` is aborted.
   */
  async analyse(input: ReviewInput, opts: { signal?: AbortSignal } = {}): Promise<ReviewAnalysis> {
    opts.signal?.throwIfAborted();
    const { analysis } = await this.explain(input);
    opts.signal?.throwIfAborted();
    return analysis;
  }

  /**
   * The analysis together with its intermediate figures (LocalBreakdown).
   * @throws RangeError when a rating is outside 1–5.
   */
  async explain(input: ReviewInput): Promise<{ analysis: ReviewAnalysis; breakdown: LocalBreakdown }> {
    assertRatings(input);
    const content = input.content.trim();
    const tokens = tokenize(content);
    const signals = detectSignals(content, tokens);
    const found = new Set(signals.map((signal) => signal.flag));
    const text = await analyseSentiment(content);

    const weight = text.positive + text.negative;
    const balance = weight === 0 ? 0 : (text.positive - text.negative) / weight;
    const evidence = 1 - Math.exp(-weight / EVIDENCE_SCALE);
    const tone = balance * evidence;
    const stars = (input.priceWorthRating + input.qualityRating + input.overallExperience) / 3;
    const textJudgeable = !found.has('too_short') && !found.has('not_swedish');
    const starTone = (stars - 3) / 2;
    const mismatch = textJudgeable && evidence >= MISMATCH_MIN_EVIDENCE && tone * starTone < 0 && Math.abs(tone - starTone) >= MISMATCH_DISTANCE;
    if (mismatch) found.add('rating_mismatch');
    const textWeight = !textJudgeable ? 0 : mismatch ? evidence : MAX_TEXT_WEIGHT * evidence;
    const base = textWeight * (3 + 2 * tone) + (1 - textWeight) * stars;
    const flags = REVIEW_FLAGS.filter((flag) => found.has(flag));

    const reasons: AnalysisReason[] = signals
      .filter((signal) => signal.flag !== 'too_short')
      .map(({ code, message, flag }) => ({ code, message, flag }));
    if (textJudgeable) reasons.push(toneReason(tone, text, stars, starTone, mismatch));
    const terms = termsReason(text.terms);
    if (terms && textJudgeable) reasons.push(terms);
    for (const signal of signals) {
      if (signal.flag === 'too_short') reasons.push({ code: signal.code, message: signal.message, flag: signal.flag });
    }
    if (!textJudgeable) {
      reasons.push({ code: 'stars_only', message: `Betyget bygger på stjärnbetygen (snitt ${formatSv(stars)} av 5).` });
    }

    const analysis: ReviewAnalysis = {
      aiProcessedRating: toRating(base),
      sentiment: Math.round(tone * 100) / 100 || 0,
      reasons,
      flags,
      needsModeration: needsModerator(flags),
      provider: 'local',
    };
    return { analysis, breakdown: { text, balance, evidence, tone, stars, textWeight, base, flags } };
  }
}

/** 'Texten är positiv och stämmer med betygen (snitt 4,3 av 5).' and its variants. */
function toneReason(tone: number, text: TextSentiment, stars: number, starTone: number, mismatch: boolean): AnalysisReason {
  const average = `snitt ${formatSv(stars)} av 5`;
  if (mismatch) {
    const textSays = tone > 0 ? 'positiv' : 'negativ';
    const starsSay = starTone > 0 ? 'höga' : 'låga';
    return {
      code: 'rating_mismatch',
      message: `Texten är ${textSays} men betygen är ${starsSay} (${average}); kontrollera att betygen är avsedda.`,
    };
  }
  if (text.positive + text.negative === 0) {
    return { code: 'sentiment_neutral', message: `Texten innehåller inga tydliga omdömen; betygen har ${average}.` };
  }
  if (Math.abs(tone) < TONE_THRESHOLD) {
    return {
      code: 'sentiment_mixed',
      message: `Texten blandar positiva och negativa omdömen; betygen har ${average}.`,
    };
  }
  const positive = tone > 0;
  const agrees = positive ? starTone > 0 : starTone < 0;
  const code = positive ? 'sentiment_positive' : 'sentiment_negative';
  const textSays = positive ? 'positiv' : 'negativ';
  if (agrees) return { code, message: `Texten är ${textSays} och stämmer med betygen (${average}).` };
  return { code, message: `Texten är ${textSays}; betygen har ${average}.` };
}

/** 'Positiva uttryck: härlig, lång eftersmak. Negativa uttryck: inte gott.' or undefined without terms. */
function termsReason(terms: SentimentTerm[]): AnalysisReason | undefined {
  const show = (selected: SentimentTerm[]): string =>
    [...new Set(selected.map((term) => (term.negatedBy ? `${term.negatedBy} ${term.text}` : term.text)))].slice(0, TERMS_SHOWN).join(', ');
  const positive = show(terms.filter((term) => term.valence > 0));
  const negative = show(terms.filter((term) => term.valence < 0));
  const parts = [];
  if (positive) parts.push(`Positiva uttryck: ${positive}.`);
  if (negative) parts.push(`Negativa uttryck: ${negative}.`);
  if (parts.length === 0) return undefined;
  return { code: 'sentiment_terms', message: parts.join(' ') };
}

/** A ready local analyser: stateless, so one instance serves every caller. */
export const localReviewAnalyser: ReviewAnalyser = new LocalReviewAnalyser();
