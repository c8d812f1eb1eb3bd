import { describe, expect, it } from 'vitest';
import { swedishDate, swedishDayParts, swedishMonth, swedishYearMonth } from './dates';

// Europe/Stockholm: CET (UTC+1) in winter, CEST (UTC+2) from the last Sunday of March 01:00 UTC to the last Sunday
// of October 01:00 UTC. In 2026 the changes are on 29 March and 25 October.
describe('swedishDate', () => {
  it('takes the Swedish day, not the UTC one, on both sides of the spring change', () => {
    expect(swedishDate(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28'); // 23:59:59 CET
    expect(swedishDate(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29'); // 00:00 CET
    // After the change midnight is 22:00 UTC.
    expect(swedishDate(new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29'); // 23:59:59 CEST
    expect(swedishDate(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30'); // 00:00 CEST
  });

  it('takes the Swedish day on both sides of the autumn change', () => {
    expect(swedishDate(new Date('2026-10-24T21:59:59Z'))).toBe('2026-10-24'); // 23:59:59 CEST
    expect(swedishDate(new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25'); // 00:00 CEST
    // The clocks go back at 01:00 UTC: from then on midnight is 23:00 UTC.
    expect(swedishDate(new Date('2026-10-25T22:59:59Z'))).toBe('2026-10-25'); // 23:59:59 CET
    expect(swedishDate(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26'); // 00:00 CET
  });

  it('pads month and day to two digits', () => {
    expect(swedishDate(new Date('2026-01-05T12:00:00Z'))).toBe('2026-01-05');
    expect(swedishDayParts(new Date('2026-01-05T12:00:00Z'))).toEqual({ year: 2026, month: 1, day: 5 });
  });
});

describe('swedishYearMonth', () => {
  it('turns the month and the year at Swedish midnight', () => {
    expect(swedishYearMonth(new Date('2026-12-31T22:59:59Z'))).toEqual({ year: 2026, month: 12 });
    expect(swedishYearMonth(new Date('2026-12-31T23:00:00Z'))).toEqual({ year: 2027, month: 1 });
    expect(swedishYearMonth(new Date('2026-10-31T22:59:59Z'))).toEqual({ year: 2026, month: 10 }); // CET, after the change
    expect(swedishYearMonth(new Date('2026-10-31T23:00:00Z'))).toEqual({ year: 2026, month: 11 });
  });
});

describe('swedishMonth', () => {
  it('names a calendar month in Swedish, lower case', () => {
    expect(swedishMonth(2026, 11)).toBe('november 2026');
    expect(swedishMonth(2027, 3)).toBe('mars 2027');
  });
});

describe('swedishYearMonth (as the slider counts months)', () => {
  it('counts the month in Swedish time, not UTC', () => {
    // 23:30 UTC on 31 January is already 1 February in Stockholm (UTC+1 in winter).
    expect(swedishYearMonth(new Date('2026-01-31T23:30:00Z'))).toEqual({ year: 2026, month: 2 });
    // 22:30 UTC on 31 December 2026 is 23:30 in Stockholm: still December.
    expect(swedishYearMonth(new Date('2026-12-31T22:30:00Z'))).toEqual({ year: 2026, month: 12 });
    // 22:30 UTC on 30 June is 00:30 on 1 July in Stockholm (UTC+2 in summer).
    expect(swedishYearMonth(new Date('2026-06-30T22:30:00Z'))).toEqual({ year: 2026, month: 7 });
  });
});
