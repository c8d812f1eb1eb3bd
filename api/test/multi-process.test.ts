import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, useTestDatabase } from './test-db';

// Two real API processes (`api/server.ts`, as `npm start` runs it) on one database: the session made
// through one is honoured by the other, and both survive a restart. Nothing of a session lives in a process.
const getDb = useTestDatabase();
const ROOT = path.resolve(__dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vinpressen-mp-'));
const running = new Set<ChildProcess>();

afterAll(async () => {
  await Promise.all([...running].map(stop));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `api/server.ts` on a free port; resolves with its base URL once it listens. */
function startProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: getDb().url,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      IMPORT_WINES: 'false',
      STATIC_DIR: path.join(dataDir, 'no-pwa'),
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: 'info',
      SESSION_SECRET: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"port":(\d+)[^\n]*Vinpressen is running/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${m[1]}`, child });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      running.delete(child);
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Cookies as a browser would keep them: name=value pairs from Set-Cookie. */
function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('two API processes on one database', () => {
  it('share sessions, and keep them across a restart of both', async () => {
    let a = await startProcess();
    let b = await startProcess(); // after a: a has run the migrations

    const registered = await fetch(`${a.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
      body: JSON.stringify({ username: 'Tvåsidig', email: 'tva@example.se', password: 'sexton-6' }),
    });
    expect(registered.status).toBe(201);
    const cookie = cookiesFrom(registered);
    expect(cookie).toMatch(/vinpressen\.sid=.+; vinpressen\.sid\.sig=.+/);

    const current = (base: string) => fetch(`${base}/api/auth/current`, { headers: { Cookie: cookie } });
    const viaB = await current(b.url);
    expect(viaB.status).toBe(200);
    expect(((await viaB.json()) as { username: string }).username).toBe('Tvåsidig');

    await Promise.all([stop(a.child), stop(b.child)]);
    a = await startProcess();
    b = await startProcess();
    expect((await current(a.url)).status).toBe(200);
    expect((await current(b.url)).status).toBe(200);

    // Signing out through one ends the session on the other too.
    const out = await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { Cookie: cookie, Origin: TEST_ORIGIN } });
    expect(out.status).toBe(204);
    expect((await current(a.url)).status).toBe(401);
  }, 90_000);
});
