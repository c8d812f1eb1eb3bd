/**
 * The partner outbox after reconnecting: 200 changes queued offline must reach the server in under 10 s after
 * the online event, and the first request must leave within 1 s of that event.
 *
 * What runs: the real app in this process on a real HTTP port and a fresh database (DATABASE_URL's server when set,
 * else an embedded Postgres under .data/bench-sync); the PWA's own outbox code (pwa/features/partner/outbox: saveDraft,
 * submitDraft, SyncEngine) on fake-indexeddb, with `window`/`document`/`navigator.onLine` shims so SyncEngine.start()
 * listens to the online event as in a browser. The transport is a real fetch of POST /api/partner/sync carrying the
 * partner's session cookie and the site's Origin (the CSRF guard's same-origin rule).
 *
 * One round: a partner "at a tasting" with no signal creates 38 real wines (db/data/systembolaget-wines.json) and
 * edits each 4 times, then submits 10 of them — 200 outbox rows. Then navigator.onLine turns true and 'online' is
 * dispatched; measured: (a) ms from the event to the first request leaving the transport (and to it reaching the
 * server), (b) ms until the outbox is empty with every result applied on the device. The baseline (the team's rule:
 * ratios against a run in the same process) is the same 200 changes as sequential REST calls of the partner form
 * (POST /api/partner/wines, PUT /api/partner/wines/:id, POST /api/partner/wines/:id/submit) by another partner.
 * Both end states are checked in Postgres: exactly the expected wines with the expected final values, none doubled
 * or lost, and 200 applied_mutations rows for the outbox's partner.
 *
 * Caveats: the device and the server share this process's event loop and two cores (a phone would not), localhost has
 * no network latency (BENCH_SYNC_RTT_MS=n adds n ms before every request of both paths), and without navigator.locks
 * in Node the cross-tab Web Lock is not taken. BENCH_SYNC_ROUNDS (default 3) rounds alternate which path goes first;
 * the targets are checked on the medians (as the throughput part is; a burst of load from the machine's other work
 * lands on one round), and the worst round is printed beside them. Run alone: `npx tsx bench/partner-sync.ts`.
 */
// First: installs the global indexedDB that Dexie (imported later, dynamically) reads when it loads.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Knex } from 'knex';
import { BENCH_ORIGIN as ORIGIN, startBenchApp } from './bench-app';
import pino from 'pino';
import { hashPassword } from '../api/auth/passwords';
import { realWines, rowFor } from '../api/excel/test-fixtures';
import { PARTNER_WINE_COLUMNS } from '../api/services/partner-wine-rules';
import type { DraftValues } from '../pwa/lib/db';
import type { SyncTransport } from '../pwa/features/partner/outbox/outbox';

const ROUNDS = Number(process.env.BENCH_SYNC_ROUNDS ?? 3);
const RTT_MS = Number(process.env.BENCH_SYNC_RTT_MS ?? 0);
/** The targets. */
const MAX_SYNC_MS = 10_000;
const MAX_FIRST_REQUEST_MS = 1_000;
/** The queue: 38 wines × (create + 4 edits) + 10 submits = 200 mutations. */
const WINES = 38;
const EDITS = 4;
const SUBMITS = 10;
const MUTATIONS = WINES * (1 + EDITS) + SUBMITS;
/** A round that has not emptied the outbox by then has failed. */
const GIVE_UP_MS = 120_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One change of the queue, in the order the partner made it. `wine` indexes the plan's wines. */
type Step = { kind: 'create' | 'edit'; wine: number; values: DraftValues } | { kind: 'submit'; wine: number };

