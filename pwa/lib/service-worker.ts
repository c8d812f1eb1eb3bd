import { Workbox } from 'workbox-window';
import { toast } from './toast';
import { whileOutboxPaused } from './outbox/activity';

/**
 * Registers the service worker with the prompt update flow (README 'Offline drafts'): a new build waits
 * until the reader chooses 'Uppdatera', and is activated only while no tab pushes queued partner changes; the
 * registration is checked for updates every hour.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    toast('En ny version av Vinpressen finns', {
      duration: Infinity,
      action: {
        label: 'Uppdatera',
        // Never in the middle of a push of queued partner changes: wait for it, and hold the outbox's lock
        // until the new build controls the page and the page reloads.
        onClick: () =>
          void whileOutboxPaused(
            () =>
              new Promise<void>((resolve) => {
                wb.addEventListener('controlling', () => {
                  resolve();
                  window.location.reload();
                });
                wb.messageSkipWaiting();
              }),
          ),
      },
    });
  });
  wb.register()
    .then((registration) => {
      if (registration) setInterval(() => void registration.update(), 60 * 60 * 1000);
    })
    // Service workers can be unavailable (disabled, private mode): the site still works online.
    .catch((err: unknown) => console.warn('Service worker not registered', err));
}
