import { SYNC_BACKOFF_MAX_MS, SYNC_BACKOFF_MIN_MS } from '../../../../api/contract/sync-rules';
import { OUTBOX_LOCK_NAME, trackPush } from './activity';
import { fetchTransport, pushOnce, type SyncTransport } from './outbox';

// When the outbox pushes (README 'Offline drafts'): on the online event, at app start, when the page becomes
// visible, after a save, and on a backoff of 1 s doubling to 60 s after a failure — from one tab at a time (Web Locks).

/** The engine's state for the status pill. */
/**
 * navigator.onLine where the runtime has it. Node 21+ has a `navigator` without `onLine` (the unit tests run there):
 * only an explicit false means offline.
 */
export const deviceOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export interface SyncEngineState {
  online: boolean;
  pushing: boolean;
  /** A 401 stopped the queue: the partner must sign in again. */
  needsSignIn: boolean;
  /** The last failure (network, 5xx, 403) while the queue waits for its next try. */
  lastError?: string;
  /** When the next try after a failure is due (ms since epoch). */
  retryAt?: number;
}

type Listener = () => void;

/**
 * One engine per tab. `getUserId` names the signed-in partner (null: nobody — nothing is sent). Tests pass their own
 * `transport` and `locks`; the app uses fetch and navigator.locks.
 */
export class SyncEngine {
  private state: SyncEngineState;
  private listeners = new Set<Listener>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  private waiting = false;
  private again = false;
  private stopped = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly getUserId: () => string | null,
    private readonly transport: SyncTransport = fetchTransport,
    private readonly locks: LockManager | undefined = typeof navigator !== 'undefined' ? navigator.locks : undefined,
  ) {
    this.state = { online: deviceOnline(), pushing: false, needsSignIn: false };
  }

  /** Listens to the triggers and pushes once (app start). Returns a function that stops the engine. */
  start(): () => void {
    const onOnline = () => {
      this.set({ online: true });
      this.failures = 0;
      this.requestPush();
    };
    const onOffline = () => this.set({ online: false });
    const onVisible = () => {
      if (document.visibilityState === 'visible') this.requestPush();
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    document.addEventListener('visibilitychange', onVisible);
    this.cleanups.push(
      () => window.removeEventListener('online', onOnline),
      () => window.removeEventListener('offline', onOffline),
      () => document.removeEventListener('visibilitychange', onVisible),
    );
    this.requestPush();
    return () => this.stop();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.cleanups.splice(0).forEach((fn) => fn());
  }

  getState = (): SyncEngineState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<SyncEngineState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** A sign-in as the same user (or a new one) lets the queue go again. */
  signedIn(): void {
    this.set({ needsSignIn: false });
    this.failures = 0;
    this.requestPush();
  }

  /**
   * Asks for a push. Requests while one is running or waiting for the lock coalesce into one more round, so a change
   * saved during a push is sent right after it.
   */
  requestPush(): void {
    if (this.stopped) return;
    if (this.waiting) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.waiting = true;
    const run = () => this.runLocked();
    const done = this.locks ? this.locks.request(OUTBOX_LOCK_NAME, run) : run();
    void Promise.resolve(done).finally(() => {
      this.waiting = false;
      if (this.again && !this.stopped) {
        this.again = false;
        this.requestPush();
      }
    });
  }

  /** Pushes until the queue is empty or a failure makes it wait. Runs holding the cross-tab lock. */
  private async runLocked(): Promise<void> {
    const userId = this.getUserId();
    // After a 401 nothing is sent until a sign-in (signedIn()): every try would only be refused again, and would turn
    // the blocked rows back into queued ones in between.
    if (!userId || this.state.needsSignIn || !deviceOnline()) return;
    this.set({ pushing: true });
    try {
      await trackPush(async () => {
        for (;;) {
          this.again = false;
          const outcome = await pushOnce(userId, this.transport);
          if (outcome.kind === 'auth') {
            this.set({ needsSignIn: true, lastError: undefined, retryAt: undefined });
            return;
          }
          if (outcome.kind === 'wait') {
            this.scheduleRetry(outcome.error);
            return;
          }
          this.failures = 0;
          this.set({ needsSignIn: false, lastError: undefined, retryAt: undefined });
          if (outcome.kind === 'done') return;
        }
      });
    } catch (err) {
      this.scheduleRetry(err instanceof Error ? err.message : String(err));
    } finally {
      this.set({ pushing: false });
    }
  }

  private scheduleRetry(error: string): void {
    const delay = Math.min(SYNC_BACKOFF_MAX_MS, SYNC_BACKOFF_MIN_MS * 2 ** this.failures);
    this.failures += 1;
    this.set({ lastError: error, retryAt: Date.now() + delay });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.requestPush(), delay);
  }
}
