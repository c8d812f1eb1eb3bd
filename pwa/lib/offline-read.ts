import { isNetworkError } from './api-client';

/**
 * Network first, IndexedDB second: returns `fetchFresh()` and stores it with `save`; when the network is
 * unreachable, returns the stored copy from `loadSaved()` instead (offline reading; README 'Offline drafts').
 * @throws the network error when there is no stored copy, and any HTTP error (ApiError) as it is.
 */
export async function readThrough<T>(opts: {
  fetchFresh: () => Promise<T>;
  save: (value: T) => Promise<unknown>;
  loadSaved: () => Promise<T | undefined>;
}): Promise<T> {
  try {
    const fresh = await opts.fetchFresh();
    // Storage can fail (private mode, quota): reading must still work.
    await opts.save(fresh).catch(() => {});
    return fresh;
  } catch (err) {
    if (!isNetworkError(err)) throw err;
    const saved = await opts.loadSaved().catch(() => undefined);
    if (saved === undefined) throw err;
    return saved;
  }
}
