import { describe, expect, it } from 'vitest';
import { bandOf, evaluate, formatReport, heldOutCases, tuningCases } from './evaluation';
import { HELD_OUT_REVIEWS } from './fixtures/held-out-reviews';
import { LocalReviewAnalyser } from './local-analyser';

const analyser = new LocalReviewAnalyser();

describe('the labelled sets', () => {
  it('keeps the held-out set apart: at least 60 reviews, none shared with the tuning set, both questions labelled', () => {
    const tuning = new Set(tuningCases().map((c) => c.input.content));
    expect(HELD_OUT_REVIEWS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(HELD_OUT_REVIEWS.map((r) => r.id)).size).toBe(HELD_OUT_REVIEWS.length);
    for (const r of HELD_OUT_REVIEWS) {
      expect(tuning.has(r.content), r.id).toBe(false);
      expect(r.needsModerator, r.id).toBe(r.reasons.length > 0);
      if (r.opinion !== null) expect(r.opinion >= 1 && r.opinion <= 5, r.id).toBe(true);
    }
    const count = (pick: (r: (typeof HELD_OUT_REVIEWS)[number]) => boolean) => HELD_OUT_REVIEWS.filter(pick).length;
    expect(count((r) => !r.needsModerator && r.opinion !== null && bandOf(r.opinion) === 'negative')).toBeGreaterThanOrEqual(10);
    expect(count((r) => r.needsModerator)).toBeGreaterThanOrEqual(20);
    for (const reason of ['spam', 'link', 'contact', 'abuse', 'off_topic', 'not_swedish', 'rating_mismatch'] as const) {
      expect(
        count((r) => r.reasons.includes(reason)),
        reason,
      ).toBeGreaterThanOrEqual(3);
    }
  });
});

describe('the local analyser on both questions', () => {
  it('meets the floors on the tuning set and sends no honest negative review to a moderator', async () => {
    const report = await evaluate(analyser, tuningCases());
    console.log(formatReport('Tuning set', report));
    expect(report.opinion.bandAgreement).toBeGreaterThanOrEqual(0.85);
    expect(report.moderation.precision).toBeGreaterThanOrEqual(0.9);
    expect(report.moderation.recall).toBeGreaterThanOrEqual(0.9);
    expect(report.moderation.negativeHonest).toBeGreaterThanOrEqual(20);
    expect(report.moderation.negativeFlagged).toBe(0);
  });

  it('meets the floors on the held-out set, which it was never tuned on', async () => {
    const report = await evaluate(analyser, heldOutCases());
    console.log(formatReport('Held-out set', report));
    expect(report.opinion.bandAgreement).toBeGreaterThanOrEqual(0.85);
    expect(report.opinion.meanAbsoluteError).toBeLessThanOrEqual(0.5);
    expect(report.moderation.precision).toBeGreaterThanOrEqual(0.85);
    expect(report.moderation.recall).toBeGreaterThanOrEqual(0.7);
    expect(report.moderation.negativeFlagged).toBe(0);
  });

  it('counts what it says: a perfect and a useless analyser', async () => {
    const cases = heldOutCases().slice(0, 40);
    const byContent = new Map(cases.map((c) => [c.input.content, c]));
    const oracle = {
      analyse: async (input: { content: string; priceWorthRating: number }) => {
        const c = byContent.get(input.content)!;
        return { aiProcessedRating: c.opinion ?? 3, sentiment: 0, reasons: [], flags: [], needsModeration: c.needsModerator, provider: 'oracle' };
      },
    };
    const perfect = await evaluate(oracle, cases);
    expect(perfect.opinion.bandAgreement).toBe(1);
    expect(perfect.opinion.meanAbsoluteError).toBe(0);
    expect([perfect.moderation.precision, perfect.moderation.recall]).toEqual([1, 1]);
    const never = await evaluate(
      { analyse: async () => ({ aiProcessedRating: 3, sentiment: 0, reasons: [], flags: [], needsModeration: false, provider: 'x' }) },
      cases,
    );
    expect(never.moderation.recall).toBe(0);
    expect(never.moderation.precision).toBeNull();
  });
});
