import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { scheduleCatalogueSync } from './lib/catalogue/schedule';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);

// A new build is activated only while no tab pushes a partner's queued changes. The outbox's activity module is
// fetched when the reader chooses 'Uppdatera', not with the start page.
registerServiceWorker({ whilePaused: async (activate) => (await import('./features/partner/outbox/activity')).whileOutboxPaused(activate) });
// The device's catalogue copy (offline search, 'Liknande viner') is refreshed in the background after the page shows.
scheduleCatalogueSync();
