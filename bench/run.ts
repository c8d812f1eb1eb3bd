/**
 * `npm run bench` — throughput of the public read endpoints against a bare Koa hello-world started in
 * the same run (ratios, because these machines are noisy), and the gzip size of the JS and CSS a browser
 * loads for the home page.
 *
 * Targets (issue "Foundation"): GET /api/wines?category=FYND ≥ 0.5 × bare Koa at 50 connections;
 * requests carry `Accept-Encoding: gzip, deflate, br`, as every browser's do;
 * ≤ 150 KB gzip of JS for /.
 *
 * BENCH_URL=http://host:port measures an app that is already running; otherwise the script starts the
 * app itself (embedded Postgres under .data/bench, real data imported) and stops it afterwards.
 *
 * Then the partner Excel bulk upload (bench/bulk-upload.ts): a 10 MB .xlsx of 40,000 real wines through
 * the real app in this process, < 60 s, event loop never blocked > 200 ms.
 *
 * Last the partner outbox (bench/partner-sync.ts): 200 changes queued offline by the PWA's outbox code sync in
 * < 10 s after the online event, the first request leaving < 1 s after it; baseline the same changes as sequential REST
 * calls. The run exits non-zero when it misses a target.
 *
 * Then the offline search (bench/offline-search.ts): median and p95 per query over the real catalogue on the device,
 * p95 ≤ 50 ms, and the catalogue's gzip size, ≤ 400 KB.
 *
 * Then the wine search on the server (bench/search.ts): p95 with three filters and a sort at the real 1,137 wines
 * (≤ 30 ms) and at a synthetic 100,000 (≤ 150 ms), against a plain read of the same page by id.
 *
 * Last Lighthouse (bench/lighthouse.ts): mobile defaults on the served app's public pages (scores, LCP, CLS, TBT,
 * console errors), the app's welcome article published first, and each page's first-load JS; each category ≥ 95, LCP
 * ≤ 2.0 s, CLS ≤ 0.02, TBT ≤ 100 ms and no console error on every page.
 *
 * BENCH_ONLY=throughput, bulk-upload, partner-sync, offline-search, search or lighthouse runs one part.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { type EmbeddedPostgresHandle, freePort, startEmbeddedPostgres } from '../api/db/embedded-postgres';
import { benchBulkUpload } from './bulk-upload';
import { benchLighthouse } from './lighthouse';
import { measureFirstLoad, printFirstLoad } from './first-load';
import { benchOfflineSearch } from './offline-search';
import { benchPartnerSync } from './partner-sync';
import { benchSearch } from './search';

const ROOT = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
// Rounds alternate the targets (bare, list, wine, bare, …) and the median of each is reported, so a burst
// of noise on this shared 2-core machine does not land on one target only.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

function startProcess(cmd: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(cmd, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  child.on('exit', (code) => {
    if (code && code !== 0 && code !== 130 && code !== 143) console.error(`${cmd} ${args.join(' ')} exited with ${code}`);
  });
  return child;
}

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

// What every browser sends; the app serves its cached answers precompressed.
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

async function load(name: string, url: string): Promise<Result> {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: HEADERS });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs every target ROUNDS times, interleaved, after a warm-up of each; returns the median of each. */
async function measure(targets: { name: string; url: string }[]): Promise<Result[]> {
  for (const t of targets) await autocannon({ url: t.url, connections: CONNECTIONS, duration: 2, headers: HEADERS });
  const runs = new Map<string, Result[]>(targets.map((t) => [t.name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const t of targets) runs.get(t.name)!.push(await load(t.name, t.url));
  }
  return targets.map(({ name }) => {
    const rs = runs.get(name)!;
    return {
      name,
      rps: medianOf(rs.map((r) => r.rps)),
      p50: medianOf(rs.map((r) => r.p50)),
      p99: medianOf(rs.map((r) => r.p99)),
      errors: rs.reduce((a, r) => a + r.errors, 0),
      non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
    };
  });
}

function printResults(results: Result[], baseline: Result) {
  console.log(`\nThroughput, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved ${DURATION} s runs (ratio = endpoint ÷ bare Koa):`);
  console.log('endpoint'.padEnd(40), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'ratio'.padStart(7), ' errors');
  for (const r of results) {
    console.log(
      r.name.padEnd(40),
      r.rps.toFixed(0).padStart(9),
      r.p50.toFixed(1).padStart(8),
      r.p99.toFixed(1).padStart(8),
      (r.rps / baseline.rps).toFixed(2).padStart(7),
      ` ${r.errors + r.non2xx}`,
    );
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  const runs = (part: string) => !only || only === part;
  if (runs('throughput')) await withServedApp((app) => throughput(app.url));
  if (runs('bulk-upload')) await benchBulkUpload();
  if (runs('partner-sync') && !(await benchPartnerSync()).passed) throw new Error('partner sync missed its targets');
  if (runs('offline-search') && !(await benchOfflineSearch())) throw new Error('the offline search missed its targets');
  if (runs('search') && !(await benchSearch()).passed) throw new Error('the wine search missed its targets');
  if (runs('lighthouse')) {
    let passed = false;
    await withServedApp(async (app) => {
      passed = (await benchLighthouse(app.url, app.databaseUrl)).passed;
    });
    if (!passed) throw new Error('Lighthouse: a page missed its targets');
  }
}

/** The app a part measures: its address, and its database's connection string (none for BENCH_URL: the bench can't reach it). */
interface ServedApp {
  url: string;
  databaseUrl?: string;
}

/**
 * Runs `part` against BENCH_URL, or else against the app as production serves it (`tsx api/server.ts`: the built PWA
 * and the API, the real data imported on its first start), started here and stopped after. Its Postgres is
 * DATABASE_URL's, else an embedded one under .data/bench started here, where the app would start it itself, and handed
 * to the app as DATABASE_URL, so that the part can reach the app's database too.
 */
async function withServedApp(part: (app: ServedApp) => Promise<unknown>): Promise<void> {
  if (process.env.BENCH_URL) {
    await part({ url: process.env.BENCH_URL });
    return;
  }
  if (!fs.existsSync(path.join(ROOT, 'dist/pwa/index.html'))) {
    console.log('Building the PWA…');
    await new Promise<void>((res, rej) =>
      spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' }).on('exit', (c) =>
        c ? rej(new Error('build failed')) : res(),
      ),
    );
  }
  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(ROOT, '.data/bench/postgres'), database: 'vinpressen' });
    databaseUrl = embedded.url;
  }
  try {
    const port = await freePort();
    const app = startProcess(path.join(ROOT, 'node_modules/.bin/tsx'), ['api/server.ts'], {
      PORT: String(port),
      DATA_DIR: '.data/bench',
      DATABASE_URL: databaseUrl,
    });
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitFor(`${url}/api/ready`, 120_000);
      await part({ url, databaseUrl });
    } finally {
      // Postgres stops after the app has let go of it, and the next part starts both again.
      const exited = app.exitCode === null ? new Promise((resolve) => app.once('exit', resolve)) : Promise.resolve();
      app.kill('SIGTERM');
      await exited;
    }
  } finally {
    await embedded?.stop();
  }
}

async function throughput(appUrl: string) {
  const barePort = await freePort();
  const bare = startProcess('node', [path.join(ROOT, 'bench/bare-koa.mjs')], { PORT: String(barePort) });
  try {
    const bareUrl = `http://127.0.0.1:${barePort}/`;
    await waitFor(bareUrl, 20_000);

    const page = (await (await fetch(`${appUrl}/api/wines?category=FYND`)).json()) as { items: { id: string }[]; total: number };
    const wines = page.items;
    if (!wines.length) throw new Error('no FYND wines: is the data imported?');
    console.log(`App: ${appUrl} (the FYND answer holds the first ${wines.length} of ${page.total} wines)`);

    const results = await measure([
      { name: 'bare Koa hello-world', url: bareUrl },
      { name: 'GET /api/wines?category=FYND', url: `${appUrl}/api/wines?category=FYND` },
      { name: 'GET /api/wines/:id', url: `${appUrl}/api/wines/${wines[0]!.id}` },
    ]);
    printResults(results, results[0]!);
    printFirstLoad(await measureFirstLoad(appUrl));
  } finally {
    bare.kill('SIGTERM');
  }
}

main().then(
  () => setTimeout(() => process.exit(0), 1500),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
