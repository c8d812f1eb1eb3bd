import type { Knex } from 'knex';
import type { BulkUploadResult } from '../contract/partner';
import { BULK_UPLOAD_EXTENSIONS, PARTNER_MESSAGES as M } from '../contract/partner-rules';
import type { BulkWineRow } from '../contract/partner';
import { checkRow, fieldLabel, isEmptyRow, isExampleRow, readHeader, rowName, rowToInput, type HeaderMap } from './columns';
import { detectContainer, inspectXlsx, DEFAULT_ZIP_LIMITS, type ZipLimits } from './container';
import { ExcelFileError, wrongType } from './errors';
import { DraftImport } from '../services/partner-import';
import { DEFAULT_PARSE_LIMITS, sheetRowChunks, type ParseLimits } from './read-workbook';

// The partner's Excel upload from bytes to saved drafts (spec 001 §2 'Bulk-upload', §3 'Bulk upload result', §4
// "new wines (single or bulk) are created as draft", §5, §7).

/** Longest stretch of synchronous row checking (ms) before other requests get a turn of the event loop. */
const CHECK_SLICE_MS = 15;
/** Rows per INSERT statement: 22 columns × 250 = 5,500 parameters, well under Postgres' 65,535. */
const INSERT_CHUNK_ROWS = 250;

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
  wine: BulkWineRow;
}

/**
 * Reads an uploaded Excel file and saves its valid rows as draft wines owned by `ownerUserId`:
 * 1. the name must end in .xlsx/.xls and the content be a zip or an OLE compound file (else wrongType);
 * 2. an .xlsx's zip is inspected before parsing (entries, names, real unpacked size: container.ts);
 * 3. the first sheet is parsed in a worker thread (read-workbook.ts); its first non-empty row is the header
 *    (Namn*, Beskrivning*, Pris (kr)* required), every later non-empty row a wine, numbered as Excel shows it;
 * 4. the rows come from the worker in chunks; each row is checked with PartnerWineInput (the partner form's
 *    schema), in slices of at most 15 ms, yielding to the event loop in between;
 * 4a. the template's example row (a mark in 'Exempelrad', or the example itself: isExampleRow) is skipped, listed in
 *    skippedExamples and counted nowhere; a file with nothing else is refused as empty (M.fileOnlyExample);
 * 5. valid rows are saved as they are checked by DraftImport (api/services/partner-import.ts, on the rulebook of
 *    every partner wine write, api/services/partner-wine-rules.ts): a row with the name, vintage and volume of one of
 *    the partner's drafts updates it, a later row naming the same wine as an earlier one is refused, a row matching
 *    a submitted wine is refused, the others become drafts (random v4 ids, source 'partner', the image rule) in
 *    multi-row INSERTs — all inside ONE transaction holding the partner's import lock, so any failure (a refused file
 *    found late, a database error) saves none. A row the rulebook refuses is reported like a row the schema refuses.
 * @returns the spec's result: totalRows, successCount (= createdCount + updatedCount), createdCount, updatedCount,
 *   failureCount, successful [{row, name, id, action}], failed [{row, name, error}] with each schema error in Swedish
 *   and prefixed by its column ('Pris: …'), skippedExamples [{row, name}]
 * @throws ExcelFileError when the file as a whole is refused (nothing is saved then)
 */
export async function importPartnerWines(
  db: Knex,
  ownerUserId: string,
  file: { name: string; bytes: Buffer },
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
  timings?: ImportTimings,
): Promise<BulkUploadResult> {
  const successful: BulkUploadResult['results']['successful'] = [];
  const failed: BulkUploadResult['results']['failed'] = [];
  const skippedExamples: BulkUploadResult['results']['skippedExamples'] = [];
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

  // The first chunk arrives once the worker has parsed the whole sheet; only then is a transaction opened.
  const chunks = sheetRowChunks(file.bytes, limits.parse);
  try {
    const first = await chunks.next();
    lap('parseMs');
    const timed = { checkMs: 0, insertMs: 0 };

    let columns: HeaderMap | undefined;
    let totalRows = 0;
    await db.transaction(async (trx) => {
      const drafts = await DraftImport.start(trx, ownerUserId);
      let batch: ValidRow[] = [];
      const flush = async () => {
        const t0 = performance.now();
        const outcomes = await drafts.save(batch.map((v) => v.wine));
        outcomes.forEach((outcome, i) => {
          const { row, name } = batch[i]!;
          if ('id' in outcome) successful.push({ row, name, id: outcome.id, action: outcome.action });
          else failed.push({ row, name, error: outcome.field ? `${fieldLabel(outcome.field)}: ${outcome.error}` : outcome.error });
        });
        batch = [];
        timed.insertMs += performance.now() - t0;
      };
      let chunk = first.done ? undefined : first.value;
      while (chunk) {
        // Rows are checked in slices of at most CHECK_SLICE_MS, yielding to the event loop in between (zod is
        // synchronous; the first rows are slower while V8 compiles the schema's code).
        let slice = performance.now();
        for (const [row, cells] of chunk) {
          if (isEmptyRow(cells)) continue;
          if (!columns) {
            const header = readHeader(cells);
            if (header.missing.length) throw new ExcelFileError('headersMissing', M.headersMissing(header.missing.join(', ')));
            columns = header.columns;
            continue;
          }
          const input = rowToInput(cells, columns);
          if (isExampleRow(cells, columns)) {
            skippedExamples.push({ row, name: rowName(input) });
            continue;
          }
          totalRows++;
          const checked = checkRow(input);
          const duplicate = checked.ok ? drafts.claim(row, checked.wine) : undefined;
          if (checked.ok && duplicate) {
            failed.push({ row, name: checked.wine.name, error: duplicate });
          } else if (checked.ok) {
            batch.push({ row, name: checked.wine.name, wine: checked.wine });
          } else {
            failed.push({ row, name: rowName(input), error: checked.error });
          }
          const now = performance.now();
          if (now - slice >= CHECK_SLICE_MS) {
            timed.checkMs += now - slice;
            if (batch.length >= INSERT_CHUNK_ROWS) await flush();
            await yieldToEventLoop();
            slice = performance.now();
          }
        }
        timed.checkMs += performance.now() - slice;
        if (batch.length >= INSERT_CHUNK_ROWS) await flush();
        await yieldToEventLoop();
        const next = await chunks.next();
        chunk = next.done ? undefined : next.value;
      }
      if (totalRows === 0) throw new ExcelFileError('empty', skippedExamples.length ? M.fileOnlyExample : M.fileEmpty);
      await flush();
    });
    if (timings) {
      timings.checkMs = Math.round(timed.checkMs);
      timings.insertMs = Math.round(timed.insertMs);
    }
    // Rows the rulebook refused were found at their batch's insert, after later rows the schema refused.
    failed.sort((a, b) => a.row - b.row);
    // Each batch saves its updates before its new drafts.
    successful.sort((a, b) => a.row - b.row);
    const createdCount = successful.filter((s) => s.action === 'created').length;
    return {
      results: {
        totalRows,
        successCount: successful.length,
        createdCount,
        updatedCount: successful.length - createdCount,
        failureCount: failed.length,
        successful,
        failed,
        skippedExamples,
      },
    };
  } finally {
    await chunks.return();
  }
}
