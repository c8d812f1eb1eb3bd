import { describe, expect, it } from 'vitest';
import { REVIEW_FLAGS } from '../../../../api/contract/review-rules';
import { flagLabel, formatReviewDate, initialFinalRating } from './format';

describe('moderation formats (spec 001 §2, §9)', () => {
  it('starts the final rating at the AI rating rounded to the nearest 0.5, within 1–5, else 4', () => {
    expect(initialFinalRating(4.2)).toBe(4);
    expect(initialFinalRating(4.3)).toBe(4.5);
    expect(initialFinalRating(1.2)).toBe(1);
    expect(initialFinalRating(0.6)).toBe(1);
    expect(initialFinalRating(4.9)).toBe(5);
    expect(initialFinalRating(null)).toBe(4);
  });

  it('names every flag of the analyser in Swedish and leaves an unknown one as it is', () => {
    expect(REVIEW_FLAGS.map(flagLabel)).toEqual([
      'Skräp/reklam',
      'Länk',
      'Kontaktuppgifter',
      'Svordomar',
      'Påhopp',
      'Handlar inte om vinet',
      'Inte svenska',
      'Versaler',
      'Texten och betygen går isär',
      'För kort',
    ]);
    expect(flagLabel('new_flag')).toBe('new_flag');
  });

  it('dates in Swedish, Stockholm time', () => {
    expect(formatReviewDate('2026-03-03T09:00:00.000Z')).toBe('3 mars 2026');
    expect(formatReviewDate('2026-12-31T23:30:00.000Z')).toBe('1 januari 2027');
    expect(formatReviewDate('nonsense')).toBe('');
  });
});
