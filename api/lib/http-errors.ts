/** An error with an HTTP status and a stable code, rendered as the one JSON error shape (api/contract/errors.ts). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 404 with code `${what}_not_found` and a Swedish message. */
export const notFound = (what: string, message: string) => new HttpError(404, `${what}_not_found`, message);
/** 400 with code `bad_request`. */
export const badRequest = (message: string, details?: { path: string; message: string }[]) =>
  new HttpError(400, 'validation_failed', message, details);
/** 409 with a stable code. */
export const conflict = (code: string, message: string) => new HttpError(409, code, message);
