import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// scripts/check-boundaries.mjs run on small crafted trees (--root): each rule must fail on a crossing, not only
// pass on the real code.

const SCRIPT = path.join(import.meta.dirname, 'check-boundaries.mjs');
const trees: string[] = [];

/** Writes `files` (path → source) into a fresh directory and runs the check there. */
function check(files: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-boundaries-'));
  trees.push(root);
  for (const [file, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), code);
  }
  const run = spawnSync(process.execPath, [SCRIPT, '--root', root], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout + run.stderr };
}

// A tree that keeps every rule: a feature using lib, components, the contract and its own folder.
const CLEAN = {
  'api/contract/wines.ts': 'export type Wine = { id: string };',
  'pwa/lib/format.ts': 'export const format = (n: number) => String(n);',
  'pwa/components/card.tsx': "import { format } from '../lib/format';\nexport const Card = () => format(1);",
  'pwa/features/wines/list.tsx':
    "import type { Wine } from '../../../api/contract/wines';\nimport { Card } from '../../components/card';\nimport { own } from './own';\nexport const list = (w: Wine) => [Card, own, w];",
  'pwa/features/wines/own.ts': 'export const own = 1;',
  'pwa/features/home/home.tsx': 'export const Home = () => null;',
  'pwa/app/router.tsx': "import { Home } from '../features/home/home';\nexport const routes = [Home];",
  'pwa/test/utils.tsx': "import { routes } from '../app/router';\nexport const all = routes;",
};

afterEach(() => {
  for (const root of trees.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

describe('scripts/check-boundaries.mjs', () => {
  it('passes a tree that keeps the rules', () => {
    const { status, out } = check(CLEAN);
    expect(out).toContain('no crossing between features');
    expect(status).toBe(0);
  });

  it('rule 1: fails a feature that imports another feature', () => {
    const { status, out } = check({ ...CLEAN, 'pwa/features/wines/own.ts': "export { Home as own } from '../home/home';" });
    expect(status).toBe(1);
    expect(out).toContain('pwa/features/wines/own.ts → pwa/features/home/home.tsx: a feature imports another feature');
  });

  it('rule 1: fails app code that imports the test support', () => {
    const { status, out } = check({ ...CLEAN, 'pwa/features/wines/own.ts': "export { all as own } from '../../test/utils';" });
    expect(status).toBe(1);
    expect(out).toContain('only tests may use pwa/test/');
  });

  it('rule 2: fails the PWA importing the API beyond api/contract/', () => {
    const { status, out } = check({ ...CLEAN, 'api/db.ts': 'export const db = 1;', 'pwa/lib/format.ts': "import '../../api/db';" });
    expect(status).toBe(1);
    expect(out).toContain("pwa/lib/format.ts: imports api/db.ts ('../../api/db'): the PWA may import only api/contract/");
  });

  it.each([
    ['pwa/lib/format.ts', "import { Home } from '../features/home/home';", 'pwa/features/home/home.tsx'],
    ['pwa/lib/format.ts', "export const load = () => import('../app/router');", 'pwa/app/router.tsx'],
    ['pwa/components/card.tsx', "export type { Home } from '../features/home/home';", 'pwa/features/home/home.tsx'],
    ['pwa/lib/format.test.ts', "import { routes } from '../app/router';", 'pwa/app/router.tsx'],
  ])('rule 3: fails %s importing a feature or the app (%s)', (file, code, target) => {
    const { status, out } = check({ ...CLEAN, [file]: code });
    expect(status).toBe(1);
    expect(out).toContain(`${file}: imports ${target}`);
    expect(out).toContain('may not import pwa/features/ or pwa/app/');
  });
});
