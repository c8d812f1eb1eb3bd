import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { pgCtl, startEmbeddedPostgres, type EmbeddedPostgresHandle, type SupervisorEvent } from './embedded-postgres';

// The supervision of the embedded Postgres (the default without DATABASE_URL) on a real server: a postmaster that
// dies is started again, one started by hand is watched instead of fought, and stop() ends it all.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vinpressen-supervise-'));
fs.chmodSync(tmp, 0o755);
const handles: EmbeddedPostgresHandle[] = [];

afterAll(async () => {
  for (const h of handles) await h.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('startEmbeddedPostgres with supervise', () => {
  it('restarts a killed postmaster, watches one started by hand, and stops for good on stop()', async () => {
    const dataDir = path.join(tmp, 'data');
    const events: SupervisorEvent[] = [];
    const types = () => events.map((e) => e.type);
    // Long waits (1.5 s, then 3 s for the second exit within 30 s), so that a hand-started postmaster (below) comes first.
    const h = await startEmbeddedPostgres({ dataDir, database: 'x', supervise: { onEvent: (e) => events.push(e), initialDelayMs: 1500 } });
    handles.push(h);
    const first = h.pid()!;

    process.kill(first, 'SIGKILL');
    await expect.poll(types, { timeout: 30_000 }).toEqual(['exited', 'restarted']);
    expect(events[0]).toMatchObject({ type: 'exited', pid: first, signal: 'SIGKILL', restartInMs: 1500 });
    expect(h.pid()).not.toBe(first);
    expect(await answers(h.url)).toBe(true);

    // Stopped and started again by hand before the supervisor's restart: that postmaster is adopted.
    await pgCtl(['stop', '-D', dataDir, '-m', 'fast', '-w']);
    const opts = `-p ${h.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories= -c max_connections=200`;
    await pgCtl(['start', '-D', dataDir, '-o', opts, '-l', path.join(dataDir, 'by-hand.log'), '-w']);
    await expect.poll(types, { timeout: 30_000 }).toEqual(['exited', 'restarted', 'exited', 'adopted']);
    expect(events[2]).toMatchObject({ type: 'exited', restartInMs: 3000 });
    const byHand = h.pid()!;
    expect(await answers(h.url)).toBe(true);

    // When that one goes, the supervisor starts its own again.
    await pgCtl(['stop', '-D', dataDir, '-m', 'fast', '-w']);
    await expect.poll(types, { timeout: 30_000 }).toEqual(['exited', 'restarted', 'exited', 'adopted', 'exited', 'restarted']);
    expect(h.pid()).not.toBe(byHand);
    expect(await answers(h.url)).toBe(true);

    const last = h.pid()!;
    await h.stop();
    expect(alive(last)).toBe(false);
    expect(h.pid()).toBeUndefined();
    expect(types()).toHaveLength(6);
  }, 90_000);
});

describe('startEmbeddedPostgres under a private (mode 700) directory', () => {
  it('as root, puts the data where the postgres user can reach it, says so, and finds it again on the next start', async () => {
    const isRoot = process.getuid?.() === 0;
    // CI runs as root (.ci/run), where the postgres user meets the private parent; elsewhere the requested path is kept.
    if (process.env.CI) expect(isRoot, 'CI runs as root').toBe(true);
    const privateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vinpressen-private-'));
    fs.chmodSync(privateDir, 0o700);
    const requested = path.join(privateDir, 'clone', '.data', 'postgres');
    try {
      const first = await startEmbeddedPostgres({ dataDir: requested, database: 'x' });
      handles.push(first);
      if (isRoot) {
        expect(first.dataDir.startsWith(privateDir)).toBe(false);
        expect(first.relocated).toContain(first.dataDir);
        expect(first.relocated).toContain(requested);
      } else {
        expect(first.dataDir).toBe(requested);
        expect(first.relocated).toBeUndefined();
      }
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query("create table kept (v text); insert into kept values ('still here')");
      await client.end();
      await first.stop();

      const second = await startEmbeddedPostgres({ dataDir: requested, database: 'x' });
      handles.push(second);
      expect(second.dataDir).toBe(first.dataDir);
      const again = new pg.Client({ connectionString: second.url });
      await again.connect();
      const { rows } = await again.query<{ v: string }>('select v from kept');
      await again.end();
      expect(rows).toEqual([{ v: 'still here' }]);
      await second.stop();
      if (first.dataDir !== requested) fs.rmSync(path.dirname(first.dataDir), { recursive: true, force: true });
    } finally {
      fs.rmSync(privateDir, { recursive: true, force: true });
    }
  });
});
