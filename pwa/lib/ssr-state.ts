import type { DehydratedState } from '@tanstack/react-query';
import { jsonScriptText } from '../../api/contract/seo';
import { ApiError } from './api-client';

/** The id of the page's data block that carries the server's render state (docs/ssr.md). */
export const SSR_STATE_ID = 'vinpressen-ssr';

/** What the server hands the browser with a rendered page (pwa/entry-server.tsx SsrState). */
export interface SsrState {
  origin: string;
  queries: DehydratedState;
}

/**
 * The server's render state from the page's `<script type="application/json" id="vinpressen-ssr">` (a data block, not
 * run, so the Content-Security-Policy needs no inline scripts), or undefined in the app shell.
 */
export function readSsrState(): SsrState | undefined {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    return reviveErrors(JSON.parse(text) as SsrState);
  } catch {
    return undefined;
  }
}

/**
 * `state` with each failed read's error an ApiError again (JSON keeps its status, body and name), so the page shows
 * the same 'not found' in the browser as on the server.
 */
export function reviveErrors(state: SsrState): SsrState {
  for (const query of state.queries.queries) {
    const error = query.state.error as { name?: unknown; status?: unknown; body?: unknown } | null;
    if (error && error.name === 'ApiError' && typeof error.status === 'number') {
      query.state.error = new ApiError(error.status, error.body ?? null, JSON.stringify(error.body ?? null));
    }
  }
  return state;
}

/**
 * `state` as the text of that data block: JSON with '<', '>', '&' and U+2028/2029 written as \u escapes, so that no
 * value (a wine's name, a review) can end the block or open another tag.
 */
export function serializeSsrState(state: SsrState): string {
  return jsonScriptText(state);
}

let fromServer = false;

/** Whether this page came rendered by the server (pwa/main.tsx hydrated it), so its HTML was shown before any script ran. */
export function pageCameFromServer(): boolean {
  return fromServer;
}

/** Called once by pwa/main.tsx when it hydrates a server-rendered page. */
export function markPageFromServer(): void {
  fromServer = true;
}
