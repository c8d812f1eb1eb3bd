import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { smallButtonClass } from '../../components/ui/classes';
import { OFFLINE_TEXT } from '../../lib/error-text';
import { BackToPortal } from './partner-ui';

/**
 * 'Kunde inte ladda vin' (spec 001 §8): the wine of the form or the submit page could not be read. A 404 (no
 * such wine, or another partner's) says the wine is missing or not permitted; other failures give the server's
 * message and a retry. `missing`: the wines list was read and this wine is not among the partner's (a 404 too).
 */
export function WineLoadFailed({ error, onRetry, missing = false }: { error: unknown; onRetry: () => void; missing?: boolean }) {
  const notFound = missing || (error instanceof ApiError && (error.status === 404 || error.status === 403));
  const detail = notFound
    ? M.wineNotFound
    : isNetworkError(error)
      ? OFFLINE_TEXT
      : (error instanceof ApiError && error.serverMessage) || M.fetchWineFailed;
  return (
    <div>
      <BackToPortal />
      <div role="alert" className="mt-4 max-w-2xl border border-wine bg-wine-light/40 p-5">
        <h1 className="text-2xl font-black sm:text-3xl">{M.loadWineFailed}</h1>
        <p className="mt-2 font-sans text-ink">{detail}</p>
        {!notFound && (
          <button type="button" className={`${smallButtonClass} mt-4`} onClick={onRetry}>
            Försök igen
          </button>
        )}
      </div>
    </div>
  );
}
