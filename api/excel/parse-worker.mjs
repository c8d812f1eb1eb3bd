// @ts-check
// Parses one Excel workbook off the main thread, with dense: true (a cell at XFD1048576 would
// otherwise explode memory). Started by read-workbook.ts with
// resourceLimits and a timeout; plain JavaScript so that it runs the same under tsx, vitest and node.
//
// workerData: { bytes: Uint8Array, maxRows: number, maxColumns: number, chunkRows: number }
// Messages out: { type: 'rows', rows: [rowNumber, cells[]][] } (chunks of chunkRows, rows as Excel numbers them),
// then { type: 'done', sheetName, truncated } — or { type: 'error', message } when SheetJS cannot read the file.
// After the first chunk, each further one is sent when the main thread asks with 'next': Node delivers every queued
// message in one turn of the main thread's event loop, so forty chunks sent at once would stall it for ~300 ms.
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

const { bytes, maxRows, maxColumns, chunkRows } = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/**
 * A cell as a plain value: text, number, boolean, or null for empty and error cells (#N/A, #DIV/0!).
 * @param {import('@e965/xlsx').CellObject | undefined} cell
 * @returns {string | number | boolean | null}
 */
function cellValue(cell) {
  if (!cell || cell.v === undefined || cell.v === null) return null;
  if (cell.t === 'e' || cell.t === 'z') return null;
  if (cell.t === 'd') return cell.v instanceof Date ? cell.v.toISOString() : String(cell.v);
  const v = cell.v;
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : String(v);
}

/** Reads the workbook and posts its first sheet's rows. */
function main() {
  let workbook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      // Only the first sheet, only the first maxRows + 1 rows (+1 tells a longer sheet from one of exactly maxRows).
      sheets: 0,
      sheetRows: maxRows + 1,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellStyles: false,
      cellNF: false,
      cellDates: false,
      bookVBA: false,
      bookDeps: false,
      WTF: false,
    });
  } catch (err) {
    port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
    return;
  }

  const sheetName = workbook.SheetNames[0] ?? null;
  const sheet = sheetName === null ? undefined : workbook.Sheets[sheetName];
  /** @type {(import('@e965/xlsx').CellObject[] | undefined)[]} */
  const data = sheet?.['!data'] || [];
  let truncated = false;
  /** @type {[number, (string | number | boolean | null)[]][][]} */
  const chunks = [];
  /** @type {[number, (string | number | boolean | null)[]][]} */
  let chunk = [];
  // Loops bounded by maxRows and maxColumns: a lone cell at XFD1048576 costs nothing, not a million rows of sixteen
  // thousand columns (SheetJS keeps such far-off rows and cells as holes of sparse arrays).
  const rowCount = Math.min(data.length, maxRows + 1);
  for (let r = 0; r < rowCount; r++) {
    const cells = data[r];
    if (!cells) continue;
    const columnCount = Math.min(cells.length, maxColumns);
    /** @type {(string | number | boolean | null)[]} */
    const out = [];
    let last = -1;
    for (let c = 0; c < columnCount; c++) {
      const v = cellValue(cells[c]);
      out.push(v);
      if (v !== null) last = c;
    }
    if (last < 0) continue;
    if (r >= maxRows) {
      truncated = true;
      break;
    }
    out.length = last + 1;
    chunk.push([r + 1, out]);
    if (chunk.length >= chunkRows) {
      chunks.push(chunk);
      chunk = [];
    }
  }
  if (chunk.length) chunks.push(chunk);
  workbook = undefined; // the parsed workbook is no longer needed while the rows are handed over
  const sendNext = () => {
    const rows = chunks.shift();
    if (rows) port.postMessage({ type: 'rows', rows });
    else {
      port.postMessage({ type: 'done', sheetName, truncated });
      port.close();
    }
  };
  port.on('message', (msg) => {
    if (msg === 'next') sendNext();
  });
  sendNext();
}

main();
