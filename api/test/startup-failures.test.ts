import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded-postgres';
import { useTestDatabase } from './test-db';

// Every start-up failure of the real `api/server.ts` (as `npm start` runs it) ends the process with a code other than
// 0 and ONE line on stderr that names the cause and the fix: no stack trace, no fatal log line (api/lib/startup-error.ts).
const getDb = useTestDatabase();
const ROOT = path.resolve(__dirname, '../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vinpressen-startfail-'));
// As root the embedded Postgres runs as the postgres user, which must reach this directory (the broken-Postgres case).
fs.chmodSync(tmp, 0o755);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `tsx api/server.ts` with `env` over a quiet, complete base environment; resolves when it exits (60 s at most). */
function runServer(env: Record<string, string>): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/server.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmp,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: path.join(tmp, 'data'),
      IMPORT_WINES: 'false',
      STATIC_DIR: path.join(tmp, 'no-pwa'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not exit within 60 s:\n${stdout}${stderr}`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      // Let the pipes drain.
      setTimeout(() => resolve({ code, stdout, stderr }), 50);
    });
  });
}

/** Asserts the failure shape: exit code ≠ 0, exactly one line on stderr matching `line`, no stack, no error log lines. */
function expectOneLine(o: Outcome, line: RegExp): void {
  const errLines = o.stderr.split('\n').filter((l) => l.trim());
  // Error and fatal log lines (pino levels 50 and 60) would be a second report of the same failure.
  const errorLogLines = o.stdout.split('\n').filter((l) => /"level":(50|60)/.test(l));
  expect({ code: o.code, errLines, errorLogLines }, `stdout:\n${o.stdout}`).toEqual({
    code: 1,
    errLines: [expect.stringMatching(line)],
    errorLogLines: [],
  });
  expect(o.stdout + o.stderr).not.toContain('    at ');
}

describe('start-up failures of api/server.ts: one line, the cause and the fix', () => {
  it('bad configuration names the variable', async () => {
    const o = await runServer({ PORT: 'not-a-port', DATABASE_URL: getDb().url });
    expectOneLine(o, /^Invalid configuration: PORT: .+ \(fix the environment variable; README 'Configuration' lists them\)$/);
  });

  it('production without HTTPS says what to set', async () => {
    const o = await runServer({ NODE_ENV: 'production', DATABASE_URL: getDb().url, SESSION_SECRET: 'x'.repeat(40) });
    expectOneLine(o, /^Invalid configuration: NODE_ENV=production needs HTTPS: .*PUBLIC_URL=https:\/\/… and TRUST_PROXY=true/);
  });

  it('a taken port names the port and PORT', async () => {
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as net.AddressInfo).port;
    try {
      const o = await runServer({ PORT: String(port), DATABASE_URL: getDb().url });
      expectOneLine(
        o,
        new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is taken \\(EADDRINUSE\\) — stop what listens there, or set PORT to a free port$`),
      );
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('a missing wine data file names the file, WINE_DATA_FILE and IMPORT_WINES', async () => {
    const missing = path.join(tmp, 'no-such-wines.json');
    // The test database has never imported the wines, so the start reaches the import.
    const o = await runServer({ IMPORT_WINES: 'true', WINE_DATA_FILE: missing, DATABASE_URL: getDb().url });
    expectOneLine(
      o,
      new RegExp(
        `^The wine data file ${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is missing \\(ENOENT\\) — set WINE_DATA_FILE .*IMPORT_WINES=false`,
      ),
    );
  });

  it('an unreachable DATABASE_URL names the server (without its password) and the fix', async () => {
    const port = await freePort();
    const o = await runServer({ DATABASE_URL: `postgres://postgres:secret-pw@127.0.0.1:${port}/vinpressen` });
    expectOneLine(
      o,
      new RegExp(
        `^The database in DATABASE_URL \\(postgres://postgres:…@127\\.0\\.0\\.1:${port}/vinpressen\\) can't be used: .*ECONNREFUSED.* — nothing listens there`,
      ),
    );
    expect(o.stderr).not.toContain('secret-pw');
  });

  it('an embedded Postgres that will not start names its data directory', async () => {
    // A data directory that claims to be initialised but is not one: the postmaster refuses it.
    const dataDir = path.join(tmp, 'broken');
    fs.mkdirSync(path.join(dataDir, 'postgres'), { recursive: true, mode: 0o700 });
    fs.writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
    const o = await runServer({ DATA_DIR: dataDir });
    expectOneLine(o, /^The embedded Postgres in \S+ did not start .*— is another Vinpressen running on the same DATA_DIR\?/);
  });
});
