/** How long after the page's load (and the browser's next idle moment) deferred work runs: ms. */
export const AFTER_LOAD_MS = 3000;

/**
 * Runs `work` some seconds after the page has loaded, at the browser's next idle moment: for what must never touch the
 * first paint or the first download (README 'Benchmarks'), e.g. refreshing the device's catalogue copy or keeping a
 * server-rendered page's answers on the device.
 */
export function afterLoadIdle(work: () => void): void {
  const afterLoad = () =>
    setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(work, { timeout: 10_000 }) : work()), AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
