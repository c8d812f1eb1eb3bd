/**
 * The wine search (GET /api/wines/search, docs/catalogue.md): its latency at the real catalogue (1,137 wines) and at a
 * synthetic one of 100,000, against a plain indexed read of the same page in the same run.
 *
 * What runs: the real app in this process on a real HTTP port, its public cache off (every request is a miss: the
 * search, the presenter, JSON and the gzip/brotli compression of the answer), on two fresh databases on
 * DATABASE_URL's server (else an embedded Postgres under .data/bench-search): one with the real data
 * (db/data/systembolaget-wines.json), one where the real rows are copied to 100,000 with varied names, prices, vintages,
 * launch dates and 'Utgått' dates. Requests go one at a time (latency, not throughput).
 *
 * Measured, interleaved: the search with three filters and a sort (four such searches in turn), the same with a text
 * `q`, and the baseline: GET /api/wines?ids=… of the same page's ids (a plain `WHERE id = ANY(…)` on the primary key,
 * presented and compressed the same way). Targets: search p95 ≤ 30 ms at 1,137 wines and ≤ 150 ms at 100,000.
 * The ratio is search p95 ÷ baseline p95. BENCH_SEARCH_ROUNDS (default 300) requests of each kind.
 * Run alone: `BENCH_ONLY=search npm run bench`.
 */
import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Knex } from 'knex';
import pg from 'pg';
import pino from 'pino';
import { createApp } from '../api/app';
import type { WineSearchInput } from '../api/contract/wine-search';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../api/db/embedded-postgres';
import { createDb, migrateLatest } from '../api/db/knex';
import { JobQueue } from '../api/jobs/queue';
import { PublicCache } from '../api/lib/public-cache';
import { importSystembolagetWines } from '../api/services/systembolaget-import';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 300);
const WARM_UP = 30;
const SYNTHETIC_SIZE = 100_000;
/** The targets (p95, ms) by catalogue size. */
const TARGETS = { real: 30, synthetic: 150 };

/** Three filters and a sort, four ways (the bar), and the same with a text. */
const FILTERED: WineSearchInput[] = [
  { type: 'red', country: 'Frankrike', priceMax: 300, sort: 'price_per_litre' },
  { type: 'white', country: 'Italien', priceMin: 100, sort: 'price_asc' },
  { type: 'red', grape: 'Merlot', priceMax: 250, sort: 'newest' },
  { type: 'white', food: 'fish', pricePerLitreMax: 300, sort: 'rating' },
];
const WITH_TEXT: WineSearchInput[] = [
  { q: 'pinot', type: 'red', priceMax: 300, sort: 'relevance' },
  { q: 'chateau', country: 'Frankrike', priceMax: 400, sort: 'price_asc' },
  { q: 'sauvignon', type: 'white', food: 'fish', sort: 'relevance' },
  { q: 'rioja', type: 'red', priceMax: 250, sort: 'price_per_litre' },
];

/** A search as its address's query string (a repeated parameter for each value of a list). */
function searchUrl(base: string, input: WineSearchInput): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, String(v));
  }
  return `${base}/api/wines/search?${params}`;
}

