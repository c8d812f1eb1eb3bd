// Builds the PWA when dist/pwa is missing or older than its sources, so `npm start` always serves the
// current code while later starts skip the build (and stay fast).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/pwa/index.html');

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const sources = ['pwa', 'api/contract', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p)).filter(fs.existsSync);
const sourceTime = Math.max(...sources.map(newestMtime));
const builtTime = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;

if (builtTime < sourceTime) {
  console.log(builtTime ? 'PWA sources changed: rebuilding…' : 'Building the PWA (first start)…');
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
} else {
  console.log('PWA build is up to date.');
}
