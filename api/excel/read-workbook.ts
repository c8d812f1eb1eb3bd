import { Worker } from 'node:worker_threads';
import type { CellValue } from './columns';
import { tooComplex, unreadable } from './errors';

// Runs SheetJS in a worker thread (parse-worker.mjs) so a large workbook never blocks the API's event loop, with
// memory limits and a time limit so a hostile one cannot take the process down (README 'Partner portal').

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
  /** The worker's V8 heap (MB; at least MIN_WORKER_HEAP_MB). A 10 MB, 40,000-row workbook peaks at about 400 MB. */
  maxHeapMb: number;
}

/** 40,000 wines fit in a 10 MB file (spec 001 §9 and the benchmark); 50,000 rows leave room. */
/**
 * The smallest old-generation heap (MB) a parse worker is given, whatever the limits say: Node 24's V8 needs some
 * to start a worker at all, and below it the whole process dies of a fatal out-of-memory while the worker boots
 * ('GC during deserialization') instead of the worker alone failing.
 */
export const MIN_WORKER_HEAP_MB = 64;

export const DEFAULT_PARSE_LIMITS: ParseLimits = { maxRows: 50_001, maxColumns: 64, timeoutMs: 45_000, maxHeapMb: 1536 };

/** Rows per message from the worker: each message is copied into the main thread in well under a millisecond per 100 rows. */
const CHUNK_ROWS = 500;
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
 * Parses `bytes` (an .xlsx or .xls already checked by container.ts) in a worker — only the first sheet, only
 * `maxRows` rows and `maxColumns` columns, dense mode, no formulas/styles/HTML — and yields its non-empty rows in
 * chunks, with their Excel row numbers. The next chunk is asked for only when the caller wants it, so the caller
 * can validate and save a chunk before the next arrives and never holds the whole sheet (fewer objects for the
 * main thread's garbage collector, whose full pauses would otherwise stall the event loop). Leaving the loop early
 * stops the worker. The time limit covers the whole run.
 * @throws ExcelFileError unreadable (SheetJS cannot read it), tooComplex (more than maxRows rows — reported after
 *   the last chunk —, over the time or memory limit)
 */
export async function* sheetRowChunks(bytes: Buffer, limits: ParseLimits = DEFAULT_PARSE_LIMITS): AsyncGenerator<SheetRow[], void, undefined> {
  await acquire();
  // A copy the worker owns; transferring it leaves the caller's buffer untouched.
  const copy = new Uint8Array(bytes);
  const heapMb = Math.max(MIN_WORKER_HEAP_MB, limits.maxHeapMb);
  const worker = new Worker(WORKER_URL, {
    workerData: { bytes: copy, maxRows: limits.maxRows, maxColumns: limits.maxColumns, chunkRows: CHUNK_ROWS },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: heapMb, maxYoungGenerationSizeMb: Math.min(64, Math.ceil(heapMb / 4)), stackSizeMb: 8 },
    stdout: true,
    stderr: true,
  });
  // SheetJS may print warnings: read and dropped, never mixed into the API's JSON log.
  worker.stdout.resume();
  worker.stderr.resume();

  // What the worker said and the caller has not taken yet; `wake` resolves the caller's wait.
  const inbox: ({ rows: SheetRow[] } | { end: true } | { error: Error })[] = [];
  let wake: (() => void) | undefined;
  let over = false;
  const put = (item: (typeof inbox)[number]) => {
    if (over) return;
    if (!('rows' in item)) over = true;
    inbox.push(item);
    wake?.();
  };
  const timer = setTimeout(() => put({ error: tooComplex() }), limits.timeoutMs);
  worker.on('message', (msg: WorkerMessage) => {
    if (msg.type === 'rows') put({ rows: msg.rows });
    else if (msg.type === 'done') put(msg.truncated ? { error: tooComplex() } : { end: true });
    else put({ error: unreadable() });
  });
  // ERR_WORKER_OUT_OF_MEMORY and anything else that kills the worker.
  worker.on('error', (err: Error & { code?: string }) =>
    put({ error: err.code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError ? tooComplex() : unreadable() }),
  );
  worker.on('exit', () => put({ error: unreadable() }));

  try {
    for (;;) {
      if (!inbox.length) await new Promise<void>((resolve) => (wake = resolve));
      wake = undefined;
      const item = inbox.shift()!;
      if ('error' in item) throw item.error;
      if ('end' in item) return;
      yield item.rows;
      // The caller wants more: ask for the next chunk (see parse-worker.mjs).
      worker.postMessage('next');
    }
  } finally {
    over = true;
    clearTimeout(timer);
    void worker.terminate();
    release();
  }
}

/**
 * The whole first sheet at once (sheetRowChunks collected): for small files and tests.
 * @throws ExcelFileError as sheetRowChunks
 */
export async function readFirstSheet(bytes: Buffer, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  for await (const chunk of sheetRowChunks(bytes, limits)) rows.push(...chunk);
  return rows;
}
