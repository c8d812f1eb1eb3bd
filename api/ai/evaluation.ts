/**
 * Measures a review analyser on labelled reviews, one figure per question it answers (analyser.ts):
 * - the opinion: mean absolute error of `aiProcessedRating` against the labelled opinion (where the label is a
 *   number), and agreement of the bands negative (≤ 2.5), mixed, positive (≥ 3.5);
 * - the moderation: precision and recall of `needsModeration` against 'a moderator must look', and how many
 *   honest negative reviews were sent to a moderator (the case 'Kräver uppmärksamhet' must never catch).
 *
 * Two sets: the tuning set (fixtures/labelled-reviews.ts, whose four labels are read as below) and the held-out
 * set (fixtures/held-out-reviews.ts, labelled for both questions and never tuned on). `npm run eval:analyser`
 * prints both; evaluation.test.ts holds the floors.
 */
import { HELD_OUT_REVIEWS } from './fixtures/held-out-reviews';
import { LABELLED_REVIEWS, type LabelledReview } from './fixtures/labelled-reviews';
import type { ReviewAnalyser, ReviewInput } from './analyser';

export type OpinionBand = 'negative' | 'mixed' | 'positive';

/** One review to measure on, whatever set it comes from. */
export interface EvaluationCase {
  id: string;
  input: ReviewInput;
  /** The labelled opinion 1–5, when the set labels a number. */
  opinion?: number;
  /** The labelled band of the opinion; null when the review holds no opinion to measure. */
  band: OpinionBand | null;
  needsModerator: boolean;
}

/** The band of an opinion: ≤ 2.5 negative, ≥ 3.5 positive, mixed in between. */
export function bandOf(opinion: number): OpinionBand {
  if (opinion <= 2.5) return 'negative';
  if (opinion >= 3.5) return 'positive';
  return 'mixed';
}

const inputOf = (r: Pick<LabelledReview, 'content' | 'priceWorthRating' | 'qualityRating' | 'overallExperience'>): ReviewInput => ({
  content: r.content,
  priceWorthRating: r.priceWorthRating,
  qualityRating: r.qualityRating,
  overallExperience: r.overallExperience,
});

/**
 * The tuning set read for both questions. Its labels came before the two questions were asked apart:
 * 'spam' (promotion, links, contact details, swearing, abuse, off-topic, another language) and the 'mixed' reviews
 * whose note says the stars contradict the text need a moderator; the opinion is measured by band on the
 * positive, negative and mixed reviews that need none (a contradiction's or a spam's opinion was never labelled).
 */
export function tuningCases(): EvaluationCase[] {
  return LABELLED_REVIEWS.map((r) => {
    const mismatch = r.note?.startsWith('rating mismatch') ?? false;
    const needsModerator = r.label === 'spam' || mismatch;
    return { id: r.id, input: inputOf(r), band: needsModerator || r.label === 'spam' ? null : r.label, needsModerator };
  });
}

/** The held-out set: each review's labelled opinion (a number, or none) and whether a moderator must look. */
export function heldOutCases(): EvaluationCase[] {
  return HELD_OUT_REVIEWS.map((r) => ({
    id: r.id,
    input: inputOf(r),
    ...(r.opinion === null ? {} : { opinion: r.opinion }),
    band: r.opinion === null ? null : bandOf(r.opinion),
    needsModerator: r.needsModerator,
  }));
}

/** The figures of one set. Ratios are 0–1; null where nothing was there to count. */
export interface EvaluationReport {
  cases: number;
  opinion: {
    /** Reviews with a labelled band. */
    banded: number;
    bandAgreement: number | null;
    /** Reviews with a labelled number, and the mean absolute error of aiProcessedRating on them. */
    scored: number;
    meanAbsoluteError: number | null;
  };
  moderation: {
    truePositives: number;
    falsePositives: number;
    falseNegatives: number;
    trueNegatives: number;
    precision: number | null;
    recall: number | null;
    /** Honest reviews with a negative opinion (band negative, no moderator needed) that were flagged anyway. */
    negativeFlagged: number;
    negativeHonest: number;
  };
  /** One line per disagreement, for the reader: 'h12 opinion 1.5 → 2.6' or 'h44 moderator missed'. */
  misses: string[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * Runs `analyser` on every case and counts.
 * @throws whatever the analyser throws (a bad fixture rating is a RangeError).
 */
export async function evaluate(analyser: ReviewAnalyser, cases: readonly EvaluationCase[]): Promise<EvaluationReport> {
  let banded = 0;
  let agreed = 0;
  let scored = 0;
  let absoluteError = 0;
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  let negativeHonest = 0;
  let negativeFlagged = 0;
  const misses: string[] = [];
  for (const c of cases) {
    const analysis = await analyser.analyse(c.input);
    const flags = analysis.flags.join(',') || '–';
    if (c.band) {
      banded++;
      const got = bandOf(analysis.aiProcessedRating);
      if (got === c.band) agreed++;
      else misses.push(`${c.id} opinion ${c.opinion ?? c.band} → ${analysis.aiProcessedRating} (${got})`);
    }
    if (c.opinion !== undefined) {
      scored++;
      absoluteError += Math.abs(analysis.aiProcessedRating - c.opinion);
    }
    if (c.needsModerator && analysis.needsModeration) tp++;
    else if (c.needsModerator) {
      fn++;
      misses.push(`${c.id} moderator missed (${flags})`);
    } else if (analysis.needsModeration) {
      fp++;
      misses.push(`${c.id} moderator not needed (${flags})`);
    } else tn++;
    if (!c.needsModerator && c.band === 'negative') {
      negativeHonest++;
      if (analysis.needsModeration) negativeFlagged++;
    }
  }
  return {
    cases: cases.length,
    opinion: { banded, bandAgreement: ratio(agreed, banded), scored, meanAbsoluteError: ratio(absoluteError, scored) },
    moderation: {
      truePositives: tp,
      falsePositives: fp,
      falseNegatives: fn,
      trueNegatives: tn,
      precision: ratio(tp, tp + fp),
      recall: ratio(tp, tp + fn),
      negativeFlagged,
      negativeHonest,
    },
    misses,
  };
}

/** The report as a few lines of text ('opinion: band agreement 88.9 % (56/63), MAE 0.42 on 49'…). */
export function formatReport(name: string, report: EvaluationReport): string {
  const percent = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(1)} %`);
  const { opinion: o, moderation: m } = report;
  const agreed = o.bandAgreement === null ? 0 : Math.round(o.bandAgreement * o.banded);
  const lines = [
    `${name}: ${report.cases} reviews`,
    `  opinion:   band agreement ${percent(o.bandAgreement)} (${agreed}/${o.banded})` +
      (o.meanAbsoluteError === null ? '' : `, mean absolute error ${o.meanAbsoluteError.toFixed(2)} on ${o.scored}`),
    `  moderator: precision ${percent(m.precision)} (${m.truePositives}/${m.truePositives + m.falsePositives}), ` +
      `recall ${percent(m.recall)} (${m.truePositives}/${m.truePositives + m.falseNegatives}); ` +
      `honest negative reviews flagged ${m.negativeFlagged}/${m.negativeHonest}`,
    ...report.misses.map((miss) => `    ${miss}`),
  ];
  return lines.join('\n');
}
