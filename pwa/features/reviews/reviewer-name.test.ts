import { describe, expect, it } from 'vitest';
import { reviewerName } from './reviewer-name';

describe('reviewerName', () => {
  it('uses the full name when both names exist', () =>
    expect(reviewerName({ username: 'anna', firstName: 'Anna', lastName: 'Lind' })).toBe('Anna Lind'));
  it('trims the names', () => expect(reviewerName({ username: 'anna', firstName: ' Anna ', lastName: 'Lind ' })).toBe('Anna Lind'));
  it('falls back to the username when a name is missing or blank', () => {
    expect(reviewerName({ username: 'vinvän', firstName: 'Anna', lastName: null })).toBe('vinvän');
    expect(reviewerName({ username: 'anna', firstName: 'Anna', lastName: ' ' })).toBe('anna');
  });
});
