import { describe, expect, it } from 'vitest';
import { formatRating, formatReviewDate, reviewerName } from './review-format';

describe('reviewerName', () => {
  it('uses the full name when both names exist', () =>
    expect(reviewerName({ username: 'anna', firstName: 'Anna', lastName: 'Lind' })).toBe('Anna Lind'));
  it('trims the names', () => expect(reviewerName({ username: 'anna', firstName: ' Anna ', lastName: 'Lind ' })).toBe('Anna Lind'));
  it('falls back to the username when a name is missing or blank', () => {
    expect(reviewerName({ username: 'vinvän', firstName: 'Anna', lastName: null })).toBe('vinvän');
    expect(reviewerName({ username: 'anna', firstName: 'Anna', lastName: ' ' })).toBe('anna');
  });
});

describe('formatReviewDate', () => {
  it('writes the day, the Swedish month and the year', () => expect(formatReviewDate('2026-03-03T12:00:00.000Z')).toBe('3 mars 2026'));
  it("is '' for none or a bad value", () => {
    expect(formatReviewDate(null)).toBe('');
    expect(formatReviewDate('nonsense')).toBe('');
  });
});

describe('formatRating', () => {
  it('writes at most one decimal with a decimal comma', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(4)).toBe('4');
    expect(formatRating(3.84)).toBe('3,8');
  });
});
