import { type BrowserContext, expect, type Page, type Route } from '@playwright/test';
import type { Knex } from 'knex';
import type { SyncBody } from '../../api/contract/partner-sync';
import { buildPartner } from '../../api/test/factories';

// Helpers of the offline partner drafts tests (README 'Offline drafts'): partners made in
// Postgres, sign-in through the API, a network switch that also cuts the service worker's own requests
// (playwright#2311), a recorder of every POST /api/partner/sync, and read-only looks into the device's IndexedDB.
// Locators and reads only: the specs assert.

/** The password of every partner these tests create (argon2id-hashed into Postgres by buildPartner). */
export const PARTNER_PASSWORD = 'offline-utkast-8';

/** A unique, readable tag for names and addresses ('tag' + time + random, base 36). */
export const unique = (tag: string) => `${tag}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface TestPartner {
  id: string;
  email: string;
  username: string;
  companyName: string;
}

/** Inserts a verified, active partner with PARTNER_PASSWORD (users + partners rows), ready to sign in. */
export async function createPartner(db: Knex, tag: string): Promise<TestPartner> {
  const username = unique(tag);
  const { user, partner } = await buildPartner(db, {
    user: { username, email: `${username}@example.se`, password: PARTNER_PASSWORD, is_verified: true },
  });
  return { id: user.id, email: user.email, username, companyName: partner.company_name };
}

/**
 * Signs `partner` in through POST /api/partner/login on the page's own request context, so the session cookie lands
 * in the browser context (no UI round trip). `baseURL` is the site (Playwright's baseURL fixture): the Origin header
 * a browser would send (CSRF guard).
 * @throws Error when the server does not answer 200
 */
export async function signInByApi(page: Page, partner: TestPartner, baseURL: string): Promise<void> {
  const res = await page.request.post('/api/partner/login', {
    data: { email: partner.email, password: PARTNER_PASSWORD },
    headers: { Origin: new URL(baseURL).origin },
  });
  if (res.status() !== 200) throw new Error(`partner sign-in answered ${res.status()}: ${await res.text()}`);
}

/** Resolves once a service worker is active and controls the page (it claims clients on activation). */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
}

/** One POST /api/partner/sync as the browser sent it. */
export interface SyncCall {
  body: SyncBody;
  startedAt: number;
  endedAt?: number;
  /** 'passed' (the server answered the page), 'aborted', 'fulfilled <status>', 'held' (never answered). */
  outcome?: string;
}

/**
 * What to do with one sync request instead of passing it on. Gets the route (not yet handled) and the call; must
 * handle the route (continue, fetch + fulfil, abort) or never settle (a request held open).
 */
export type SyncHandler = (route: Route, call: SyncCall) => Promise<void>;

/**
 * The network of one browser context as the tests switch it: offline aborts every /api/ request (the page's and the
 * service worker's, which setOffline alone does not stop — playwright#2311) and also sets the context offline so
 * navigator.onLine and the 'online'/'offline' events follow. Every POST /api/partner/sync is recorded; `next()`
 * queues one-shot handlers (503s, lost answers, held requests) and `delayMs` slows every sync answer.
 */
export class NetworkSwitch {
  readonly syncCalls: SyncCall[] = [];
  private offline = false;
  private readonly handlers: SyncHandler[] = [];
  private inFlight = 0;
  /** The most sync requests that were open at the same time (Web Locks: must stay 1). */
  maxConcurrentSyncs = 0;
  /** Added before each sync request goes on (ms), so overlapping pushes from two tabs would show. */
  delayMs = 0;

  private constructor(private readonly context: BrowserContext) {}

  /** Installs the switch on `context` (a route on /api/**); online at first. */
  static async on(context: BrowserContext): Promise<NetworkSwitch> {
    const sw = new NetworkSwitch(context);
    await context.route('**/api/**', (route) => sw.handle(route));
    return sw;
  }

  private async handle(route: Route): Promise<void> {
    if (this.offline) return route.abort('internetdisconnected').catch(() => undefined);
    const request = route.request();
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/partner/sync') return route.continue().catch(() => undefined);
    const call: SyncCall = { body: request.postDataJSON() as SyncBody, startedAt: Date.now() };
    this.syncCalls.push(call);
    this.inFlight += 1;
    this.maxConcurrentSyncs = Math.max(this.maxConcurrentSyncs, this.inFlight);
    try {
      if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
      const handler = this.handlers.shift();
      if (handler) await handler(route, call);
      else if (this.offline) {
        call.outcome = 'aborted';
        await route.abort('internetdisconnected');
      } else {
        call.outcome = 'passed';
        await route.continue();
      }
    } catch {
      // The page or context closed while the request was held: nothing to answer.
    } finally {
      this.inFlight -= 1;
      call.endedAt = Date.now();
    }
  }

  /** Handles the next sync request(s) with `handlers`, one each, in order (then requests pass again). */
  next(...handlers: SyncHandler[]): void {
    this.handlers.push(...handlers);
  }

  /** No network: API requests abort, the browser reports offline. */
  async goOffline(): Promise<void> {
    this.offline = true;
    await this.context.setOffline(true);
  }

  /** The network is back: the 'online' event fires in every page. */
  async goOnline(): Promise<void> {
    this.offline = false;
    await this.context.setOffline(false);
  }

  /** Every mutation id sent, once per time it was sent (a repeat is a resend). */
  sentMutationIds(): string[] {
    return this.syncCalls.flatMap((c) => c.body.mutations.map((m) => m.mutationId));
  }
}

/** A sync handler: the server gets the request and answers, but the page never sees the answer (connection lost). */
export const loseAnswer: SyncHandler = async (route, call) => {
  await route.fetch();
  call.outcome = 'aborted';
  await route.abort('connectionreset');
};

/** A sync handler: a proxy answers 503 without the server seeing the request. */
export const proxy503: SyncHandler = async (route, call) => {
  call.outcome = 'fulfilled 503';
  await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
};

/** A sync handler: the server applies the request, then a proxy replaces its answer by a 503. */
export const applyThen503: SyncHandler = async (route, call) => {
  await route.fetch();
  call.outcome = 'fulfilled 503';
  await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
};

/**
 * A sync handler that holds the request open until `release()` is called; `reached` resolves once the request is
 * held. With `applyFirst`, the server has already applied it when it is held (only the answer is missing).
 * `release('pass')` hands the server's answer over; `release('abort')` drops the connection.
 */
export function holdSync(opts: { applyFirst?: boolean } = {}) {
  let reachedResolve!: () => void;
  const reached = new Promise<void>((r) => (reachedResolve = r));
  let releaseResolve!: (how: 'pass' | 'abort') => void;
  const released = new Promise<'pass' | 'abort'>((r) => (releaseResolve = r));
  const handler: SyncHandler = async (route, call) => {
    const response = opts.applyFirst ? await route.fetch() : undefined;
    call.outcome = 'held';
    reachedResolve();
    const how = await released;
    if (how === 'abort') {
      call.outcome = 'aborted';
      await route.abort('connectionreset');
    } else {
      call.outcome = 'passed';
      await (response ? route.fulfill({ response }) : route.continue());
    }
  };
  return { handler, reached, release: (how: 'pass' | 'abort' = 'pass') => releaseResolve(how) };
}

/** An outbox row as the device keeps it (pwa/lib/db.ts OutboxRow; read-only copy for assertions). */
export interface DeviceOutboxRow {
  seq: number;
  mutationId: string;
  entityId: string;
  userId: string;
  type: 'upsertWine' | 'submitWine' | 'deleteWine';
  baseVersion: number;
  patch: Record<string, unknown>;
  status: 'queued' | 'blocked_auth' | 'set_aside' | 'rejected';
  error?: string;
}

/** A draft as the device keeps it (pwa/lib/db.ts Draft; the fields the tests read). */
export interface DeviceDraft {
  id: string;
  userId: string;
  values: Record<string, unknown> & { name: string; price: number | null };
  serverVersion: number;
  approvalStatus: string;
  syncState: 'synced' | 'pending' | 'rejected' | 'conflict';
  error?: string;
  /** Deleted by the partner (hidden; a tombstone once the server applied it). */
  deleted?: boolean;
}

/**
 * Every row of one of the device's IndexedDB stores ('vinpressen' database, pwa/lib/db.ts), read with the raw IndexedDB API so the
 * test never opens the app's Dexie. An absent database or store reads as []; the connection is closed again so a
 * Dexie upgrade is never blocked.
 */
export async function deviceRows<T>(page: Page, store: 'drafts' | 'outbox' | 'wines' | 'lists' | 'catalogue'): Promise<T[]> {
  return page.evaluate(async (storeName) => {
    const names = await indexedDB.databases();
    if (!names.some((d) => d.name === 'vinpressen')) return [];
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('vinpressen');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    try {
      if (!idb.objectStoreNames.contains(storeName)) return [];
      return await new Promise<unknown[]>((resolve, reject) => {
        const req = idb.transaction(storeName, 'readonly').objectStore(storeName).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
    } finally {
      idb.close();
    }
  }, store) as Promise<T[]>;
}

/**
 * Waits until the device (IndexedDB) holds the saved copies a page keeps for offline reading: the app shows an answer
 * first and saves it in the background (pwa/lib/offline-read.ts), and the next page.goto would end that page's save.
 * A reader navigating inside the app never cuts it short; this test reloads between pages.
 */
export async function waitForDeviceCopies(page: Page, wanted: { lists?: (string | RegExp)[]; wineId?: string }) {
  await expect
    .poll(async () => {
      const keys = (await deviceRows<{ key: string }>(page, 'lists')).map((row) => row.key);
      const listsSaved = (wanted.lists ?? []).every((k) => keys.some((key) => (typeof k === 'string' ? key === k : k.test(key))));
      const wineSaved = !wanted.wineId || (await deviceRows<{ id: string }>(page, 'wines')).some((row) => row.id === wanted.wineId);
      return listsSaved && wineSaved;
    })
    .toBe(true);
}

/** The device's outbox in seq order. */
export async function outboxOf(page: Page): Promise<DeviceOutboxRow[]> {
  return (await deviceRows<DeviceOutboxRow>(page, 'outbox')).sort((a, b) => a.seq - b.seq);
}

/** The device's drafts. */
export function draftsOf(page: Page): Promise<DeviceDraft[]> {
  return deviceRows<DeviceDraft>(page, 'drafts');
}

/** A partner wine row as the tests check it in Postgres. */
export interface ServerWine {
  id: string;
  name: string;
  description: string;
  /** SEK (numeric(10,2), read as a number). */
  price: number;
  region: string | null;
  country: string | null;
  approval_status: string;
  owner_user_id: string;
  version: number;
}

/** The wines `userId` owns, oldest first. */
export function winesOwnedBy(db: Knex, userId: string): Promise<ServerWine[]> {
  return db('wines')
    .where({ owner_user_id: userId })
    .orderBy('created_at')
    .select('id', 'name', 'description', 'price', 'region', 'country', 'approval_status', 'owner_user_id', 'version');
}

/** An applied_mutations row. */
export interface AppliedMutation {
  mutation_id: string;
  user_id: string;
  client_id: string;
  seq: string;
  wine_id: string;
  type: string;
  status: 'applied' | 'rejected' | 'conflict';
  result: { version?: number; error?: string; conflicts?: { field: string; serverValue: unknown; clientValue: unknown }[] };
  created_at: Date;
}

/** The applied_mutations rows of `userId`, in the order the server applied them. */
export function appliedMutationsOf(db: Knex, userId: string): Promise<AppliedMutation[]> {
  return db('applied_mutations')
    .where({ user_id: userId })
    .orderBy([{ column: 'created_at' }, { column: 'seq' }])
    .select('*');
}

/** Inserts a draft wine of `userId` as the portal leaves it (source 'partner'), returning its id and version. */
export async function insertDraftWine(
  db: Knex,
  userId: string,
  values: { name: string; price?: number; description?: string; region?: string },
): Promise<{ id: string; version: number }> {
  const [row] = await db('wines')
    .insert({
      name: values.name,
      description: values.description ?? 'Friskt och fruktigt med toner av äpple och citrus.',
      price: values.price ?? 129,
      region: values.region ?? 'Skåne',
      source: 'partner',
      approval_status: 'draft',
      owner_user_id: userId,
    })
    .returning(['id', 'version']);
  return row as { id: string; version: number };
}

/**
 * Makes the device's storage look full on demand: from the next page load on, while `window.__diskFull` is true,
 * IndexedDB put/add on the drafts and outbox stores throw QuotaExceededError as Chromium does when the origin's quota
 * is used up. (Chrome DevTools' Storage.overrideQuotaForOrigin does not stop small IndexedDB writes in this Chromium.)
 * Switch it with setDiskFull.
 */
export async function installFullDiskSwitch(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const flag = window as unknown as { __diskFull?: boolean };
    for (const method of ['put', 'add'] as const) {
      const original = IDBObjectStore.prototype[method];
      IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore['put']>) {
        if (flag.__diskFull && (this.name === 'drafts' || this.name === 'outbox')) {
          throw new DOMException('The quota for this origin has been exceeded.', 'QuotaExceededError');
        }
        return original.apply(this, args);
      };
    }
  });
}

/** Turns the full-disk simulation of installFullDiskSwitch on or off in `page`. */
export async function setDiskFull(page: Page, full: boolean): Promise<void> {
  await page.evaluate((on) => ((window as unknown as { __diskFull?: boolean }).__diskFull = on), full);
}
