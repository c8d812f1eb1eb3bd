import { SWEDISH_TIME_ZONE } from '../../api/contract/dates';

// Every date and time the PWA shows goes through formatDate: Swedish (sv-SE) in Swedish time (Europe/Stockholm), so
// a reader abroad, the server and the tests all see the same day (docs/spec/001-admin-and-partner.md §9: 'Dates in
// Swedish format; newsletter dates yyyy-MM-dd').
//
// The formats are a type, not a table: the start page's masthead uses this module, and a table of every screen's
// formats would join its first download (the budget of README 'Benchmarks'); each screen's chunk carries its own.

/**
 * The PWA's date formats as sv-SE's Intl options (sv-SE's own styles: dateStyle 'short' is ISO yyyy-MM-dd, times
 * are 24 h with 00 at midnight). Examples for 3 March 2026, 09:05:09 in Stockholm.
 */
export type DateFormat =
  /** '3 mars 2026' */
  | { dateStyle: 'long' }
  /** '3 mars 2026', '3 dec. 2026' */
  | { dateStyle: 'medium' }
  /** '2026-03-03' */
  | { dateStyle: 'short' }
  /** 'tisdag 3 mars 2026' */
  | { dateStyle: 'full' }
  /** '3 mars 2026 kl. 09:05' */
  | { dateStyle: 'long'; timeStyle: 'short' }
  /** '3 mars 2026 09:05' */
  | { dateStyle: 'medium'; timeStyle: 'short' }
  /** '09:05' */
  | { timeStyle: 'short' }
  /** '09:05:09' */
  | { timeStyle: 'medium' }
  /** '3 mars' */
  | { day: 'numeric'; month: 'long' }
  /** '2026' */
  | { year: 'numeric' };

/**
 * `value` (an ISO 8601 string, ms since 1970 or a Date) in `format` (see DateFormat), Swedish, in Stockholm time,
 * whatever the device's zone. Returns '' for null, undefined or an unreadable value (never throws).
 */
export function formatDate(value: string | number | Date | null | undefined, format: DateFormat): string {
  const date = new Date(value ?? Number.NaN);
  return Number.isNaN(date.getTime()) ? '' : formatterOf(format).format(date);
}

/** One Intl formatter per format, made on first use: making one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(format: DateFormat): Intl.DateTimeFormat {
  const key = JSON.stringify(format);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', { ...format, timeZone: SWEDISH_TIME_ZONE });
    formatters.set(key, formatter);
  }
  return formatter;
}
