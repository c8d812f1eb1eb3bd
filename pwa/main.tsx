import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { afterLoadIdle } from './lib/after-load';
import { scheduleCatalogueSync } from './lib/catalogue/schedule';
import { SiteOriginProvider } from './lib/page-meta';
import { registerServiceWorker } from './lib/service-worker';
import { markPageFromServer, readSsrState } from './lib/ssr-state';
import './styles.css';

// A public page comes rendered by the server with the answers it was made with (pwa/entry-server.tsx): the browser
// takes it over (hydrates) from the same answers. The app shell (admin, partner and account pages, and every page
// offline through the service worker) has an empty #root: the browser renders it alone.
const ssr = readSsrState();
const root = document.getElementById('root')!;

/**
 * Marks the page as taken over (`<html data-app="ready">`) once the app has rendered or hydrated: a server-rendered
 * page shows before its script runs (pwa/boot.ts), and until then its buttons do nothing. The end-to-end tests wait for
 * it after each page load (e2e/support/db.ts).
 */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <AppProviders queryState={ssr?.queries}>
      <SiteOriginProvider value={ssr?.origin}>
        <AppRouter />
      </SiteOriginProvider>
    </AppProviders>
    <AppReady />
  </StrictMode>
);
if (ssr && root.hasChildNodes()) {
  markPageFromServer();
  // In a transition the browser takes the page over in slices of a few ms, yielding between them, rather than in one
  // long task that blocks a tap on the already visible page (Lighthouse's TBT; README 'Benchmarks').
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else createRoot(root).render(app);

// A new build is activated only while no tab pushes a partner's queued changes. The outbox's activity module is
// fetched when the reader chooses 'Uppdatera', not with the start page.
registerServiceWorker({ whilePaused: async (activate) => (await import('./features/partner/outbox/activity')).whileOutboxPaused(activate) });
// The device's catalogue copy (offline search, 'Liknande viner') is refreshed in the background after the page shows,
// and a server-rendered page's answers are kept on the device for reading it offline later.
scheduleCatalogueSync();
if (ssr) afterLoadIdle(() => void import('./lib/keep-server-answers').then((m) => m.keepServerAnswers(ssr.queries)));
