import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { whileOutboxPaused } from './features/partner/outbox/activity';
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

// A new build is activated only while no tab pushes a partner's queued changes.
registerServiceWorker({ whilePaused: whileOutboxPaused });
// The device's catalogue copy (offline search, 'Liknande viner') is refreshed in the background after the page shows.
scheduleCatalogueSync();
