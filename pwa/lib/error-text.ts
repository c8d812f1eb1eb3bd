import { ApiError, isNetworkError } from './api-client';

export const OFFLINE_TEXT = 'Ingen anslutning just nu. Försök igen när du är online.';
export const SERVER_TROUBLE_TEXT = 'Något gick fel hos oss. Försök igen om en stund.';

/**
 * The description of an account error toast. The spec's own wording (`fallback`) fits a refusal of what the
 * reader typed; the server's Swedish message is shown instead for the statuses in `serverMessageFor`
 * (a deactivated account, too many attempts, …), where "check what you typed" would mislead. No connection
 * and server failures say so.
 */
export function accountErrorText(err: unknown, fallback: string, serverMessageFor: readonly number[] = [403, 429]): string {
  if (isNetworkError(err)) return OFFLINE_TEXT;
  if (!(err instanceof ApiError)) return fallback;
  if (err.status >= 500) return SERVER_TROUBLE_TEXT;
  if (serverMessageFor.includes(err.status) && err.serverMessage) return err.serverMessage;
  return fallback;
}

/** The `details` of the API's error shape ({error: {details: [{path, message}]}}), e.g. path 'body.token'. */
export function errorDetails(err: ApiError): { path: string; message: string }[] {
  const details = (err.body as { error?: { details?: unknown } } | null)?.error?.details;
  if (!Array.isArray(details)) return [];
  return details.filter((d): d is { path: string; message: string } => typeof d?.path === 'string' && typeof d?.message === 'string');
}
