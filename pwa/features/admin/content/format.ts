import { formatDate } from '../../../lib/dates';

/** An ISO 8601 time as Swedish date and time in Swedish time, e.g. '3 dec. 2026 14:05'; '' when unreadable. */
export function formatDateTime(iso: string): string {
  return formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/** A moment (ms since 1970) as a Swedish clock time with seconds, e.g. '14:05:09'. */
export function formatClock(ms: number): string {
  return formatDate(ms, { timeStyle: 'medium' });
}

/** True when a setting's value is better edited in a textarea: long, or more than one line. */
export function isLongValue(value: string): boolean {
  return value.length > 80 || value.includes('\n');
}
