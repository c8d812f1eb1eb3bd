import { stringify } from 'csv-stringify/sync';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { SUBSCRIBER_CSV_HEADER } from '../contract/admin-newsletter';
import { swedishDate } from '../contract/dates';
import type { DbSubscriberRow } from '../queries/admin-newsletter';

/**
 * A cell that a spreadsheet would run as a formula (it starts with = + - @, a tab, CR or NUL) gets a leading
 * apostrophe, so Excel and LibreOffice show it as text (CSV injection; a tab prefix alone is not enough).
 * The phone column is written so that it never needs this (csvPhone), so only hostile or odd cells carry it.
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r\0]/.test(cell) ? `'${cell}` : cell;
}

/**
 * A stored phone number (E.164, '+46701234567') as a Swede dials it from Sweden, which no spreadsheet reads as
 * a formula or a number: Swedish numbers in the national format ('070-123 45 67', '08-123 45 67'), foreign ones
 * with Sweden's international prefix 00 ('00 47 98 76 54 32'). The leading 0 and the spaces keep Excel from
 * taking it for a formula (no '+') or a number (no lost leading zero). A value that is not a valid number is
 * returned as stored and left to neutraliseFormula; empty stays empty.
 */
export function csvPhone(stored: string): string {
  const value = stored.trim();
  if (!value) return '';
  const phone = parsePhoneNumberFromString(value);
  return phone?.isValid() ? phone.format('IDD', { fromCountry: 'SE' }) : value;
}

/**
 * The newsletter export (spec 001 §2 'Newsletter tab') as Swedish Excel opens it in columns by a double click:
 * a UTF-8 BOM (so Excel reads å, ä, ö), semicolons between cells (the list separator of Swedish Windows, where
 * the decimal comma takes the comma), CRLF line ends, a cell holding ; " or a line break quoted (RFC 4180).
 * The header row e-post;telefon;gdpr;prenumererade, then one row per subscriber: e-mail, phone (csvPhone),
 * GDPR 'ja'/'nej', and the date the address first subscribed (yyyy-MM-dd, Swedish time). Every cell is
 * neutralised against formula injection (neutraliseFormula).
 */
export function subscribersCsv(rows: readonly DbSubscriberRow[]): string {
  const records = rows.map((r) => [r.email, csvPhone(r.phone), r.gdpr_consent ? 'ja' : 'nej', swedishDate(r.created_at)]);
  return stringify([[...SUBSCRIBER_CSV_HEADER], ...records], {
    bom: true,
    delimiter: ';',
    record_delimiter: 'windows',
    // Set explicitly: with a custom record_delimiter csv-stringify would otherwise not quote a lone \n or \r.
    quote_record_delimiter: true,
    cast: { string: (value) => neutraliseFormula(value) },
  });
}
