import { afterAll, describe, expect, it } from 'vitest';
import { formatDate } from './dates';

// The device's zone must not matter: run on the other side of the world (restored afterwards).
const deviceZone = process.env.TZ;
process.env.TZ = 'Pacific/Auckland';
afterAll(() => {
  process.env.TZ = deviceZone;
});

// Stockholm in 2026: CET (UTC+1) until 29 March 01:00 UTC, then CEST (UTC+2) until 25 October 01:00 UTC.
const utc = (...parts: [number, number, number, number?, number?, number?]) => Date.UTC(...parts);

describe('formatDate (pwa/lib/dates.ts)', () => {
  it('writes each of the PWA formats in Swedish, Stockholm time, as the screens did before', () => {
    const t = '2026-03-03T13:05:09Z'; // 14:05:09 in Stockholm (CET)
    expect(formatDate(t, { dateStyle: 'long' })).toBe('3 mars 2026');
    expect(formatDate(t, { dateStyle: 'medium' })).toBe('3 mars 2026');
    expect(formatDate('2026-12-03T13:05:09Z', { dateStyle: 'medium' })).toBe('3 dec. 2026');
    expect(formatDate(t, { day: 'numeric', month: 'long' })).toBe('3 mars');
    expect(formatDate(t, { dateStyle: 'full' })).toBe('tisdag 3 mars 2026');
    expect(formatDate(t, { dateStyle: 'long', timeStyle: 'short' })).toBe('3 mars 2026 kl. 14:05');
    expect(formatDate('2026-12-03T13:05:09Z', { dateStyle: 'medium', timeStyle: 'short' })).toBe('3 dec. 2026 14:05');
    expect(formatDate(t, { dateStyle: 'short' })).toBe('2026-03-03');
    expect(formatDate(t, { timeStyle: 'short' })).toBe('14:05');
    expect(formatDate(t, { timeStyle: 'medium' })).toBe('14:05:09');
    expect(formatDate(t, { year: 'numeric' })).toBe('2026');
  });

  it('takes an ISO string, ms since 1970 or a Date, and writes midnight as 00, never 24', () => {
    const ms = utc(2026, 6, 1, 22, 0, 9); // 00:00:09 on 2 July in Stockholm (CEST)
    expect(formatDate(ms, { timeStyle: 'medium' })).toBe('00:00:09');
    expect(formatDate(new Date(ms), { timeStyle: 'short' })).toBe('00:00');
    expect(formatDate(new Date(ms).toISOString(), { dateStyle: 'short' })).toBe('2026-07-02');
    expect(formatDate(utc(2026, 6, 1, 7, 3), { timeStyle: 'short' })).toBe('09:03');
  });

  it('follows Stockholm across the change to summer time (29 March 2026, 02:00 CET → 03:00 CEST)', () => {
    expect(formatDate(utc(2026, 2, 29, 0, 59, 59), { timeStyle: 'medium' })).toBe('01:59:59');
    expect(formatDate(utc(2026, 2, 29, 1, 0, 0), { timeStyle: 'medium' })).toBe('03:00:00');
    expect(formatDate(utc(2026, 2, 28, 22, 30), { dateStyle: 'long', timeStyle: 'short' })).toBe('28 mars 2026 kl. 23:30');
    expect(formatDate(utc(2026, 2, 29, 22, 30), { dateStyle: 'long', timeStyle: 'short' })).toBe('30 mars 2026 kl. 00:30');
  });

  it('follows Stockholm across the change back to winter time (25 October 2026, 03:00 CEST → 02:00 CET)', () => {
    expect(formatDate(utc(2026, 9, 25, 0, 30), { timeStyle: 'short' })).toBe('02:30');
    expect(formatDate(utc(2026, 9, 25, 1, 30), { timeStyle: 'short' })).toBe('02:30');
    expect(formatDate(utc(2026, 9, 24, 22, 30), { dateStyle: 'short' })).toBe('2026-10-25'); // 00:30 CEST
    expect(formatDate(utc(2026, 9, 25, 22, 30), { dateStyle: 'short' })).toBe('2026-10-25'); // 23:30 CET
    expect(formatDate(utc(2026, 9, 25, 23, 0), { dateStyle: 'short' })).toBe('2026-10-26'); // 00:00 CET
  });

  it("puts a UTC evening on Stockholm's next day", () => {
    expect(formatDate('2026-12-31T23:30:00Z', { dateStyle: 'long' })).toBe('1 januari 2027');
    expect(formatDate('2026-12-31T23:30:00Z', { year: 'numeric' })).toBe('2027');
  });

  it("returns '' for null, undefined, '' and an unreadable value instead of throwing", () => {
    expect(formatDate(null, { dateStyle: 'long' })).toBe('');
    expect(formatDate(undefined, { timeStyle: 'short' })).toBe('');
    expect(formatDate('', { dateStyle: 'short' })).toBe('');
    expect(formatDate('inte ett datum', { dateStyle: 'long', timeStyle: 'short' })).toBe('');
    expect(formatDate(Number.NaN, { dateStyle: 'short' })).toBe('');
  });
});
