import type { Middleware } from 'koa';
import { ZodError } from 'zod';
import type { AppContext, AppState } from '../app-context';
import { TEXT_MESSAGES } from '../contract/text-rules';
import { HttpError } from '../lib/http-errors';
import { PG_FOREIGN_KEY_VIOLATION, PG_UNIQUE_VIOLATION, type PgError } from '../lib/pg-errors';

/** Postgres error codes that mean the client's input was wrong, never our fault. */
const PG_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  [PG_UNIQUE_VIOLATION]: { status: 409, code: 'conflict', message: 'Det finns redan.' },
  [PG_FOREIGN_KEY_VIOLATION]: { status: 409, code: 'reference_conflict', message: 'Posten hänger ihop med något som saknas eller används.' },
  '23514': { status: 400, code: 'validation_failed', message: 'Ett värde ligger utanför det tillåtna.' },
  '22P02': { status: 400, code: 'validation_failed', message: 'Ett värde har fel format.' },
  '22001': { status: 400, code: 'validation_failed', message: 'Ett värde är för långt.' },
  '22003': { status: 400, code: 'validation_failed', message: 'Ett tal är för stort.' },
  // Text Postgres cannot store: U+0000 in text or jsonb (22P05 untranslatable_character, 22021 character_not_in_repertoire,
  // the invalid byte sequence 0x00). The route validation refuses these first (api/contract/text-rules.ts); this is the net.
  '22P05': { status: 400, code: 'validation_failed', message: TEXT_MESSAGES.forbiddenCharacters },
  '22021': { status: 400, code: 'validation_failed', message: TEXT_MESSAGES.forbiddenCharacters },
};

/**
 * Turns every thrown error into the one JSON error shape (api/contract/errors.ts) with the right status:
 * HttpError as given; ZodError 400; Postgres constraint and bad-text errors 400/409; body-parser errors (malformed
 * JSON 400, too large 413, wrong type 415) as they are; anything else 500 with the request id and no stack.
 * Unknown /api paths get a JSON 404.
 */
export function errorHandler(): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined && (ctx.path === '/api' || ctx.path.startsWith('/api/'))) {
        throw new HttpError(404, 'not_found', 'Adressen finns inte i API:et.');
      }
    } catch (err) {
      const requestId = ctx.requestId;
      let status = 500;
      let code = 'internal_error';
      let message = 'Något gick fel hos oss. Försök igen om en stund.';
      let details: { path: string; message: string }[] | undefined;
      const e = err as Error & { status?: number; expose?: boolean; type?: string } & PgError;
      if (err instanceof HttpError) {
        ({ status, code, message, details } = err);
      } else if (err instanceof ZodError) {
        status = 400;
        code = 'validation_failed';
        details = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        message = details[0]?.message ?? 'Ogiltiga uppgifter.';
      } else if (e.code && PG_CLIENT_ERRORS[e.code]) {
        ({ status, code, message } = PG_CLIENT_ERRORS[e.code]!);
      } else if (e.status && e.status >= 400 && e.status < 500) {
        status = e.status;
        code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
        message =
          status === 413
            ? 'Förfrågan är för stor.'
            : status === 415
              ? 'Fel innehållstyp.'
              : e.type === 'entity.parse.failed'
                ? 'Förfrågan är inte giltig JSON.'
                : 'Felaktig förfrågan.';
      }
      if (status >= 500) ctx.log.error({ err }, 'request failed');
      ctx.status = status;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { error: { code, message, ...(details ? { details } : {}), ...(requestId ? { requestId } : {}) } };
    }
  };
}
