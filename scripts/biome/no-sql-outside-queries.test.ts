import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// biome.jsonc's guard for api/services/ and the rest of api/ (scripts/biome/no-sql-outside-queries.grit and the restricted imports), run by
// Biome on a small crafted tree with the repo's own config: each kind of query building must fail, and the code
// services do write (transactions, passing db along, hashes, errors) must pass. A Biome upgrade that renames a
// syntax node would otherwise leave the plugin matching nothing, silently.

const REPO = path.resolve(import.meta.dirname, '../..');
const BIOME = path.join(REPO, 'node_modules/.bin/biome');

// One violation a line; the test reads the flagged line numbers back.
const VIOLATIONS = [
  "import knex from 'knex';",
  "import pg from 'pg';",
  "import { createDb } from '../db/knex';",
  "export const a = (db: Knex) => db('users').first();",
  "export const b = (db: Knex) => db<Row>('users');",
  'export const c = (deps: { db: Knex }) => deps.db(`wines as w`);',
  "export const d = (trx: Knex.Transaction) => trx.raw('select 1');",
  "export const e = (db: Knex) => db.select('id');",
  'export const f = (trx: Knex.Transaction) => trx.insert({ id: 1 });',
  "export const g = (k: (t: string) => Builder) => k('users').first('id');",
  "export const h = (q: Builder) => q.whereIn('id', [1]);",
  'export const i = (q: Builder) => q.forUpdate();',
  "export const j = (q: Builder) => q.onConflict('slug');",
  "export const k = (x: { raw: (s: string) => void }) => x.raw('now()');",
];

// What a service writes: none of it may be flagged.
const CLEAN = [
  "import type { Knex } from 'knex';",
  "import { createHash } from 'node:crypto';",
  "import { findUserById } from '../queries/users';",
  'export const a = (db: Knex) => db.transaction(async (trx) => findUserById(trx, trx.fn.now() as unknown as string));',
  'export const b = (db: Knex | Knex.Transaction) => (db.isTransaction ? db : (db as Knex).transaction((t) => t));',
  "export const c = () => createHash('sha256').update('x').digest('hex');",
  "export const d = () => notFound('page', 'Sidan hittades inte');",
  "export const e = () => Array.from('ab').join(',');",
  "export const f = () => 'a,b'.split(',').join('-');",
  'export const g = () => String.raw`a\\b`;',
  "export const h = (m: Map<string, number>) => m.delete('x');",
  "export const i = (path: (p: string) => string[]) => path('a').join('/');",
];

let root: string;

/** The error diagnostics Biome reports for `file` of the crafted tree, as `line: rule`. */
let errors: Map<string, string[]>;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'no-sql-outside-queries-'));
  fs.mkdirSync(path.join(root, 'scripts/biome'), { recursive: true });
  fs.copyFileSync(path.join(REPO, 'biome.jsonc'), path.join(root, 'biome.jsonc'));
  for (const grit of fs.readdirSync(path.join(REPO, 'scripts/biome')).filter((f) => f.endsWith('.grit'))) {
    fs.copyFileSync(path.join(REPO, 'scripts/biome', grit), path.join(root, 'scripts/biome', grit));
  }
  const files: Record<string, string[]> = {
    'api/services/violations.ts': VIOLATIONS,
    'api/services/clean.ts': CLEAN,
    // Tests build rows.
    'api/services/violations.test.ts': VIOLATIONS,
    // The rest of the API outside api/queries/ gets the plugin (not the import rules: api/server.ts opens the pool).
    'api/jobs/violations.ts': VIOLATIONS.slice(3),
    'api/auth/clean.ts': [...CLEAN, 'export const z = (db: Knex) => db.destroy();'],
    'api/queries/wines.ts': VIOLATIONS.slice(3),
    'api/db/knex.ts': VIOLATIONS.slice(3),
  };
  for (const [file, lines] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), `${lines.join('\n')}\n`);
  }
  const run = spawnSync(BIOME, ['lint', '--vcs-enabled=false', '--reporter=github', '--max-diagnostics=none', 'api'], {
    cwd: root,
    encoding: 'utf8',
  });
  errors = new Map();
  for (const match of run.stdout.matchAll(/^::error title=([^,]+),file=([^,]+),line=(\d+),.*?::(.*)$/gm)) {
    const [, rule, file, line, message] = match;
    const key = path.relative(root, file!);
    errors.set(key, [...(errors.get(key) ?? []), `${line}: ${rule === 'plugin' ? message : rule}`]);
  }
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

const flaggedLines = (file: string) => [...new Set((errors.get(file) ?? []).map((e) => Number(e.split(':')[0])))].sort((x, y) => x - y);

describe('biome.jsonc: no SQL outside api/queries/', () => {
  it('flags every kind of query building and the driver imports, line by line', () => {
    expect(flaggedLines('api/services/violations.ts')).toEqual(VIOLATIONS.map((_, i) => i + 1));
  });

  it('names the fix: the imports by rule, the statements by the plugin message', () => {
    const found = errors.get('api/services/violations.ts') ?? [];
    expect(found).toContain('1: lint/style/noRestrictedImports');
    expect(found).toContain('2: lint/style/noRestrictedImports');
    expect(found).toContain('3: lint/style/noRestrictedImports');
    expect(found).toContain(
      '4: Only api/queries/ builds SQL: move this query into a function of api/queries/ (its row type beside it) and call that with db or trx.',
    );
    expect(found).toContain('7: Only api/queries/ writes SQL: move the statement into a function of api/queries/ and call that with db or trx.');
    expect(found).toContain('11: Only api/queries/ refines queries: put the whole query, filters and locks included, in a function of api/queries/.');
  });

  it('passes what services do write: transactions, queries called with db or trx, the Knex type, hashes, errors', () => {
    expect(errors.get('api/services/clean.ts')).toBeUndefined();
  });

  it('flags query building anywhere else in api/ but api/queries/ and api/db/', () => {
    expect(flaggedLines('api/jobs/violations.ts')).toEqual(VIOLATIONS.slice(3).map((_, i) => i + 1));
    expect(errors.get('api/auth/clean.ts')).toBeUndefined();
    expect(errors.get('api/queries/wines.ts')).toBeUndefined();
    expect(errors.get('api/db/knex.ts')).toBeUndefined();
  });

  it('leaves out tests', () => {
    expect(errors.get('api/services/violations.test.ts')).toBeUndefined();
  });
});
