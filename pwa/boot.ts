// Starts the app on a page the server rendered (docs/ssr.md 'After the first paint'; a build entry of its own,
// vite.config.ts). The page reads without JavaScript, so its script waits for the first paint: on a slow phone the
// stylesheet, the fonts and the first picture then have the connection to themselves, and the wines show sooner. The
// server names the modules in <meta name="vinpressen-modules">: the app's entry first, then the chunks it and the
// page import, preloaded together. Nothing is imported here: the file stays a few hundred bytes.
const modules = (document.querySelector('meta[name="vinpressen-modules"]')?.getAttribute('content') ?? '')
  .split(' ')
  .filter((href) => href.startsWith('/assets/') && href.endsWith('.js'));
const [entry, ...chunks] = modules;

/**
 * Preloads the chunks together, then imports the entry, which evaluates them in its own order and takes the page over.
 * (Not one chunk per task: the chunks import each other in cycles through the entry, so only the entry's order works.)
 */
function start(entry: string): void {
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  void import(/* @vite-ignore */ entry);
}

if (entry) {
  // Starting: the end-to-end tests wait for 'ready' (pwa/main.tsx) on a page that says so (e2e/support/db.ts).
  document.documentElement.dataset.app = 'starting';
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    start(entry);
  };
  // requestAnimationFrame runs just before the first frame is drawn, the timeout right after it; a page opened in a
  // background tab draws no frame, so it starts after a while anyway.
  requestAnimationFrame(() => setTimeout(go, 0));
  setTimeout(go, 2000);
}

// A module of its own (its names are not globals).
export {};
