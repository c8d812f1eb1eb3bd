/**
 * Lighthouse on a phone (`BENCH_ONLY=lighthouse npm run bench`): Lighthouse's default configuration, i.e. a mobile
 * screen (Moto G Power, 412 × 823), simulated slow 4G and a 4× slower CPU, run by Debian's headless Chromium against
 * the production build served by the real app with the real data. Pages: the start page, a wine list, the wine
 * search, one real wine, the recipes, one recipe, the articles and the newest published article. Where the bench
 * reaches the app's database (not BENCH_URL), it first publishes the app's welcome article there, as 'Migrera data nu'
 * does (publishWelcomeArticle); without a published article the bench fails rather than leave the page out.
 *
 * Per page it prints the four category scores (0–100: performance, accessibility, best practices, SEO), LCP (s), CLS
 * (unitless), TBT (ms), the errors the page logged to the console, and the JS the page's first load takes (gzip KB,
 * measured apart in Chromium through Playwright, bench/first-load.ts); with BENCH_LIGHTHOUSE_RUNS=N (default 1) each
 * page is run N times and every figure is the median of the N. The full reports (Lighthouse's JSON) are written under
 * .data/bench-lighthouse/<time>/.
 *
 * Targets (LIGHTHOUSE_TARGETS): every category ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.02, TBT ≤ 100 ms, no console error, on every
 * page; the start page's first load ≤ 150 KB of JS. Each page's row says which it misses; the bench fails when one is.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import lighthouse, { type Result } from 'lighthouse';
import { createDb } from '../api/db/knex';
import { insertArticleUnlessSlugTaken } from '../api/queries/articles';
import { DEFAULT_ARTICLE, defaultArticleRow } from '../api/services/default-content';
import { FIRST_LOAD_JS_BUDGET_KB, measurePageLoad } from './first-load';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** What every page must reach: each category's score (0–100), LCP (s), CLS, TBT (ms) and console errors. */
export const LIGHTHOUSE_TARGETS = { minScore: 95, maxLcpSeconds: 2.0, maxCls: 0.02, maxTbtMs: 100, maxConsoleErrors: 0 } as const;

/** One page's figures (medians over the runs). Scores 0–100; LCP in s; TBT in ms. */
export interface LighthousePage {
  name: string;
  path: string;
  /** The HTTP status of the document. */
  status: number;
  /** How many of the runs gave a report (the medians are of these). */
  runs: number;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  lcpSeconds: number | null;
  cls: number | null;
  tbtMs: number | null;
  /** The console errors of all runs, each once ('source: text (url)'). */
  consoleErrors: string[];
  /** The element whose shifts weigh most in the median run's CLS, with its share ('footer.mt-12: 0.245'). */
  topShift: string | null;
  /** The JS the page's first load takes, gzip KB (bench/first-load.ts); null when it could not be measured. */
  firstLoadJsKb: number | null;
  /** The targets this page misses ('perf 88', 'LCP 2.4 s', …); empty when it meets them all. */
  missed: string[];
}

