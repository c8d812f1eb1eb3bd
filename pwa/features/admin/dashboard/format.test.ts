import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime, formatPercent, formatRating, formatRelativeTime, formatUptime } from './format';

// Intl puts narrow no-break spaces (U+202F) or no-break spaces (U+00A0) where Swedes write a space.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('dashboard formats (spec 001 §2, §9)', () => {
  it('writes the average rating to one decimal with a decimal comma, and – when there is none', () => {
    expect(formatRating(3.8)).toBe('3,8');
    expect(formatRating(4)).toBe('4,0');
    expect(formatRating(4.25)).toBe('4,3');
    expect(formatRating(null)).toBe('–');
  });

  it('groups thousands with a space', () => {
    expect(plain(formatCount(1137))).toBe('1 137');
    expect(formatCount(0)).toBe('0');
  });

  it('writes shares with at most one decimal and a percent sign', () => {
    expect(plain(formatPercent(27.4))).toBe('27,4 %');
    expect(plain(formatPercent(50))).toBe('50 %');
  });

  it('says how long ago in Swedish, and the date after a week', () => {
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(formatRelativeTime('2026-03-10T11:59:50Z', now)).toBe('just nu');
    expect(formatRelativeTime('2026-03-10T11:55:00Z', now)).toBe('för 5 minuter sedan');
    expect(formatRelativeTime('2026-03-10T09:00:00Z', now)).toBe('för 3 timmar sedan');
    expect(formatRelativeTime('2026-03-09T12:00:00Z', now)).toBe('i går');
    expect(formatRelativeTime('2026-02-01T12:00:00Z', now)).toBe('1 feb. 2026');
  });

  it('writes dates in Stockholm time', () => {
    expect(formatDateTime('2026-03-03T13:05:00Z')).toMatch(/^3 mars 2026 (kl\. )?14:05$/);
  });

  it('writes uptime in its two largest units', () => {
    expect(formatUptime(42)).toBe('under en minut');
    expect(formatUptime(600)).toBe('10 min');
    expect(formatUptime(3_900)).toBe('1 tim 5 min');
    expect(formatUptime(7_200)).toBe('2 tim');
    expect(formatUptime(273_600)).toBe('3 d 4 tim');
  });
});
