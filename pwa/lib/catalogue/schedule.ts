/** How long after the page's load (and the browser's next idle moment) the catalogue copy is refreshed: ms. */
const AFTER_LOAD_MS = 3000;

/**
 * Keeps the device's catalogue copy fresh (pwa/lib/catalogue/sync.ts) without touching the first paint: once per
 * start, a few seconds after the page has loaded and the browser is idle, and again whenever the connection comes
 * back. The refresh code (and Dexie) is imported only then, so it never joins the start page's first load
 * (README 'Benchmarks'). Called once from pwa/main.tsx.
 */
export function scheduleCatalogueSync(): void {
  const run = () => {
    if (navigator.onLine) import('./sync').then((m) => m.syncCatalogue()).catch(() => {});
  };
  const afterLoad = () =>
    setTimeout(() => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 10_000 }) : run()), AFTER_LOAD_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  window.addEventListener('online', run);
}