/** The queue a partner builds at a tasting: each wine created and edited four times, then ten of them submitted. */
function tastingPlan(): { steps: Step[]; finalValues: DraftValues[]; submitted: Set<number> } {
  const wines = realWines().slice(0, WINES);
  if (wines.length < WINES) throw new Error(`the wine data set has only ${wines.length} usable wines`);
  const steps: Step[] = [];
  const finalValues: DraftValues[] = [];
  wines.forEach((w, i) => {
    const e = rowFor(w, i).expected;
    let values: DraftValues = {
      name: e.name,
      description: e.description,
      price: e.price,
      rating: 4,
      vintage: e.vintage,
      country: e.country,
      region: e.region,
      grapeVariety: e.grape_variety,
      alcoholContent: e.alcohol_content,
      systembolagetUrl: e.systembolaget_url,
      imageUrl: null,
      sweetness: e.sweetness,
      acidity: e.acidity,
      body: e.body,
      tannins: e.tannins,
      fruity: null,
      foodPairings: e.food_pairings,
      occasions: e.occasions,
    };
    steps.push({ kind: 'create', wine: i, values });
    // What a partner corrects while tasting: the fair price, a note, the rating, what it goes with.
    const edits: ((v: DraftValues) => DraftValues)[] = [
      (v) => ({ ...v, price: Math.round((v.price ?? 0) * 100 + 1000) / 100 }),
      (v) => ({ ...v, description: `${v.description} Provad på mässan: ${['lång eftersmak', 'fin syra', 'mjuka tanniner'][i % 3]}.` }),
      (v) => ({ ...v, rating: [3, 4.5, 5][i % 3]!, fruity: 1 + (i % 5) }),
      (v) => ({
        ...v,
        foodPairings: v.foodPairings.includes('cheese') ? v.foodPairings.filter((f) => f !== 'cheese') : [...v.foodPairings, 'cheese'],
        occasions: v.occasions.includes('dinner') ? v.occasions.filter((o) => o !== 'dinner') : [...v.occasions, 'dinner'],
      }),
    ];
    for (const edit of edits.slice(0, EDITS)) {
      values = edit(values);
      steps.push({ kind: 'edit', wine: i, values });
    }
    finalValues.push(values);
  });
  const submitted = new Set(Array.from({ length: SUBMITS }, (_, k) => Math.floor((k * WINES) / SUBMITS)));
  for (const wine of submitted) steps.push({ kind: 'submit', wine });
  if (steps.length !== MUTATIONS) throw new Error(`the plan has ${steps.length} steps, not ${MUTATIONS}`);
  return { steps, finalValues, submitted };
}

/**
 * Checks that partner `ownerId` has exactly the plan's wines (ids in `ids`, by plan index) with its final values and
 * statuses. Throws with the first differences.
 * @returns the stored versions by plan index
 */
async function checkServer(db: Knex, ownerId: string, ids: string[], plan: ReturnType<typeof tastingPlan>, label: string): Promise<number[]> {
  const rows = (await db('wines').where({ owner_user_id: ownerId })) as Record<string, unknown>[];
  const problems: string[] = [];
  if (rows.length !== ids.length) problems.push(`${rows.length} wines stored, expected ${ids.length}`);
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  const versions: number[] = [];
  ids.forEach((id, i) => {
    const row = byId.get(id);
    if (!row) {
      problems.push(`wine ${i} (${id}) is missing`);
      return;
    }
    versions.push(row.version as number);
    for (const [field, column] of Object.entries(PARTNER_WINE_COLUMNS)) {
      const want = plan.finalValues[i]![field as keyof DraftValues];
      if (JSON.stringify(row[column] ?? null) !== JSON.stringify(want ?? null)) {
        problems.push(`wine ${i} ${field}: stored ${JSON.stringify(row[column])}, expected ${JSON.stringify(want)}`);
      }
    }
    const status = plan.submitted.has(i) ? 'pending' : 'draft';
    if (row.approval_status !== status) problems.push(`wine ${i}: status ${String(row.approval_status)}, expected ${status}`);
  });
  if (problems.length) throw new Error(`${label}: the server does not hold what the partner did:\n  ${problems.slice(0, 10).join('\n  ')}`);
  return versions;
}

/** One round's figures (ms). */
interface RoundResult {
  queueMs: number;
  firstRequestMs: number;
  firstArrivalMs: number;
  syncMs: number;
  /** Of syncMs, the time the transport waited for the server's answers (the rest is the device's IndexedDB work). */
  inTransportMs: number;
  requests: number;
  /** SQL statements the app ran for the sync. */
  sql: number;
  restMs: number;
  restSql: number;
}

/** What the run measured: every round, the medians the targets are checked on, and the worst rounds. */
export interface SyncBenchResult {
  mutations: number;
  rounds: RoundResult[];
  medianSyncMs: number;
  maxSyncMs: number;
  medianFirstRequestMs: number;
  maxFirstRequestMs: number;
  medianRestMs: number;
  passed: boolean;
}

/**
 * Runs the benchmark (BENCH_SYNC_ROUNDS rounds) and prints its figures and a pass/fail line against the issue's
 * bars (median sync < 10 s and median first request < 1 s after the online event).
 * @throws when a round's end state in Postgres or on the device is wrong (a lost, doubled or wrong wine), or a push
 *   fails or hangs
 */
