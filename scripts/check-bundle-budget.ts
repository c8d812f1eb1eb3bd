/**
 * The first-load budget of the start page as a check (npm run check:budget, run by npm run test:e2e right after the
 * build): serves the built dist/pwa, measures / with the bench's own code (bench/first-load.ts: Chromium, the JS and
 * CSS the page loads, gzip -9) and exits 1 when its JS is over FIRST_LOAD_JS_BUDGET_KB.
 *
 * No API and no database: every /api/ request is answered 404 with the app's error shape (not retried, so the page
 * settles at once). The start page then shows its empty and fallback states, which live in the same chunks. With
 * data it also fetches Dexie, after the wines are shown, to keep them for offline reading (README 'Benchmarks').
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { FIRST_LOAD_JS_BUDGET_KB, measureFirstLoad, printFirstLoad } from '../bench/first-load';

const DIST = path.resolve(import.meta.dirname, '../dist/pwa');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
};

if (!fs.existsSync(path.join(DIST, 'index.html'))) {
  console.error('check-bundle-budget: dist/pwa/index.html is missing; run npm run build first');
  process.exit(1);
}

const server = http.createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname.startsWith('/api/')) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found","message":"Hittades inte"}}');
    return;
  }
  const file = path.join(DIST, path.normalize(decodeURIComponent(pathname)));
  const isFile = file.startsWith(DIST) && fs.existsSync(file) && fs.statSync(file).isFile();
  // Like the app's static middleware: a path that is no file gets the app shell.
  const served = isFile ? file : path.join(DIST, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream' }).end(fs.readFileSync(served));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

try {
  const firstLoad = await measureFirstLoad(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  printFirstLoad(firstLoad);
  const js = firstLoad.kb('js', 'gzip');
  if (js > FIRST_LOAD_JS_BUDGET_KB) {
    console.error(`\n✖ / loads ${js.toFixed(1)} KB of JS gzip: over its budget of ${FIRST_LOAD_JS_BUDGET_KB} KB (README 'Benchmarks')`);
    process.exitCode = 1;
  } else {
    console.log(`\n✓ first-load JS of /: ${js.toFixed(1)} KB gzip of ${FIRST_LOAD_JS_BUDGET_KB} KB`);
  }
} finally {
  server.close();
}
