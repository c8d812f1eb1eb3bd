// Swedish number, date and duration formats of the dashboard and the legacy admin page (spec 001 §9:
// "Dates in Swedish format"; the dates come from pwa/lib/dates.ts). Every function is pure, so the tests pin the
// exact texts.

import { formatDate as formatDateAs } from '../../../lib/dates';

const countFormat = new Intl.NumberFormat('sv-SE');
const oneDecimal = new Intl.NumberFormat('sv-SE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const upToOneDecimal = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 });
const relativeFormat = new Intl.RelativeTimeFormat('sv', { numeric: 'auto' });

/** A count as Swedes write it, with a space between thousands: 1137 → '1 137' (narrow no-break space). */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** The average wine rating (1–5) to one decimal with a decimal comma: 3.8 → '3,8', 4 → '4,0'; null → '–'. */
export function formatRating(rating: number | null): string {
  return rating === null ? '–' : oneDecimal.format(rating);
}

/** A share in percent (0–100), at most one decimal: 27.4 → '27,4 %', 50 → '50 %'. */
export function formatPercent(percent: number): string {
  return `${upToOneDecimal.format(percent)} %`;
}

/** A date and time in Swedish, Stockholm time: '3 mars 2026 kl. 14:05'. */
export function formatDateTime(iso: string): string {
  return formatDateAs(iso, { dateStyle: 'long', timeStyle: 'short' });
}

/** A date in Swedish, Stockholm time: '3 mars 2026'. */
export function formatDate(iso: string): string {
  return formatDateAs(iso, { dateStyle: 'medium' });
}

/** A clock time in Swedish, Stockholm time: '14:05:09'. */
export function formatTime(iso: string): string {
  return formatDateAs(iso, { timeStyle: 'medium' });
}

/**
 * How long ago `iso` was, in Swedish ('just nu', 'för 5 minuter sedan', 'i går', 'för 3 dagar sedan'); a week or
 * more ago, the date itself ('3 mars 2026'). `now` in ms since 1970 (Date.now()).
 */
export function formatRelativeTime(iso: string, now: number): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just nu';
  if (abs < 45 * 60) return relativeFormat.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return relativeFormat.format(Math.round(seconds / 3600), 'hour');
  if (abs < 7 * 86_400) return relativeFormat.format(Math.round(seconds / 86_400), 'day');
  return formatDate(iso);
}

/**
 * A running time in whole units, Swedish abbreviations, the two largest units: 42 → 'under en minut',
 * 3_900 → '1 tim 5 min', 273_600 → '3 d 4 tim'. `seconds` ≥ 0.
 */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} tim` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} tim ${minutes} min` : `${hours} tim`;
  if (minutes > 0) return `${minutes} min`;
  return 'under en minut';
}
