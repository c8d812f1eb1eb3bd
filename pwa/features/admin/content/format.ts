const DATE_TIME = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Stockholm' });
const TIME = new Intl.DateTimeFormat('sv-SE', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'Europe/Stockholm' });

/** An ISO 8601 time as Swedish date and time in Swedish time, e.g. '3 dec. 2026 14:05'; '' when unreadable. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}

/** A moment (ms since 1970) as a Swedish clock time with seconds, e.g. '14:05:09'. */
export function formatClock(ms: number): string {
  return TIME.format(new Date(ms));
}

/** True when a setting's value is better edited in a textarea: long, or more than one line. */
export function isLongValue(value: string): boolean {
  return value.length > 80 || value.includes('\n');
}
