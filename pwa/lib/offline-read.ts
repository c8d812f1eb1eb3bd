import { isNetworkError } from './api-client';

/**
 * Network first, IndexedDB second: returns `fetchFresh()` as soon as it answers and stores it with `save` in the
 * background (the answer never waits for the device); when the network is unreachable, returns the stored copy from
 * `loadSaved()` instead (offline reading; README 'Offline drafts').
 * @throws the network error when there is no stored copy, and any HTTP error (ApiError) as it is.
 */
export async function readThrough<T>(opts: {
  fetchFresh: () => Promise<T>;
  save: (value: T) => Promise<unknown>;
  loadSaved: () => Promise<T | undefined>;
}): Promise<T> {
  let fresh: T;
  try {
    fresh = await opts.fetchFresh();
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const saved = await opts.loadSaved().catch(() => undefined);
    if (saved === undefined) throw err;
    return saved;
  }
  // The server renders pages with the answers but keeps nothing (the device database is the browser's).
  if (typeof window === 'undefined') return fresh;
  // Storage can fail (private mode, quota): reading must still work.
  opts.save(fresh).catch(() => {});
  return fresh;
}

/**
 * The device database (pwa/lib/db.ts), imported on first use: Dexie is 45 KB of JS gzip, and the start page needs
 * it only to keep what it has shown (after showing it) or to read when offline, never to draw its first screen
 * (README 'Benchmarks').
 */
export function loadDeviceDb(): Promise<typeof import('./db').db> {
  return import('./db').then((m) => m.db);
}
