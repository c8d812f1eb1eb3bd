import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { BulkUploadResult } from '../contract/partner';
import { BULK_UPLOAD_EXTENSIONS, PARTNER_MESSAGES as M } from '../contract/partner-rules';
import type { PartnerWineInput } from '../contract/partner';
import { checkRow, isEmptyRow, readHeader, rowName, rowToInput } from './columns';
import { detectContainer, inspectXlsx, DEFAULT_ZIP_LIMITS, type ZipLimits } from './container';
import { ExcelFileError, wrongType } from './errors';
import { DEFAULT_PARSE_LIMITS, readFirstSheet, type ParseLimits } from './read-workbook';

// The partner's Excel upload from bytes to saved drafts (spec 001 §2 'Bulk-upload', §3 'Bulk upload result', §4
// "new wines (single or bulk) are created as draft", §5, §7; issue 7).

/** Rows validated between two turns of the event loop (≈ 10–20 ms of zod work). */
const CHECK_CHUNK_ROWS = 250;
/** Rows per INSERT statement: 22 columns × 500 = 11,000 parameters, well under Postgres' 65,535. */
const INSERT_CHUNK_ROWS = 500;

/** Lets other requests run between two chunks of synchronous work. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The limits of one import; tests and the benchmark may pass smaller or larger ones. */
export interface ImportLimits {
  zip: ZipLimits;
  parse: ParseLimits;
}
export const DEFAULT_IMPORT_LIMITS: ImportLimits = { zip: DEFAULT_ZIP_LIMITS, parse: DEFAULT_PARSE_LIMITS };

/** True when `fileName` ends in .xlsx or .xls, case-insensitive (spec 001 §5). */
export function hasExcelExtension(fileName: string): boolean {
  const lower = fileName.trim().toLowerCase();
  return BULK_UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

/** How long each step took (ms), for the benchmark and the log. */
export interface ImportTimings {
  inspectMs: number;
  parseMs: number;
  checkMs: number;
  insertMs: number;
}

interface ValidRow {
  row: number;
  name: string;
  wine: PartnerWineInput;
  id: string;
}

/** One partner wine draft as the wines table stores it (snake_case columns). */
function toColumns(v: ValidRow, ownerUserId: string): Record<string, unknown> {
  const w = v.wine;
  return {
    id: v.id,
    name: w.name,
    description: w.description,
    price: w.price,
    rating: w.rating,
    vintage: w.vintage,
    country: w.country,
    region: w.region,
    grape_variety: w.grapeVariety,
    alcohol_content: w.alcoholContent,
    systembolaget_url: w.systembolagetUrl,
    image_url: w.imageUrl,
    sweetness: w.sweetness,
    acidity: w.acidity,
    body: w.body,
    tannins: w.tannins,
    fruity: w.fruity,
    food_pairings: w.foodPairings,
    occasions: w.occasions,
    source: 'partner',
    approval_status: 'draft',
    owner_user_id: ownerUserId,
  };
}

/**
 * Reads an uploaded Excel file and saves its valid rows as draft wines owned by `ownerUserId`:
 * 1. the name must end in .xlsx/.xls and the content be a zip or an OLE compound file (else wrongType);
 * 2. an .xlsx's zip is inspected before parsing (entries, names, real unpacked size: container.ts);
 * 3. the first sheet is parsed in a worker thread (read-workbook.ts); its first non-empty row is the header
 *    (Namn*, Beskrivning*, Pris (kr)* required), every later non-empty row a wine, numbered as Excel shows it;
 * 4. each row is checked with PartnerWineInput (the partner form's schema) in chunks, yielding to the event loop;
 * 5. all valid rows are inserted in ONE transaction by multi-row INSERTs (source 'partner', status 'draft'), so a
 *    failure saves none of them.
 * @returns the spec's result: totalRows, successCount, failureCount, successful [{row, name, id}], failed [{row,
 *   name, error}] with each error in Swedish and prefixed by its column ('Pris: …')
 * @throws ExcelFileError when the file as a whole is refused (nothing is saved then)
 */
export async function importPartnerWines(
  db: Knex,
  ownerUserId: string,
  file: { name: string; bytes: Buffer },
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
  timings?: ImportTimings,
): Promise<BulkUploadResult> {
  let t = performance.now();
  const lap = (key: keyof ImportTimings) => {
    const now = performance.now();
    if (timings) timings[key] = Math.round(now - t);
    t = now;
  };

  if (!hasExcelExtension(file.name)) throw wrongType();
  const container = detectContainer(file.bytes);
  if (!container) throw wrongType();
  if (container === 'zip') await inspectXlsx(file.bytes, limits.zip);
  lap('inspectMs');

  const { rows } = await readFirstSheet(file.bytes, limits.parse);
  lap('parseMs');

  const [header, ...rest] = rows.filter(([, cells]) => !isEmptyRow(cells));
  if (!header) throw new ExcelFileError('empty', M.fileEmpty);
  const { columns, missing } = readHeader(header[1]);
  if (missing.length) throw new ExcelFileError('headersMissing', M.headersMissing(missing.join(', ')));
  if (rest.length === 0) throw new ExcelFileError('empty', M.fileEmpty);

  const valid: ValidRow[] = [];
  const failed: BulkUploadResult['results']['failed'] = [];
  for (let i = 0; i < rest.length; i += CHECK_CHUNK_ROWS) {
    if (i > 0) await yieldToEventLoop();
    for (const [row, cells] of rest.slice(i, i + CHECK_CHUNK_ROWS)) {
      const input = rowToInput(cells, columns);
      const checked = checkRow(input);
      if (checked.ok) valid.push({ row, name: checked.wine.name, wine: checked.wine, id: randomUUID() });
      else failed.push({ row, name: rowName(input), error: checked.error });
    }
  }
  lap('checkMs');

  if (valid.length) {
    await db.transaction(async (trx) => {
      for (let i = 0; i < valid.length; i += INSERT_CHUNK_ROWS) {
        await trx('wines').insert(valid.slice(i, i + INSERT_CHUNK_ROWS).map((v) => toColumns(v, ownerUserId)));
      }
    });
  }
  lap('insertMs');

  return {
    results: {
      totalRows: rest.length,
      successCount: valid.length,
      failureCount: failed.length,
      successful: valid.map((v) => ({ row: v.row, name: v.name, id: v.id })),
      failed,
    },
  };
}
