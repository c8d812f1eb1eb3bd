/**
 * The first load of the start page: Chromium opens / (service worker blocked) and every JS and CSS file the page
 * loads from the site is gzipped at level 9 and summed. `npm run bench` measures the running app with it;
 * e2e/first-load-budget.spec.ts measures the e2e server (the built dist/pwa with the real data) and fails over
 * FIRST_LOAD_JS_BUDGET_KB.
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';

/** Target of issue "Foundation": at most this much JS, gzip, for /. */
export const FIRST_LOAD_JS_BUDGET_KB = 150;

interface LoadedFile {
  type: 'js' | 'css';
  bytes: number;
  gzip: number;
}

export interface FirstLoad {
  files: Map<string, LoadedFile>;
  /** Sum of one type's raw or gzipped sizes, in KB (1024 bytes). */
  kb(type: 'js' | 'css', size: 'bytes' | 'gzip'): number;
}

/** Launches Chromium as the e2e tests do (service worker blocked) and measures `baseUrl` with measurePageLoad. */
export async function measureFirstLoad(baseUrl: string): Promise<FirstLoad> {
  // The browser the e2e tests use (playwright.config.ts): CHROMIUM_PATH, else Debian's, else Playwright's own.
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({
    executablePath: fs.existsSync(chromiumPath) ? chromiumPath : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    return await measurePageLoad(await browser.newPage({ serviceWorkers: 'block' }), baseUrl);
  } finally {
    await browser.close();
  }
}

/**
 * Opens `url` (absolute) in a fresh page (its context must block service workers, else they fetch the whole precache) and waits
 * for the network to be idle, which includes what the page fetches right after showing its data (Dexie, to keep the
 * wines on the device). Sizes in the result are of the files as served, gzipped at level 9.
 */
export async function measurePageLoad(page: Page, url: string): Promise<FirstLoad> {
  const origin = new URL(url).origin;
  const files = new Map<string, LoadedFile>();
  const reads: Promise<void>[] = [];
  page.on('response', (res) => {
    const resUrl = new URL(res.url());
    const type = resUrl.pathname.endsWith('.js') ? 'js' : resUrl.pathname.endsWith('.css') ? 'css' : null;
    if (!type || !res.ok() || resUrl.origin !== origin) return;
    reads.push(
      res.body().then((body) => {
        files.set(resUrl.pathname, { type, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Every body read to the end before the browser closes (a read still running then would drop its file).
  await Promise.all(reads);
  const kb = (type: 'js' | 'css', size: 'bytes' | 'gzip') =>
    [...files.values()].filter((f) => f.type === type).reduce((a, f) => a + f[size], 0) / 1024;
  return { files, kb };
}

/** The per-file list (gzip KB) and the totals, as printed lines. */
export function formatFirstLoad({ files, kb }: FirstLoad): string {
  return [
    'JS and CSS loaded by / (gzip -9):',
    ...[...files.entries()].sort().map(([p, f]) => `  ${p.padEnd(50)} ${(f.gzip / 1024).toFixed(1).padStart(7)} KB`),
    `  JS total:  ${kb('js', 'gzip').toFixed(1)} KB gzip (${kb('js', 'bytes').toFixed(1)} KB raw) — target ≤ ${FIRST_LOAD_JS_BUDGET_KB} KB`,
    `  CSS total: ${kb('css', 'gzip').toFixed(1)} KB gzip (${kb('css', 'bytes').toFixed(1)} KB raw)`,
  ].join('\n');
}

export function printFirstLoad(firstLoad: FirstLoad): void {
  console.log(`\n${formatFirstLoad(firstLoad)}`);
}
