import { Workbox } from 'workbox-window';
import { toast } from './toast';

/**
 * Registers the service worker with the prompt update flow (README 'Offline drafts'): a new build waits
 * until the reader chooses 'Uppdatera', and is activated through `whilePaused`, which the app gives so that it
 * happens only while no tab pushes queued partner changes (pwa/features/partner/outbox/activity.ts); the
 * registration is checked for updates every hour.
 */
export function registerServiceWorker({ whilePaused }: { whilePaused: (activate: () => Promise<void>) => Promise<void> }): void {
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
          void whilePaused(
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
