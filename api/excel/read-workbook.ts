import { Worker } from 'node:worker_threads';
import type { CellValue } from './columns';
import { tooComplex, unreadable } from './errors';

// Runs SheetJS in a worker thread (parse-worker.mjs) so a large workbook never blocks the API's event loop, with
// memory limits and a time limit so a hostile one cannot take the process down (design/stack.md 'SheetJS').

/** A sheet row as Excel numbers it (the header is row 1) and its cells from column A on. */
export type SheetRow = [row: number, cells: CellValue[]];

/** Limits of one parse. */
export interface ParseLimits {
  /** Most rows read, header included (Excel row numbers 1…maxRows); a value further down refuses the file. */
  maxRows: number;
  /** Columns read from A on; the template has 18, anything further right is ignored. */
  maxColumns: number;
  /** Time the worker may take (ms) before it is stopped. */
  timeoutMs: number;
  /** The worker's V8 heap (MB). A 10 MB, 40,000-row workbook peaks at about 400 MB. */
  maxHeapMb: number;
}

/** 40,000 wines fit in a 10 MB file (spec 001 §9 and the benchmark); 50,000 rows leave room. */
export const DEFAULT_PARSE_LIMITS: ParseLimits = { maxRows: 50_001, maxColumns: 64, timeoutMs: 45_000, maxHeapMb: 1536 };

/** Rows per message from the worker: each message is copied into the main thread in well under a millisecond per 100 rows. */
const CHUNK_ROWS = 1000;
/** Workbooks parsed at the same time by this process; more uploads wait their turn (each parse may use ~0.5 GB). */
const MAX_PARALLEL_PARSES = 2;

const WORKER_URL = new URL('./parse-worker.mjs', import.meta.url);

let running = 0;
const waiting: (() => void)[] = [];

async function acquire(): Promise<void> {
  if (running < MAX_PARALLEL_PARSES) {
    running++;
    return;
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

type WorkerMessage =
  | { type: 'rows'; rows: SheetRow[] }
  | { type: 'done'; sheetName: string | null; truncated: boolean }
  | { type: 'error'; message: string };

/**
 * Parses `bytes` (an .xlsx or .xls already checked by container.ts) in a worker: only the first sheet, only
 * `maxRows` rows and `maxColumns` columns, dense mode, no formulas/styles/HTML.
 * @returns the non-empty rows with their Excel row numbers, and the first sheet's name
 * @throws ExcelFileError unreadable (SheetJS cannot read it), tooComplex (more than maxRows rows, over the time or
 *   memory limit)
 */
export async function readFirstSheet(bytes: Buffer, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<{ sheetName: string | null; rows: SheetRow[] }> {
  await acquire();
  try {
    return await new Promise((resolve, reject) => {
      const rows: SheetRow[] = [];
      let settled = false;
      // A copy the worker owns; transferring it leaves the caller's buffer untouched.
      const copy = new Uint8Array(bytes);
      const worker = new Worker(WORKER_URL, {
        workerData: { bytes: copy, maxRows: limits.maxRows, maxColumns: limits.maxColumns, chunkRows: CHUNK_ROWS },
        transferList: [copy.buffer],
        resourceLimits: { maxOldGenerationSizeMb: limits.maxHeapMb, maxYoungGenerationSizeMb: 64, stackSizeMb: 8 },
        stdout: true,
        stderr: true,
      });
      // SheetJS may print warnings: read and dropped, never mixed into the API's JSON log.
      worker.stdout.resume();
      worker.stderr.resume();
      const finish = (err: Error | null, value?: { sheetName: string | null; rows: SheetRow[] }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        if (err) reject(err);
        else resolve(value!);
      };
      const timer = setTimeout(() => finish(tooComplex()), limits.timeoutMs);
      worker.on('message', (msg: WorkerMessage) => {
        if (msg.type === 'rows') {
          for (const row of msg.rows) rows.push(row);
        } else if (msg.type === 'done') {
          finish(msg.truncated ? tooComplex() : null, { sheetName: msg.sheetName, rows });
        } else {
          finish(unreadable());
        }
      });
      // ERR_WORKER_OUT_OF_MEMORY and anything else that kills the worker.
      worker.on('error', (err: Error & { code?: string }) => finish(err.code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError ? tooComplex() : unreadable()));
      worker.on('exit', () => finish(unreadable()));
    });
  } finally {
    release();
  }
}
