import { useSyncExternalStore } from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

/**
 * Toasts (sonner) loaded on first use: sonner is ~10 KB of JS gzip that the start page never needs to draw its
 * first screen, so it is imported, and its Toaster mounted in <ToastRegion>, the first time a toast is shown
 * (README 'Benchmarks'). Calls made while it loads are queued and run in order once it is there; sonner's Toaster
 * replays the active toasts when it subscribes, so none is lost. Same calls as sonner's `toast` for what the app uses.
 */
type Sonner = typeof import('sonner');
type Title = Parameters<Sonner['toast']>[0];

let sonner: Sonner | undefined;
let loading: Promise<void> | undefined;
const queue: ((s: Sonner) => void)[] = [];
const listeners = new Set<() => void>();

function load(): void {
  loading ??= import('sonner').then(
    (module) => {
      sonner = module;
      for (const notify of listeners) notify();
      for (const call of queue.splice(0)) call(module);
    },
    (err: unknown) => {
      // A failed chunk load (offline after a new build): the toasts are dropped, the next one tries again.
      loading = undefined;
      queue.length = 0;
      console.warn('Toasts could not be loaded', err);
    },
  );
}

function run(call: (s: Sonner) => void): void {
  if (sonner) {
    call(sonner);
    return;
  }
  queue.push(call);
  load();
}

/** The id of the 'Inloggad!' toast, so a dialog the sign-in leads to (the review dialog) can clear it off its buttons. */
export const SIGNED_IN_TOAST = 'signed-in';

/** Shows a toast (title, and options as sonner's: description, id, duration, action); no return value. */
export const toast = Object.assign((title: Title, data?: ExternalToast) => run((s) => s.toast(title, data)), {
  success: (title: Title, data?: ExternalToast) => run((s) => s.toast.success(title, data)),
  error: (title: Title, data?: ExternalToast) => run((s) => s.toast.error(title, data)),
  warning: (title: Title, data?: ExternalToast) => run((s) => s.toast.warning(title, data)),
  /** Dismisses one toast, or all; before sonner is loaded only the queued ones exist, so nothing is imported. */
  dismiss: (id?: string | number) => {
    if (sonner) sonner.toast.dismiss(id);
    else if (loading) queue.push((s) => s.toast.dismiss(id));
  },
});

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/**
 * The toast region (sonner's Toaster with these props), rendered once the first toast has loaded sonner. Before
 * that there is nothing to show: sonner's region holds no toast and its hotkey finds nothing to focus.
 */
export function ToastRegion(props: ToasterProps) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => undefined,
  );
  return loaded ? <loaded.Toaster {...props} /> : null;
}
