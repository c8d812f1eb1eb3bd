import { stringify } from 'csv-stringify/sync';
import { SUBSCRIBER_CSV_HEADER } from '../contract/admin-newsletter';
import { swedishDate } from '../contract/dates';
import type { DbSubscriberRow } from '../queries/admin-newsletter';

/**
 * A cell that a spreadsheet would run as a formula (it starts with = + - @, a tab, CR or NUL) gets a leading
 * apostrophe, so Excel and LibreOffice show it as text (CSV injection; a tab prefix alone is not enough).
 * E.164 phones ('+46…') are prefixed too: one rule for every cell, no guessing which '+' is harmless.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r\0]/.test(cell) ? `'${cell}` : cell;
}

/**
 * The newsletter export (spec 001 §2 'Newsletter tab'): a UTF-8 BOM (so Excel reads å, ä, ö), the header
 * row e-post,telefon,gdpr,prenumererade, then one row per subscriber: e-mail, phone (E.164 or empty),
 * GDPR 'ja'/'nej', and the date the address first subscribed (yyyy-MM-dd, Swedish time). Comma-separated,
 * CRLF line ends (RFC 4180), every cell neutralised against formula injection.
 */
export function subscribersCsv(rows: readonly DbSubscriberRow[]): string {
  const records = rows.map((r) => [r.email, r.phone.trim(), r.gdpr_consent ? 'ja' : 'nej', swedishDate(r.created_at)]);
  return stringify([[...SUBSCRIBER_CSV_HEADER], ...records], {
    bom: true,
    record_delimiter: 'windows',
    // Set explicitly: with a custom record_delimiter csv-stringify would otherwise not quote a lone \n or \r.
    quote_record_delimiter: true,
    cast: { string: (value) => neutraliseFormula(value) },
  });
}
