import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl, pgCtl, startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../db/embedded-postgres';
import { TEST_ORIGIN } from './test-db';

// Postgres goes away under a running server and comes back (README 'Running in production'). The real server process
// (`api/server.ts`, as `npm start` runs it) must stay up, answer /api/ready with 503 while the database is down and
// 200 again within 5 s of it accepting connections, and every write it acknowledged must be in the database.
const ROOT = path.resolve(__dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vinpressen-outage-'));
// The embedded Postgres runs as the `postgres` user when we are root: it must reach its data directory.
fs.chmodSync(tmp, 0o755);
const children = new Set<ChildProcess>();
const databases: EmbeddedPostgresHandle[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
  for (const db of databases) await db.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface Server {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote (stdout and stderr), in order. */
  output: () => string;
}

/** Starts `api/server.ts` on a free port with `env`; resolves once it listens. Its log is kept in `tmp`. */
function startServer(name: string, env: Record<string, string>): Promise<Server> {
  const logFile = path.join(tmp, `${name}.log`);
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      IMPORT_WINES: 'false',
      STATIC_DIR: path.join(tmp, 'no-pwa'),
      PUBLIC_URL: TEST_ORIGIN,
      LOG_LEVEL: 'info',
      SESSION_SECRET: '',
      SMTP_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  const keep = (chunk: Buffer) => {
    out += chunk.toString();
    fs.appendFileSync(logFile, chunk);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name}: server did not start:\n${out}`)), 45_000);
    const onData = () => {
      const m = /"port":(\d+)[^\n]*Vinpressen is running/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve({ url: `http://127.0.0.1:${m[1]}`, child, output: () => out });
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name}: server exited (${code ?? signal}):\n${out}`));
    });
  });
}

async function readyStatus(base: string): Promise<number> {
  try {
    return (await fetch(`${base}/api/ready`, { signal: AbortSignal.timeout(3000) })).status;
  } catch {
    return 0;
  }
}

/** Polls /api/ready every 50 ms until it answers `status`; resolves with the ms that took. */
async function waitForReady(base: string, status: number, timeoutMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    if ((await readyStatus(base)) === status) return Math.round(performance.now() - start);
    await sleep(50);
  }
  throw new Error(`/api/ready did not answer ${status} within ${timeoutMs} ms`);
}

/**
 * `clients` loops of newsletter sign-ups (a public write: one INSERT, answered 200 after its commit), each with a new
 * address, until `stop()`. Keeps the addresses that got a 2xx, and when each was acknowledged.
 */
function writeLoad(base: string, clients: number) {
  const acknowledged: { email: string; at: number }[] = [];
  let failed = 0;
  let running = true;
  const loops = Array.from({ length: clients }, async (_, c) => {
    for (let i = 0; running; i++) {
      const email = `w${c}-${i}-${Date.now().toString(36)}@outage.test`;
      try {
        const res = await fetch(`${base}/api/newsletter`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN },
          body: JSON.stringify({ email, phone: '070-123 45 67', gdprConsent: true }),
          signal: AbortSignal.timeout(15_000),
        });
        if (res.ok) acknowledged.push({ email, at: performance.now() });
        else failed += 1;
        await res.arrayBuffer();
      } catch {
        failed += 1;
      }
      await sleep(10);
    }
  });
  return {
    acknowledged,
    failed: () => failed,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function subscribedEmails(url: string): Promise<Set<string>> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(`select email from newsletter_subscribers where email like '%@outage.test'`);
    return new Set(rows.map((r) => r.email));
  } finally {
    await client.end();
  }
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

describe('a Postgres outage under write load', () => {
  it('DATABASE_URL: pg_ctl stop -m fast and start again: the server lives, is ready within 5 s, and lost no acknowledged write', async () => {
    const dataDir = path.join(tmp, 'external-pg');
    const first = await startEmbeddedPostgres({ dataDir, database: 'vinpressen' });
    databases.push(first);
    const server = await startServer('external', { DATABASE_URL: first.url, DATA_DIR: path.join(tmp, 'external-app') });
    expect(await readyStatus(server.url)).toBe(200);

    const load = writeLoad(server.url, 4);
    await expect.poll(() => load.acknowledged.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(20);

    await pgCtl(['stop', '-D', dataDir, '-m', 'fast', '-w']);
    const downAt = performance.now();
    expect(await waitForReady(server.url, 503, 5000)).toBeLessThan(5000);
    await sleep(1500);
    const second = await startEmbeddedPostgres({ dataDir, database: 'vinpressen', port: first.port });
    databases.push(second);
    const backAt = performance.now();
    const readyMs = await waitForReady(server.url, 200, 5000);
    // Writes are acknowledged again after the outage, through the same pool.
    const before = load.acknowledged.length;
    await expect.poll(() => load.acknowledged.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 20);
    await load.stop();

    expect(alive(server.child)).toBe(true);
    expect(readyMs).toBeLessThan(5000);
    const stored = await subscribedEmails(second.url);
    const lost = load.acknowledged.filter((w) => !stored.has(w.email));
    expect(lost).toEqual([]);
    console.info(
      `outage (DATABASE_URL): down ${Math.round(backAt - downAt)} ms, ready ${readyMs} ms after Postgres accepted connections again; ` +
        `${load.acknowledged.length} writes acknowledged (all stored), ${load.failed()} refused during the outage`,
    );
    expect(server.output()).not.toMatch(/"level":60|unhandledRejection|uncaughtException/);
  }, 90_000);

  it('embedded default: its postmaster is SIGKILLed; the server restarts it and is ready again', async () => {
    const dataDir = path.join(tmp, 'embedded-app');
    const server = await startServer('embedded', { DATABASE_URL: '', DATA_DIR: dataDir });
    expect(await readyStatus(server.url)).toBe(200);
    const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
    const pidOf = () => Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    const killed = pidOf();
    const port = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[3]);

    const load = writeLoad(server.url, 2);
    await expect.poll(() => load.acknowledged.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(10);
    process.kill(killed, 'SIGKILL');
    const killedAt = performance.now();
    await waitForReady(server.url, 503, 5000);
    const recoveredMs = await waitForReady(server.url, 200, 30_000);
    const before = load.acknowledged.length;
    await expect.poll(() => load.acknowledged.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(before + 10);
    await load.stop();

    expect(alive(server.child)).toBe(true);
    const restarted = pidOf();
    expect(restarted).not.toBe(killed);
    const stored = await subscribedEmails(embeddedDatabaseUrl(port, 'vinpressen'));
    expect(load.acknowledged.filter((w) => !stored.has(w.email))).toEqual([]);
    // The server says what it did (its log is flushed within a second).
    await expect.poll(() => server.output(), { timeout: 5000 }).toMatch(/embedded Postgres restarted after \d+ ms down/);
    expect(server.output()).toMatch(/"signal":"SIGKILL"[^\n]*embedded Postgres exited; restarting it/);
    expect(server.output()).not.toMatch(/"level":60|unhandledRejection|uncaughtException/);
    console.info(
      `outage (embedded): ready again ${recoveredMs} ms after the SIGKILL (${Math.round(performance.now() - killedAt)} ms until writes resumed); ` +
        `${load.acknowledged.length} writes acknowledged, ${load.failed()} refused`,
    );

    // A shutdown stops the restarted Postgres too.
    await new Promise<void>((resolve) => {
      server.child.once('exit', () => resolve());
      server.child.kill('SIGTERM');
    });
    expect(server.child.exitCode).toBe(0);
    let stillThere = true;
    try {
      process.kill(restarted, 0);
    } catch {
      stillThere = false;
    }
    expect(stillThere).toBe(false);
  }, 90_000);
});