const databaseUrl = (adminUrl: string, name: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(adminUrl: string, sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * Copies the real rows until the catalogue holds `size` wines: each copy gets a varied name (a suffix and its number),
 * price (60–140 %), vintage (±2), launch date, and one in 20 is no longer sold.
 */
async function multiply(db: Knex, size: number): Promise<void> {
  const { n } = (await db('wines').count({ n: '*' }).first()) as { n: number };
  const copies = Math.ceil((size - n) / n);
  await db.transaction(async (trx) => {
    // One statement of ~100,000 rows (and their search documents, by trigger): longer than the app's statement timeout.
    await trx.raw('set local statement_timeout = 0');
    await trx.raw(
      `insert into wines (name, description, price, rating, categories, vintage, country, region, grape_variety, alcohol_content,
       sweetness, acidity, body, tannins, fruity, food_pairings, occasions, is_granskad_vinpressen, approval_status, source,
       producer, volume_ml, wine_type, packaging, style, color, serving, assortment, is_organic, launch_date, discontinued_on)
     select w.name || ' ' || (array['Reserva','Cuvée','Selection','Classic','Estate','Vieilles Vignes','Organic','Single Vineyard','Gran Selección','Barrique'])[1 + g % 10] || ' ' || g,
       w.description, round(w.price * (0.6 + ((g * 37 + abs(hashtext(w.id::text))) % 80) / 100.0)), w.rating, w.categories,
       case when w.vintage is null then null else least(2025, w.vintage + g % 5 - 2) end,
       w.country, w.region, w.grape_variety, w.alcohol_content, w.sweetness, w.acidity, w.body, w.tannins, w.fruity,
       w.food_pairings, w.occasions, w.is_granskad_vinpressen, 'approved', 'admin', w.producer, w.volume_ml, w.wine_type,
       w.packaging, w.style, w.color, w.serving, w.assortment, w.is_organic,
       date '2015-01-01' + ((g * 53 + abs(hashtext(w.id::text))) % 3650),
       case when g % 20 = 0 then date '2026-08-22' end
     from wines w cross join generate_series(1, ?) g
     limit ?`,
      [copies, size - n],
    );
  });
  // As autovacuum does after a bulk insert: statistics, and the visibility map that index-only scans read.
  await db.raw('vacuum analyze wines');
  await db.raw('vacuum analyze wine_search_facts');
  await db.raw('vacuum analyze wine_search_documents');
}

const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

interface Figures {
  p50: number;
  p95: number;
}
const figures = (ms: number[]): Figures => ({ p50: p(ms, 0.5), p95: p(ms, 0.95) });

async function timed(url: string): Promise<{ ms: number; body: { items: { id: string }[]; total: number } }> {
  const start = performance.now();
  const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
  const body = (await res.json()) as { items: { id: string }[]; total: number };
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

/** Runs the searches and their baselines interleaved against `base`; the p50/p95 of each kind (ms). */
async function measure(base: string): Promise<{ filtered: Figures; text: Figures; baseline: Figures; totals: number[] }> {
  const ms = { filtered: [] as number[], text: [] as number[], baseline: [] as number[] };
  const totals: number[] = [];
  for (let i = 0; i < WARM_UP + ROUNDS; i += 1) {
    const filtered = await timed(searchUrl(base, FILTERED[i % FILTERED.length]!));
    const text = await timed(searchUrl(base, WITH_TEXT[i % WITH_TEXT.length]!));
    const ids = filtered.body.items.map((w) => w.id).join(',');
    const baseline = await timed(`${base}/api/wines?ids=${ids}`);
    if (baseline.body.items.length !== filtered.body.items.length) throw new Error('the baseline read another page');
    if (i < WARM_UP) continue;
    ms.filtered.push(filtered.ms);
    ms.text.push(text.ms);
    ms.baseline.push(baseline.ms);
    if (i < WARM_UP + FILTERED.length) totals.push(filtered.body.total);
  }
  return { filtered: figures(ms.filtered), text: figures(ms.text), baseline: figures(ms.baseline), totals };
}

async function serve(url: string, run: (base: string) => Promise<void>): Promise<void> {
  const db = createDb(url, { poolMax: 5 });
  const log = pino({ level: 'info' }, new Writable({ write: (_chunk, _enc, cb) => cb() }));
  const jobs = new JobQueue(url, log, { supervise: false });
  const app = createApp({
    db,
    log,
    cache: new PublicCache({ enabled: false }),
    version: 'bench',
    jobs,
    keys: ['bench-secret-key-0123456789abcdefghijklmnopqrstuvwxyz'],
    publicUrl: 'http://bench.vinpressen.test',
    production: false,
  });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as { port: number }).port}`);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await jobs.stop();
    await db.destroy();
  }
}

interface SearchBenchResult {
  passed: boolean;
}

/** The search benchmark; prints its figures and whether both targets were met. */
export async function benchSearch(): Promise<SearchBenchResult> {
  let embedded: EmbeddedPostgresHandle | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: path.join(ROOT, '.data/bench-search/postgres'), database: 'postgres' });
    adminUrl = embedded.adminUrl;
  }
  const stamp = Date.now().toString(36);
  const names = { real: `vinpressen_bench_search_real_${stamp}`, synthetic: `vinpressen_bench_search_100k_${stamp}` };
  const rows: { label: string; size: number; target: number; r: Awaited<ReturnType<typeof measure>> }[] = [];
  try {
    for (const kind of ['real', 'synthetic'] as const) {
      await admin(adminUrl, `create database ${names[kind]}`);
      const url = databaseUrl(adminUrl, names[kind]);
      const db = createDb(url, { poolMax: 2 });
      try {
        await migrateLatest(db);
        await importSystembolagetWines(db, path.join(ROOT, 'db/data/systembolaget-wines.json'));
        const started = performance.now();
        if (kind === 'synthetic') await multiply(db, SYNTHETIC_SIZE);
        else await db.raw('analyze');
        const { n } = (await db('wines').count({ n: '*' }).first()) as { n: number };
        if (kind === 'synthetic') console.log(`Synthetic catalogue: ${n} wines made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await serve(url, async (base) => {
          rows.push({ label: kind === 'real' ? 'real data' : 'synthetic', size: n, target: TARGETS[kind], r: await measure(base) });
        });
      } finally {
        await db.destroy();
      }
    }
  } finally {
    for (const name of Object.values(names)) await admin(adminUrl, `drop database if exists ${name} with (force)`).catch(() => {});
    await embedded?.stop();
  }

  const src = process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded';
  console.log(`\nWine search (${src} Postgres), ${ROUNDS} requests of each kind, one at a time, cache off:`);
  console.log(
    'catalogue'.padEnd(22),
    'search p50/p95 ms'.padStart(18),
    'with q p50/p95'.padStart(16),
    'baseline p50/p95'.padStart(18),
    'ratio p95'.padStart(10),
    'target',
  );
  let passed = true;
  for (const { label, size, target, r } of rows) {
    const ok = r.filtered.p95 <= target;
    passed &&= ok;
    console.log(
      `${label} (${size})`.padEnd(22),
      `${r.filtered.p50.toFixed(1)} / ${r.filtered.p95.toFixed(1)}`.padStart(18),
      `${r.text.p50.toFixed(1)} / ${r.text.p95.toFixed(1)}`.padStart(16),
      `${r.baseline.p50.toFixed(1)} / ${r.baseline.p95.toFixed(1)}`.padStart(18),
      (r.filtered.p95 / r.baseline.p95).toFixed(1).padStart(10),
      ` ≤ ${target} ms ${ok ? 'met' : 'MISSED'} (matches: ${r.totals.join(', ')})`,
    );
  }
  return { passed };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchSearch().then(
    (r) => process.exit(r.passed ? 0 : 1),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
