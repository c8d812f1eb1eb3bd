import { useSyncExternalStore } from 'react';
import { setAsideOtherUsers } from './outbox';
import { deviceOnline, SyncEngine, type SyncEngineState } from './sync-engine';

// The tab's one sync engine (README 'Offline drafts'): started for the signed-in partner by the partner screens
// and, at app start, by the shell when the signed-in user is a partner. Nothing is sent while nobody is signed in.

let engine: SyncEngine | null = null;
let userId: string | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());
let unsubscribeEngine: (() => void) | undefined;

const IDLE: SyncEngineState = { online: true, pushing: false, needsSignIn: false };

/**
 * Starts (once per tab) or re-targets the engine for partner `id`: a sign-in as another user first sets the other
 * user's queued rows aside (never sent under this account); the same user's blocked rows queue again and are pushed.
 * Also asks the browser to keep the site's storage (navigator.storage.persist(); README 'Offline drafts').
 */
export function startOutbox(id: string): SyncEngine {
  const changed = userId !== id;
  userId = id;
  if (!engine) {
    engine = new SyncEngine(() => userId);
    unsubscribeEngine = engine.subscribe(notify);
    engine.start();
    void persistStorage();
    notify();
  } else if (changed) {
    void setAsideOtherUsers(id).finally(() => engine?.signedIn());
    void persistStorage();
  }
  return engine;
}

/** After a sign-in (same or another partner): lets a queue blocked by a 401 go again. */
export function outboxSignedIn(id: string): void {
  const wasRunning = Boolean(engine) && userId === id;
  startOutbox(id);
  if (wasRunning) engine?.signedIn();
}

/** Signed out: the engine stays, but sends nothing until a partner signs in again. */
export function outboxSignedOut(): void {
  userId = null;
}

/** Asks for a push now (after a save); a no-op before the engine runs. */
export function requestOutboxPush(): void {
  engine?.requestPush();
}

/** Stops the engine (tests). */
export function stopOutbox(): void {
  unsubscribeEngine?.();
  engine?.stop();
  engine = null;
  userId = null;
  notify();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
let lastDefault: SyncEngineState | undefined;
/** The engine's state, or before it runs a stable default that follows navigator.onLine. */
const snapshot = (): SyncEngineState => {
  if (engine) return engine.getState();
  const online = deviceOnline();
  if (!lastDefault || lastDefault.online !== online) lastDefault = { ...IDLE, online };
  return lastDefault;
};

/** The engine's state for the status pill (online, pushing, needsSignIn, lastError, retryAt); re-renders on change. */
export function useSyncEngineState(): SyncEngineState {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

let persistAsked = false;
/** navigator.storage.persist() once per tab, where the browser has it: Safari may otherwise evict IndexedDB after 7 days. */
async function persistStorage(): Promise<void> {
  if (persistAsked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  persistAsked = true;
  try {
    if (!(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    /* not granted or not supported: the outbox still works, only without the eviction guard */
  }
}
