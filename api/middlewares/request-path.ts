import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../app-context';
import { HttpError } from '../lib/http-errors';

/** The Swedish message for an address whose %-escapes do not decode to UTF-8 text. */
export const MALFORMED_PATH_MESSAGE = 'Adressen är felaktigt kodad (ogiltig %-kodning).';

/**
 * Refuses a request whose path has bad percent-encoding ('%E0%A4%A', '%ZZ', an overlong '%C0%AF': anything
 * decodeURIComponent refuses) with 400 `bad_request` in the one JSON error shape, for every path — API and pages alike —
 * before the router, the static files or the PWA routes (api/contract/site-routes.ts) try to decode it. Such a path
 * names nothing, and decoding it deeper down threw a URIError (a 500). The query string is not checked: Koa's parser
 * keeps what it cannot decode. Must run inside the error middleware (api/middlewares/errors.ts).
 */
export function rejectMalformedPath(): Middleware<AppState, AppContext> {
  return async (ctx, next) => {
    try {
      decodeURIComponent(ctx.path);
    } catch {
      throw new HttpError(400, 'bad_request', MALFORMED_PATH_MESSAGE);
    }
    await next();
  };
}