export async function benchPartnerSync(): Promise<SyncBenchResult> {
  // Dexie reads the global indexedDB when it loads (fake-indexeddb/auto, imported above): the PWA modules come in now.
  const { db: device } = await import('../pwa/lib/db');
  const { readSyncAnswer, saveDraft, submitDraft } = await import('../pwa/features/partner/outbox/outbox');
  const { SyncEngine } = await import('../pwa/features/partner/outbox/sync-engine');

  // The app logs as in production (info, one line per request), into a sink: the terminal is for the figures.
  const log = pino({ level: 'info' }, new Writable({ write: (_chunk, _enc, cb) => cb() }));
  let armedAt: number | undefined;
  let arrivedAt: number | undefined;
  const { db, base, postgres, close } = await startBenchApp('sync', log, (req) => {
    if (armedAt !== undefined && arrivedAt === undefined && req.url === '/api/partner/sync') arrivedAt = performance.now();
  });
  const globals = globalThis as Record<string, unknown>;
  try {
    const password = 'bench-lösen-1';
    const passwordHash = await hashPassword(password);
    /** A verified partner with its company row, signed in through the real login: the session cookie. */
    const signedInPartner = async (tag: string) => {
      const email = `bench-${tag}@partner.se`;
      const [user] = await db('users')
        .insert({
          username: `bench${tag}`,
          email,
          first_name: 'Bo',
          last_name: 'Bänk',
          role: 'partner',
          is_verified: true,
          password_hash: passwordHash,
        })
        .returning('id');
      await db('partners').insert({ user_id: user.id, company_name: `Bänkvin ${tag} AB`, contact_name: 'Bo Bänk' });
      const login = await fetch(`${base}/api/partner/login`, {
        method: 'POST',
        headers: { Origin: ORIGIN, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!login.ok) throw new Error(`partner sign-in answered ${login.status}`);
      return {
        userId: user.id as string,
        cookie: login.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      };
    };

    const plan = tastingPlan();
    // SQL statements the app sends (knex's 'query' event; BEGIN/COMMIT included): a load-independent cost figure.
    let queries = 0;
    db.on('query', () => {
      queries += 1;
    });

    /** The 200 changes as the partner form would send them, one request after the other. */
    const restRun = async (tag: string) => {
      const partner = await signedInPartner(tag);
      const ids = plan.finalValues.map(() => randomUUID());
      const headers = { Origin: ORIGIN, Cookie: partner.cookie, Accept: 'application/json', 'Content-Type': 'application/json' };
      const started = performance.now();
      const queriesBefore = queries;
      for (const step of plan.steps) {
        if (RTT_MS) await delay(RTT_MS);
        const id = ids[step.wine]!;
        const res =
          step.kind === 'create'
            ? await fetch(`${base}/api/partner/wines`, { method: 'POST', headers, body: JSON.stringify({ id, ...step.values }) })
            : step.kind === 'edit'
              ? await fetch(`${base}/api/partner/wines/${id}`, { method: 'PUT', headers, body: JSON.stringify(step.values) })
              : await fetch(`${base}/api/partner/wines/${id}/submit`, {
                  method: 'POST',
                  headers: { Origin: ORIGIN, Cookie: partner.cookie, Accept: 'application/json' },
                });
        const text = await res.text();
        if (!res.ok) throw new Error(`REST ${step.kind} of wine ${step.wine} answered ${res.status}: ${text.slice(0, 300)}`);
      }
      const ms = performance.now() - started;
      const sql = queries - queriesBefore;
      const versions = await checkServer(db, partner.userId, ids, plan, 'REST baseline');
      return { ms, sql, versions };
    };

    /** The same changes queued offline in the outbox, then pushed by SyncEngine on the online event. */
    const outboxRun = async (tag: string) => {
      const partner = await signedInPartner(tag);
      await device.delete();
      await device.open();
      let firstRequestAt: number | undefined;
      let requests = 0;
      let inTransportMs = 0;
      const transport: SyncTransport = async (body) => {
        const sent = performance.now();
        firstRequestAt ??= sent;
        requests += 1;
        if (RTT_MS) await delay(RTT_MS);
        const res = await fetch(`${base}/api/partner/sync`, {
          method: 'POST',
          headers: { Origin: ORIGIN, Cookie: partner.cookie, Accept: 'application/json', 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        const answer = await readSyncAnswer(res);
        inTransportMs += performance.now() - sent;
        return answer;
      };

      // A browser tab as far as SyncEngine can tell: it reads navigator.onLine and listens on window and document.
      let onLine = false;
      const tab = new EventTarget();
      globals.window = tab;
      globals.document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
      Object.defineProperty(globalThis, 'navigator', {
        configurable: true,
        value: {
          get onLine() {
            return onLine;
          },
        },
      });
      // No Web Locks in Node (passed explicitly, so the engine does not look for navigator.locks).
      const engine = new SyncEngine(() => partner.userId, transport, undefined);
      const stop = engine.start();
      try {
        tab.dispatchEvent(new Event('offline'));
        const ids = plan.finalValues.map(() => randomUUID());
        const queueStarted = performance.now();
        for (const step of plan.steps) {
          if (step.kind === 'submit') await submitDraft(partner.userId, ids[step.wine]!);
          else await saveDraft(partner.userId, ids[step.wine]!, step.values);
        }
        const queueMs = performance.now() - queueStarted;
        const queued = await device.outbox.count();
        if (queued !== MUTATIONS) throw new Error(`the outbox holds ${queued} rows after queueing, not ${MUTATIONS}`);
        if (requests) throw new Error(`${requests} requests went out while offline`);

        const finished = new Promise<number>((resolve, reject) => {
          const giveUp = setTimeout(() => reject(new Error(`the outbox was not empty ${GIVE_UP_MS / 1000} s after the online event`)), GIVE_UP_MS);
          const settle = (fn: () => void) => {
            clearTimeout(giveUp);
            unsubscribe();
            fn();
          };
          const check = async () => {
            const state = engine.getState();
            if (state.pushing) return;
            if (state.needsSignIn || state.lastError) {
              settle(() => reject(new Error(`the push stopped: ${state.needsSignIn ? 'sign-in needed (401)' : state.lastError}`)));
              return;
            }
            const left = await device.outbox.count();
            if (engine.getState().pushing || firstRequestAt === undefined) return;
            const at = performance.now();
            if (left === 0) settle(() => resolve(at));
            else if ((await device.outbox.where('status').equals('queued').count()) === 0) {
              const stuck = JSON.stringify((await device.outbox.toArray()).slice(0, 2));
              settle(() => reject(new Error(`${left} outbox rows were not applied: ${stuck}`)));
            }
          };
          const unsubscribe = engine.subscribe(() => void check().catch(reject));
        });

        armedAt = performance.now();
        arrivedAt = undefined;
        onLine = true;
        const onlineAt = performance.now();
        const queriesBefore = queries;
        tab.dispatchEvent(new Event('online'));
        const doneAt = await finished;
        const sql = queries - queriesBefore;
        armedAt = undefined;

        const drafts = await device.drafts.toArray();
        const unsynced = drafts.filter((d) => d.syncState !== 'synced');
        if (drafts.length !== WINES || unsynced.length) throw new Error(`device: ${drafts.length} drafts, ${unsynced.length} not synced`);
        const versions = await checkServer(db, partner.userId, ids, plan, 'outbox');
        const byId = new Map(drafts.map((d) => [d.id, d]));
        ids.forEach((id, i) => {
          const d = byId.get(id)!;
          if (d.serverVersion !== versions[i]) throw new Error(`device: wine ${i} at version ${d.serverVersion}, the server at ${versions[i]}`);
        });
        const applied = await db('applied_mutations').where({ user_id: partner.userId }).select('status');
        if (applied.length !== MUTATIONS || applied.some((r) => r.status !== 'applied')) {
          throw new Error(`applied_mutations: ${applied.length} rows, ${applied.filter((r) => r.status !== 'applied').length} not applied`);
        }
        return {
          queueMs,
          firstRequestMs: firstRequestAt! - onlineAt,
          firstArrivalMs: (arrivedAt ?? NaN) - onlineAt,
          syncMs: doneAt - onlineAt,
          inTransportMs,
          sql,
          requests,
          versions,
        };
      } finally {
        stop();
        delete globals.window;
        delete globals.document;
        delete globals.navigator;
      }
    };

    // Warm-up (JIT, connection pool, prepared plans) on both paths, not counted.
    await restRun('warmup-rest');
    await outboxRun('warmup-outbox');

    const rounds: RoundResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternate the order, so neither path always runs on the warmer (or busier) machine.
      const rest = round % 2 === 0 ? await restRun(`rest${round}`) : undefined;
      const outbox = await outboxRun(`outbox${round}`);
      const restAfter = rest ?? (await restRun(`rest${round}`));
      if (JSON.stringify(outbox.versions) !== JSON.stringify(restAfter.versions)) {
        throw new Error(`the two paths ended at different versions: outbox ${outbox.versions.join(',')}, REST ${restAfter.versions.join(',')}`);
      }
      rounds.push({ ...outbox, restMs: restAfter.ms, restSql: restAfter.sql });
    }

    const result: SyncBenchResult = {
      mutations: MUTATIONS,
      rounds,
      medianSyncMs: medianOf(rounds.map((r) => r.syncMs)),
      maxSyncMs: Math.max(...rounds.map((r) => r.syncMs)),
      medianFirstRequestMs: medianOf(rounds.map((r) => r.firstRequestMs)),
      maxFirstRequestMs: Math.max(...rounds.map((r) => r.firstRequestMs)),
      medianRestMs: medianOf(rounds.map((r) => r.restMs)),
      passed: false,
    };
    const syncOk = result.medianSyncMs < MAX_SYNC_MS;
    const firstOk = result.medianFirstRequestMs < MAX_FIRST_REQUEST_MS;
    result.passed = syncOk && firstOk;

    const ok = (pass: boolean) => (pass ? 'ok' : 'MISSED');
    const src = postgres;
    console.log(
      `\nPartner outbox sync (in-process app, ${src} Postgres, fake-indexeddb, ${RTT_MS ? `${RTT_MS} ms added per request` : 'no added latency'}):`,
    );
    console.log(
      `  queue: ${WINES} real wines × (create + ${EDITS} edits) + ${SUBMITS} submits = ${MUTATIONS} mutations, queued offline; ${ROUNDS} ${ROUNDS === 1 ? 'round' : 'rounds'} after a warm-up`,
    );
    const columns: [string, (r: RoundResult, i: number) => string][] = [
      ['round', (_r, i) => String(i + 1)],
      ['queue ms', (r) => r.queueMs.toFixed(0)],
      ['1st request ms', (r) => r.firstRequestMs.toFixed(1)],
      ['at server ms', (r) => r.firstArrivalMs.toFixed(1)],
      ['sync ms', (r) => r.syncMs.toFixed(0)],
      ['of it server', (r) => r.inTransportMs.toFixed(0)],
      ['requests', (r) => String(r.requests)],
      ['SQL', (r) => String(r.sql)],
      ['REST ms', (r) => r.restMs.toFixed(0)],
      ['REST SQL', (r) => String(r.restSql)],
      ['outbox ÷ REST', (r) => (r.syncMs / r.restMs).toFixed(2)],
    ];
    console.log(`  ${columns.map(([h]) => h.padStart(Math.max(h.length, 7))).join('  ')}`);
    rounds.forEach((r, i) => console.log(`  ${columns.map(([h, f]) => f(r, i).padStart(Math.max(h.length, 7))).join('  ')}`));
    console.log(
      `  sync after the online event: median ${result.medianSyncMs.toFixed(0)} ms, worst ${result.maxSyncMs.toFixed(0)} ms — target < ${MAX_SYNC_MS / 1000} s: ${ok(syncOk)}`,
    );
    console.log(
      `  first request after the online event: median ${result.medianFirstRequestMs.toFixed(1)} ms, worst ${result.maxFirstRequestMs.toFixed(1)} ms — target < ${MAX_FIRST_REQUEST_MS} ms: ${ok(firstOk)}`,
    );
    console.log(
      `  baseline, the same ${MUTATIONS} changes as sequential REST calls: median ${result.medianRestMs.toFixed(0)} ms; outbox ÷ REST = ${(result.medianSyncMs / result.medianRestMs).toFixed(2)}`,
    );
    console.log(
      `  end state checked in Postgres and on the device after every run: ${WINES} wines each, final values, ${SUBMITS} pending, nothing doubled or lost`,
    );
    console.log(`  partner sync: ${result.passed ? 'PASS' : 'FAIL'}`);
    return result;
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchPartnerSync().then(
    (r) => setTimeout(() => process.exit(r.passed ? 0 : 1), 500),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
