import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'pino';

/**
 * The request being served, across every callback and promise it starts (set by the request-context middleware).
 * Node runs the process's 'unhandledRejection' and 'uncaughtException' listeners in the failing code's async
 * context, so the fatal log line below can name the request.
 */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** The id of the request whose code is running (X-Request-Id), or undefined outside a request. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/**
 * The process's policy for the unexpected (README 'Running in production'): an unhandled promise rejection or an
 * uncaught exception leaves the process in a state nobody reasoned about, so it is logged at fatal level (with the
 * request id when it happened inside a request), the log is flushed, `beforeExit` runs (synchronous only: e.g. ask
 * the embedded Postgres to shut down), and the process exits with code 1 for its supervisor to start a fresh one.
 * A second failure while this runs changes nothing. Returns a function that removes the listeners.
 */
export function exitOnUnexpected(opts: { log: Logger; flush: () => void; beforeExit?: () => void }): () => void {
  let exiting = false;
  const handler = (event: 'unhandledRejection' | 'uncaughtException') => (reason: unknown) => {
    if (exiting) return;
    exiting = true;
    try {
      opts.log.fatal({ err: reason, reqId: currentRequestId(), event }, `${event}: exiting so that the supervisor restarts the process`);
    } catch {
      // Nothing more can be said.
    }
    try {
      opts.beforeExit?.();
    } catch {
      // Exit anyway.
    }
    try {
      opts.flush();
    } catch {
      // Exit anyway.
    }
    process.exit(1);
  };
  const onRejection = handler('unhandledRejection');
  const onException = handler('uncaughtException');
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
