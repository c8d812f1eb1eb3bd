/**
 * The first load of the start page: Chromium opens / (service worker blocked) and every JS and CSS file the page
 * loads from the site is gzipped at level 9 and summed. `npm run bench` measures the running app with it;
 * scripts/check-bundle-budget.ts measures the built dist/pwa and fails over FIRST_LOAD_JS_BUDGET_KB.
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';

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

export async function measureFirstLoad(baseUrl: string): Promise<FirstLoad> {
  // The browser the e2e tests use (playwright.config.ts): CHROMIUM_PATH, else Debian's, else Playwright's own.
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const browser = await chromium.launch({
    executablePath: fs.existsSync(chromiumPath) ? chromiumPath : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ serviceWorkers: 'block' });
    const files = new Map<string, LoadedFile>();
    const reads: Promise<void>[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      const type = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
      if (!type || !res.ok() || url.origin !== new URL(baseUrl).origin) return;
      reads.push(
        res.body().then((body) => {
          files.set(url.pathname, { type, bytes: body.length, gzip: gzipSync(body, { level: 9 }).length });
        }),
      );
    });
    await page.goto(baseUrl, { waitUntil: 'networkidle' });
    // Every body read to the end before the browser closes (a read still running then would drop its file).
    await Promise.all(reads);
    const kb = (type: 'js' | 'css', size: 'bytes' | 'gzip') =>
      [...files.values()].filter((f) => f.type === type).reduce((a, f) => a + f[size], 0) / 1024;
    return { files, kb };
  } finally {
    await browser.close();
  }
}

export function printFirstLoad({ files, kb }: FirstLoad): void {
  console.log('\nJS and CSS loaded by / (gzip -9):');
  for (const [p, f] of [...files.entries()].sort()) console.log(`  ${p.padEnd(50)} ${(f.gzip / 1024).toFixed(1).padStart(7)} KB`);
  console.log(
    `  JS total:  ${kb('js', 'gzip').toFixed(1)} KB gzip (${kb('js', 'bytes').toFixed(1)} KB raw) — target ≤ ${FIRST_LOAD_JS_BUDGET_KB} KB`,
  );
  console.log(`  CSS total: ${kb('css', 'gzip').toFixed(1)} KB gzip (${kb('css', 'bytes').toFixed(1)} KB raw)`);
}