const median = (values: number[]): number | null => {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/**
 * Publishes the app's own welcome article (DEFAULT_ARTICLE, the row 'Migrera data nu' inserts: defaultArticleRow) in
 * the database at `databaseUrl`, through the app's query, unless an article has its slug already. A fresh bench
 * database has no article, and the article page is one of the pages measured.
 */
async function publishWelcomeArticle(databaseUrl: string): Promise<void> {
  const db = createDb(databaseUrl, { poolMax: 1 });
  try {
    await insertArticleUnlessSlugTaken(db, defaultArticleRow());
  } finally {
    await db.destroy();
  }
}

/**
 * The pages to measure: fixed paths plus a real wine, the first recipe and the newest published article, looked up on
 * the app.
 * @throws Error when the app has no wine, recipe or published article
 */
async function pagesOf(appUrl: string): Promise<{ name: string; path: string }[]> {
  const wines = (await (await fetch(`${appUrl}/api/wines?limit=1`)).json()) as { items: { id: string }[] };
  const wineId = wines.items[0]?.id;
  if (!wineId) throw new Error('GET /api/wines?limit=1 returned no wine: is the data imported?');
  const articles = (await (await fetch(`${appUrl}/api/articles`)).json()) as { items: { slug: string }[] };
  const article = articles.items[0];
  if (!article) {
    throw new Error(
      `GET /api/articles returned no published article, so the article page can't be measured: publish one (the admin's 'Migrera data nu' publishes '${DEFAULT_ARTICLE.title}')`,
    );
  }
  const recipes = (await (await fetch(`${appUrl}/api/recipes`)).json()) as { items: { id: string }[] };
  const recipe = recipes.items[0];
  if (!recipe) throw new Error('GET /api/recipes returned no recipe');
  return [
    { name: 'start', path: '/' },
    { name: 'fynd', path: '/fynd' },
    { name: 'viner-sok', path: '/viner?q=riesling' },
    { name: 'vin', path: `/wine/${encodeURIComponent(wineId)}` },
    { name: 'recept', path: '/recept' },
    { name: 'recept-sida', path: `/recept/${encodeURIComponent(recipe.id)}` },
    { name: 'artiklar', path: '/artiklar' },
    { name: 'artikel', path: `/artiklar/${encodeURIComponent(article.slug)}` },
  ];
}

/**
 * Runs Lighthouse (mobile defaults) on each page of the app at `appUrl`, measures each page's first-load JS, prints the
 * table with what each page misses and returns the figures, `passed` when every page meets LIGHTHOUSE_TARGETS. With
 * `databaseUrl` (the app's database), the app's welcome article is published there first (publishWelcomeArticle).
 * @throws Error when the app has no published article (pagesOf)
 */
export async function benchLighthouse(appUrl: string, databaseUrl?: string): Promise<{ pages: LighthousePage[]; passed: boolean }> {
  if (databaseUrl) await publishWelcomeArticle(databaseUrl);
  const pages = await pagesOf(appUrl);
  const outDir = path.join(ROOT, '.data/bench-lighthouse', new Date().toISOString().replace(/[:.]/g, '-'));
  fs.mkdirSync(outDir, { recursive: true });
  // The browser the e2e tests use (playwright.config.ts): CHROMIUM_PATH, else Debian's.
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const chrome = await chromeLauncher.launch({
    chromePath: fs.existsSync(chromePath) ? chromePath : undefined,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const results: LighthousePage[] = [];
  let version = '';
  try {
    for (const page of pages) {
      // Lighthouse gives up on a document that answers 4xx/5xx; the status is printed either way.
      const status = (await fetch(`${appUrl}${page.path}`)).status;
      const lhrs: Result[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        // Lighthouse's default config: mobile form factor, simulated slow 4G, 4× CPU slowdown.
        const measure = async () => {
          const result = await lighthouse(`${appUrl}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          });
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
          return result;
        };
        let result = await measure();
        // A trace that failed to record (NO_NAVSTART and the like, now and then on this machine) is measured again, once.
        if (result.lhr.runtimeError && status < 400) result = await measure();
        fs.writeFileSync(path.join(outDir, `${page.name}-${run}.json`), result.report as string);
        version = result.lhr.lighthouseVersion;
        if (result.lhr.runtimeError)
          console.error(`Lighthouse on ${page.path}, run ${run}: ${result.lhr.runtimeError.code} (left out of the medians)`);
        else lhrs.push(result.lhr);
      }
      results.push(summarise(page, status, lhrs));
    }
  } finally {
    chrome.kill();
  }
  await addFirstLoads(appUrl, results);
  for (const r of results) r.missed = missedTargets(r);
  printLighthouse(results, version, outDir);
  return { pages: results, passed: results.every((r) => r.missed.length === 0) };
}

/** Each page's first-load JS (gzip KB), in a Chromium of its own with service workers blocked (bench/first-load.ts). */
async function addFirstLoads(appUrl: string, results: LighthousePage[]): Promise<void> {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({ executablePath: fs.existsSync(chromiumPath) ? chromiumPath : undefined, args: ['--no-sandbox'] });
  try {
    for (const r of results) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      try {
        r.firstLoadJsKb = (await measurePageLoad(await context.newPage(), `${appUrl}${r.path}`)).kb('js', 'gzip');
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
}

/** The targets `r` misses, as short texts ('perf 88', 'LCP 2.4 s', 'JS 151.2 KB'); a missing figure is a miss. */
function missedTargets(r: LighthousePage): string[] {
  const t = LIGHTHOUSE_TARGETS;
  const missed: string[] = [];
  if (r.status !== 200) missed.push(`HTTP ${r.status}`);
  for (const [id, short] of [
    ['performance', 'perf'],
    ['accessibility', 'a11y'],
    ['best-practices', 'b-p'],
    ['seo', 'SEO'],
  ] as const) {
    const score = r.scores[id];
    if (score === null || score < t.minScore) missed.push(`${short} ${score ?? '–'}`);
  }
  if (r.lcpSeconds === null || r.lcpSeconds > t.maxLcpSeconds) missed.push(`LCP ${r.lcpSeconds?.toFixed(1) ?? '–'} s`);
  if (r.cls === null || r.cls > t.maxCls) missed.push(`CLS ${r.cls?.toFixed(3) ?? '–'}`);
  if (r.tbtMs === null || r.tbtMs > t.maxTbtMs) missed.push(`TBT ${r.tbtMs?.toFixed(0) ?? '–'} ms`);
  if (r.consoleErrors.length > t.maxConsoleErrors) missed.push(`${r.consoleErrors.length} console errors`);
  if (r.path === '/' && (r.firstLoadJsKb === null || r.firstLoadJsKb > FIRST_LOAD_JS_BUDGET_KB)) {
    missed.push(`JS ${r.firstLoadJsKb?.toFixed(1) ?? '–'} KB`);
  }
  return missed;
}

function summarise(page: { name: string; path: string }, status: number, lhrs: Result[]): LighthousePage {
  const numeric = (id: string) => median(lhrs.map((l) => l.audits[id]?.numericValue).filter((v): v is number => typeof v === 'number'));
  const score = (id: (typeof CATEGORIES)[number]) => {
    const m = median(lhrs.map((l) => l.categories[id]?.score).filter((v): v is number => typeof v === 'number'));
    return m === null ? null : Math.round(m * 100);
  };
  const errors = new Set<string>();
  for (const l of lhrs) {
    const items =
      (
        l.audits['errors-in-console']?.details as
          | { items?: { source?: string; description?: string; sourceLocation?: { url?: string } }[] }
          | undefined
      )?.items ?? [];
    for (const item of items) {
      const where = item.sourceLocation?.url ? ` (${new URL(item.sourceLocation.url).pathname})` : '';
      errors.add(`${item.source ?? '?'}: ${(item.description ?? '').slice(0, 200)}${where}`);
    }
  }
  const lcp = numeric('largest-contentful-paint');
  const cls = numeric('cumulative-layout-shift');
  // The run whose CLS is the median (the first run when N is even), for naming what moved.
  const clsRun = lhrs.find((l) => l.audits['cumulative-layout-shift']?.numericValue === cls) ?? lhrs[0];
  return {
    ...page,
    status,
    runs: lhrs.length,
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpSeconds: lcp === null ? null : lcp / 1000,
    cls,
    tbtMs: numeric('total-blocking-time'),
    consoleErrors: [...errors],
    topShift: clsRun ? topShift(clsRun) : null,
    firstLoadJsKb: null,
    missed: [],
  };
}

/** The element that shifted most in `lhr` ('footer.mt-12: 0.245'), from the layout-shifts audit; null without shifts. */
function topShift(lhr: Result): string | null {
  const items = (lhr.audits['layout-shifts']?.details as { items?: { node?: { selector?: string }; score?: number }[] } | undefined)?.items ?? [];
  const top = [...items].sort((a, b) => (b.score ?? 0) - (a.score ?? 0))[0];
  if (!top?.score) return null;
  const selector = top.node?.selector?.split(' > ').at(-1) ?? '?';
  return `${selector}: ${top.score.toFixed(3)}`;
}

function printLighthouse(results: LighthousePage[], version: string, outDir: string) {
  const fmt = (v: number | null, digits = 0) => (v === null ? '–' : v.toFixed(digits));
  const width = Math.max(...results.map((r) => r.path.length)) + 1;
  const t = LIGHTHOUSE_TARGETS;
  console.log(
    `\nLighthouse ${version}, mobile defaults (slow 4G and 4× CPU simulated), ${RUNS === 1 ? '1 run' : `median of ${RUNS} runs`} per page;` +
      ` targets: each score ≥ ${t.minScore}, LCP ≤ ${t.maxLcpSeconds} s, CLS ≤ ${t.maxCls}, TBT ≤ ${t.maxTbtMs} ms, no console error,` +
      ` / ≤ ${FIRST_LOAD_JS_BUDGET_KB} KB JS:`,
  );
  console.log(
    'page'.padEnd(width),
    'HTTP'.padStart(4),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'b-p'.padStart(4),
    'SEO'.padStart(4),
    'LCP s'.padStart(6),
    'CLS'.padStart(6),
    'TBT ms'.padStart(7),
    'errors'.padStart(7),
    'JS KB'.padStart(7),
    ' targets',
  );
  for (const r of results) {
    console.log(
      r.path.padEnd(width),
      String(r.status).padStart(4),
      fmt(r.scores.performance).padStart(5),
      fmt(r.scores.accessibility).padStart(5),
      fmt(r.scores['best-practices']).padStart(4),
      fmt(r.scores.seo).padStart(4),
      fmt(r.lcpSeconds, 1).padStart(6),
      fmt(r.cls, 3).padStart(6),
      fmt(r.tbtMs).padStart(7),
      String(r.consoleErrors.length).padStart(7),
      fmt(r.firstLoadJsKb, 1).padStart(7),
      r.missed.length ? ` missed: ${r.missed.join(', ')}` : ' met',
    );
  }
  for (const r of results) if (r.runs < RUNS) console.log(`  ${r.path}: ${r.runs} of ${RUNS} runs gave a report`);
  for (const r of results) if (r.topShift && (r.cls ?? 0) >= 0.01) console.log(`  ${r.path} shifts most: ${r.topShift}`);
  for (const r of results) for (const e of r.consoleErrors) console.log(`  ${r.path} console: ${e}`);
  console.log(`Reports: ${path.relative(ROOT, outDir)}/`);
}
