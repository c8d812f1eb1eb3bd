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
/** 409 with a stable code (and the fields at fault, if any). */
export const conflict = (code: string, message: string, details?: { path: string; message: string }[]) => new HttpError(409, code, message, details);
/** 401 with code `unauthorized`: nobody is signed in. */
export const unauthorized = (message: string) => new HttpError(401, 'unauthorized', message);
/** 403 with code `forbidden`, or a more specific one ('account_deactivated'). */
export const forbidden = (message: string, code = 'forbidden') => new HttpError(403, code, message);
/** 413 with a stable code: the upload is too large. */
export const payloadTooLarge = (code: string, message: string) => new HttpError(413, code, message);
/** 415 with code `unsupported_media_type`. */
export const unsupportedMediaType = (message: string) => new HttpError(415, 'unsupported_media_type', message);
/** 503 with a stable code: a dependency (the identity provider) is missing or down. */
export const serviceUnavailable = (code: string, message: string) => new HttpError(503, code, message);
