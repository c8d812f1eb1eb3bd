// Feature boundaries of the PWA, run by `npm run lint`.
//
// 1. A file under pwa/features/<A>/ imports only from its own folder pwa/features/<A>/, pwa/components/, pwa/lib/,
//    api/contract/ and packages: never from another feature pwa/features/<B>/ (nor pwa/app/ or pwa/main.tsx).
//    Test files and their helpers (*.test.ts[x], *test-utils*, *test-fakes*, the files of pwa/test/ itself) may also
//    import the shared test support in pwa/test/; nothing else may (it would reach the bundle).
// 2. Nothing under pwa/ imports from api/ but api/contract/. Test files (*.test.ts[x]) may also use the API's test
//    support (api/test/, api/**/test-fixtures.ts): they never reach the bundle, and some run the real API in-process.
//
// The crossings of rule 1 that existed when the rule came (2026-11-24) are listed in
// scripts/feature-boundary-baseline.json and still pass; any other one fails. The list may only shrink: an entry that
// no longer occurs fails too, so that nobody can quietly reuse it. `node scripts/check-boundaries.mjs --prune` drops the
// entries that no longer occur; a new crossing can only be added by editing the file by hand, in review.
//
// Imports are read with the parser Vite ships (rolldown's oxc): import and export … from, import(), and vitest's
// vi.mock()/vi.importActual() paths, type-only imports included.
import fs from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const BASELINE_FILE = path.join(ROOT, 'scripts/feature-boundary-baseline.json');
const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx', '/index.ts', '/index.tsx'];
const FEATURE_ALLOWED = ['pwa/components/', 'pwa/lib/', 'api/contract/'];
const VI_PATH_CALLS = new Set(['mock', 'doMock', 'unmock', 'doUnmock', 'importActual', 'importMock']);

const toPosix = (p) => p.split(path.sep).join('/');

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) out.push(...sourceFiles(rel));
    else if (SOURCE.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The module specifiers a file imports (static, dynamic, re-exports and vitest's mock paths). */
function specifiers(file) {
  const code = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const lang = file.endsWith('.tsx') ? 'tsx' : file.endsWith('.jsx') ? 'jsx' : /\.m?ts$/.test(file) ? 'ts' : 'js';
  const ast = parseAst(code, { lang, sourceType: 'module' }, file);
  const found = [];
  const literal = (node) => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null);
  (function visit(node) {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ExportNamedDeclaration':
      case 'ExportAllDeclaration':
      case 'ImportExpression':
        if (literal(node.source)) found.push(literal(node.source));
        break;
      case 'CallExpression': {
        const { callee } = node;
        if (
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          VI_PATH_CALLS.has(callee.property.name) &&
          literal(node.arguments[0])
        ) {
          found.push(literal(node.arguments[0]));
        }
        break;
      }
    }
    for (const key in node) if (key !== 'type') visit(node[key]);
  })(ast);
  return found;
}

/** The repository path a relative specifier points at (the file when it exists, else the plain path). */
function resolve(from, spec) {
  const base = path.join(path.dirname(path.join(ROOT, from)), spec);
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return toPosix(path.relative(ROOT, candidate));
  }
  return toPosix(path.relative(ROOT, base));
}

const isTest = (file) => /\.test\.(ts|tsx)$/.test(file);
const isTestSupportFile = (file) => isTest(file) || file.startsWith('pwa/test/') || /(^|\/)[^/]*test-(utils|fakes)[^/]*\.tsx?$/.test(file);
const isApiTestSupport = (target) => target.startsWith('api/test/') || /^api\/.+\/test-fixtures\.ts$/.test(target);

const crossings = new Map(); // importer → Set of targets in another feature (rule 1)
const errors = [];
for (const file of sourceFiles('pwa')) {
  const feature = file.match(/^pwa\/features\/([^/]+)\//)?.[1];
  for (const spec of specifiers(file)) {
    if (!spec.startsWith('.')) continue; // a package (the project has no path aliases)
    const target = resolve(file, spec);
    if (isTest(file) && isApiTestSupport(target)) continue;
    if (target.startsWith('api/') && !target.startsWith('api/contract/')) {
      errors.push(`${file}: imports ${target} ('${spec}'): the PWA may import only api/contract/ from the API`);
      continue;
    }
    if (target.startsWith('pwa/test/')) {
      if (!isTestSupportFile(file)) errors.push(`${file}: imports ${target} ('${spec}'): only tests may use pwa/test/`);
      continue;
    }
    if (!feature || target.startsWith(`pwa/features/${feature}/`) || FEATURE_ALLOWED.some((dir) => target.startsWith(dir))) continue;
    if (!crossings.has(file)) crossings.set(file, new Set());
    crossings.get(file).add(target);
  }
}

const baseline = JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8'));
const allowed = baseline.crossings;
const newOnes = [];
for (const [file, targets] of crossings) {
  for (const target of targets) if (!allowed[file]?.includes(target)) newOnes.push(`${file} → ${target}`);
}
const stale = [];
for (const [file, targets] of Object.entries(allowed)) {
  for (const target of targets) if (!crossings.get(file)?.has(target)) stale.push(`${file} → ${target}`);
}

if (process.argv.includes('--prune') && stale.length) {
  const kept = {};
  for (const [file, targets] of Object.entries(allowed)) {
    const still = targets.filter((t) => crossings.get(file)?.has(t));
    if (still.length) kept[file] = still;
  }
  fs.writeFileSync(BASELINE_FILE, `${JSON.stringify({ ...baseline, crossings: kept }, null, 2)}\n`);
  console.log(`check-boundaries: pruned ${stale.length} entries that no longer occur from ${path.relative(ROOT, BASELINE_FILE)}`);
  stale.length = 0;
}

const count = [...crossings.values()].reduce((n, targets) => n + targets.size, 0) - newOnes.length;
for (const line of newOnes) {
  errors.push(`${line}: a feature imports another feature (or pwa/app); move the shared code to pwa/lib/ or pwa/components/`);
}
for (const line of stale) {
  errors.push(`${line}: in the baseline but no longer imported; run node scripts/check-boundaries.mjs --prune`);
}
if (errors.length) {
  console.error(errors.map((e) => `✖ ${e}`).join('\n'));
  console.error(`check-boundaries: ${errors.length} problem(s)`);
  process.exit(1);
}
console.log(`check-boundaries: no new crossing; ${count} known crossings between features in the baseline (${crossings.size} files)`);
