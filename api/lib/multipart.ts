import { Writable } from 'node:stream';
import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type { AppContext, AppState } from '../app-context';
import { HttpError } from './http-errors';

/** Formidable's error codes (formidable/src/FormidableError.js) that get a message of their own. */
const FORMIDABLE_TOO_LARGE = new Set([1009, 1016]); // biggerThanTotalMaxFileSize, biggerThanMaxFileSize
const FORMIDABLE_MAX_FILES = 1015;
const FORMIDABLE_EMPTY_FILE = new Set([1008, 1010]); // smallerThanMinFileSize, noEmptyFiles

export interface SingleFileUploadOptions {
  /** The multipart field that carries the file. */
  field: string;
  /** Largest file, bytes. */
  maxBytes: number;
  /** What the body may carry besides the file (boundaries, part headers, small fields), bytes. */
  overheadBytes: number;
  /** Swedish messages: over the limit (413), more than one file, no file, an empty file, an unreadable body (400). */
  messages: { tooLarge: string; onlyOne: string; missing: string; unreadable: string };
  /** The error code of an empty file (default 'validation_failed'). */
  emptyCode?: string;
}

/**
 * One file uploaded as multipart/form-data, held in memory and never in a temporary file (images, the partner Excel
 * upload). `middleware` refuses a body whose declared length is over the limit before reading any of it (413), then
 * parses with koa-body/formidable for this route only (the app's body parser reads JSON alone), counting the streamed
 * bytes so a chunked body is cut off at the limit too. `readFile(ctx)` answers the file's bytes and name.
 * @throws from the middleware: HttpError 413 (too large), 400 (more than one file, empty, unreadable);
 *   from readFile: 400 'too_many_files' or 'validation_failed' (no file in `field`), 413
 */
export function singleFileUpload(opts: SingleFileUploadOptions) {
  const { field, maxBytes, messages } = opts;
  const tooLarge = () => new HttpError(413, 'payload_too_large', messages.tooLarge);
  const received = new WeakMap<object, { chunks: Buffer[]; bytes: number }>();

  const refuseOversized: Middleware<AppState, AppContext> = async (ctx, next) => {
    if (Number(ctx.get('Content-Length') || 0) > maxBytes + opts.overheadBytes) throw tooLarge();
    await next();
  };

  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      maxFiles: 1,
      maxFileSize: maxBytes,
      maxTotalFileSize: maxBytes,
      maxFields: 10,
      maxFieldsSize: 16 * 1024,
      allowEmptyFiles: false,
      fileWriteStreamHandler: (file?: object) => {
        const state = { chunks: [] as Buffer[], bytes: 0 };
        if (file) received.set(file, state);
        return new Writable({
          write(chunk: Buffer, _encoding, callback) {
            state.bytes += chunk.length;
            if (state.bytes > maxBytes) return callback(tooLarge());
            state.chunks.push(chunk);
            callback();
          },
        });
      },
    },
    onError: (err) => {
      const e = err as Error & { code?: number; httpCode?: number; status?: number };
      if (err instanceof HttpError) throw err;
      if (e.code === FORMIDABLE_MAX_FILES) throw new HttpError(400, 'too_many_files', messages.onlyOne);
      if (FORMIDABLE_TOO_LARGE.has(e.code ?? 0) || e.httpCode === 413 || e.status === 413) throw tooLarge();
      if (FORMIDABLE_EMPTY_FILE.has(e.code ?? 0)) throw new HttpError(400, opts.emptyCode ?? 'validation_failed', messages.missing);
      throw new HttpError(400, 'bad_request', messages.unreadable);
    },
  }) as unknown as Middleware<AppState, AppContext>;

  function readFile(ctx: { request: unknown }): { bytes: Buffer; name: string } {
    const files = (ctx.request as { files?: Record<string, object | object[]> }).files ?? {};
    if (Object.keys(files).length > 1 || Array.isArray(files[field])) throw new HttpError(400, 'too_many_files', messages.onlyOne);
    const file = files[field] as { originalFilename?: string | null } | undefined;
    const state = file && received.get(file);
    if (!file || !state) throw new HttpError(400, 'validation_failed', messages.missing, [{ path: `body.${field}`, message: messages.missing }]);
    const bytes = Buffer.concat(state.chunks);
    if (bytes.length > maxBytes) throw tooLarge();
    return { bytes, name: file.originalFilename ?? '' };
  }

  return { middleware: [refuseOversized, parse] as const, readFile };
}
