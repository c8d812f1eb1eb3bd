/**
 * Whether the outbox is pushing right now (issue 8: "the update prompt never activates a new build during a push").
 * Tiny on purpose: the service-worker registration on the start page imports it without pulling in the outbox.
 */
let inFlight: Promise<void> | null = null;

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

/** True while a push is in flight in this tab. */
export function isPushing(): boolean {
  return inFlight !== null;
}

/** Resolves when no push is in flight in this tab (at once when idle). */
export async function whenOutboxIdle(): Promise<void> {
  while (inFlight) await inFlight;
}
