/**
 * Whether the outbox is pushing right now ("the update prompt never activates a new build during a push").
 * Tiny on purpose, and apart from the outbox: pwa/main.tsx has the service-worker registration import it when the
 * reader chooses 'Uppdatera' (not with the start page), without pulling in the outbox.
 */
let inFlight: Promise<void> | null = null;

/** The Web Lock a push holds in every tab (README 'Offline drafts'): one tab at a time pushes. */
export const OUTBOX_LOCK_NAME = 'vinpressen-outbox';

/** Marks a push as running until `work` settles; returns `work`'s result. */
export async function trackPush<T>(work: () => Promise<T>): Promise<T> {
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  inFlight = mine;
  try {
    return await work();
  } finally {
    done();
    if (inFlight === mine) inFlight = null;
  }
}

/** Resolves when no push is in flight in this tab (at once when idle). */
export async function whenOutboxIdle(): Promise<void> {
  while (inFlight) await inFlight;
}

/**
 * Runs `work` while no tab can push: after this tab's push is done, holding the outbox's Web Lock (where the browser
 * has Web Locks), so a new build is never activated in the middle of a push in any tab (README 'Offline drafts').
 * `work` must settle; it is given at most `timeoutMs` before the lock is let go anyway.
 */
export async function whileOutboxPaused(work: () => Promise<void>, timeoutMs = 10_000): Promise<void> {
  await whenOutboxIdle();
  const bounded = () => Promise.race([work(), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(OUTBOX_LOCK_NAME, bounded);
  else await bounded();
}
