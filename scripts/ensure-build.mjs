// Builds the PWA when dist/pwa is missing or older than its sources, so `npm start` always serves the
// current code while later starts skip the build (and stay fast). A failure ends `npm start` with one line naming the
// cause and the fix, and exit code 1 (README 'Quick start').
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/pwa/index.html');
// The server's render of the public pages (docs/ssr.md), built from the same sources.
const builtServer = path.join(root, 'dist/server/entry-server.js');

/** Prints `line` on stderr and ends the process with code 1. */
function fail(line) {
  console.error(line);
  process.exit(1);
}

const major = Number(process.versions.node.split('.')[0]);
if (major < 24)
  fail(`Node.js ${process.versions.node} is too old: Vinpressen needs Node.js 24 (.nvmrc) — install it (e.g. nvm install) and run npm start again`);

const vite = path.join(root, 'node_modules/vite/bin/vite.js');
if (!fs.existsSync(vite)) fail(`The dependencies are not installed (${path.relative(process.cwd(), vite) || vite} is missing) — run npm ci first`);

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const sources = ['pwa', 'api/contract', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p)).filter(fs.existsSync);
const sourceTime = Math.max(...sources.map(newestMtime));
const builtTime = fs.existsSync(built) && fs.existsSync(builtServer) ? Math.min(fs.statSync(built).mtimeMs, fs.statSync(builtServer).mtimeMs) : 0;

if (builtTime < sourceTime) {
  console.log(builtTime ? 'PWA sources changed: rebuilding…' : 'Building the PWA (first start)…');
  try {
    execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    execFileSync(process.execPath, [vite, 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  } catch (err) {
    fail(
      `The PWA build failed (vite build exited with ${err.status ?? err.code}; its output is above) — fix the error it names, or run npm ci if the dependencies are damaged`,
    );
  }
} else {
  console.log('PWA build is up to date.');
}
