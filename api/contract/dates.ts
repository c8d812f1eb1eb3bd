/**
 * Dates as Swedes read them: every calendar date, month and year the API shows, stores as a day or derives from
 * an instant (newsletter CSV export and its file name, the slider's months, the vintage's current year) is taken
 * in Swedish time, Europe/Stockholm, with its summer time (spec 001 §9: dates yyyy-MM-dd; the slider's months and
 * the current year are Swedish). One formatter for the whole API; the PWA's pwa/lib/dates.ts (formatDate) shows
 * dates in the same zone, SWEDISH_TIME_ZONE.
 */

/** The time zone of every date the API derives from an instant. */
export const SWEDISH_TIME_ZONE = 'Europe/Stockholm';

/**
 * A formatter made on first use, not when the module loads: the first Intl formatter with a time zone loads the
 * locale's and the zone's data (36–100 ms in Chromium with the CPU slowed 4× as Lighthouse's phone is), which would
 * otherwise lengthen the task that starts the PWA (Lighthouse's total blocking time, README 'Benchmarks').
 */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => {
    format ??= new Intl.DateTimeFormat('sv-SE', options);
    return format;
  };
}

const swedishDay = lazyFormat({ timeZone: SWEDISH_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of `date` in Swedish time: year, month 1–12, day 1–31. */
export function swedishDayParts(date: Date = new Date()): { year: number; month: number; day: number } {
  const parts = swedishDay().formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** 'yyyy-MM-dd' of `date` in Swedish time, e.g. '2026-10-25' (spec 001 §9: newsletter dates yyyy-MM-dd). */
export function swedishDate(date: Date = new Date()): string {
  const { year, month, day } = swedishDayParts(date);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The year and month (1–12) of `date` in Swedish time. */
export function swedishYearMonth(date: Date = new Date()): { year: number; month: number } {
  const { year, month } = swedishDayParts(date);
  return { year, month };
}

const monthName = lazyFormat({ month: 'long', timeZone: 'UTC' });

/** 'november 2026': a calendar month (1–12) as Swedish text (audit summaries, messages); no instant, no time zone. */
export function swedishMonth(year: number, month: number): string {
  return `${monthName().format(Date.UTC(year, month - 1, 1))} ${year}`;
}
