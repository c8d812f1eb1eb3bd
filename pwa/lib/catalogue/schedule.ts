import { afterLoadIdle } from '../after-load';

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
  afterLoadIdle(run);
  window.addEventListener('online', run);
}
