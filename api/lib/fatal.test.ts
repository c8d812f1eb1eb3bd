import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The process policy for the unexpected (api/lib/fatal.ts) in a real process: a Koa app with the real request-context
// middleware, whose handler leaves a rejected promise or a throwing timer behind. The process must log one fatal line
// naming the request, run beforeExit, flush, and exit with code 1.
const ROOT = path.resolve(__dirname, '../..');

function crashingServer(failure: string): string {
  return `
import Koa from 'koa';
import pino from 'pino';
import { exitOnUnexpected } from './api/lib/fatal.ts';
import { requestContext } from './api/middlewares/request-context.ts';
const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const log = pino({ level: 'info' }, destination);
exitOnUnexpected({ log, flush: () => destination.flushSync(), beforeExit: () => log.info('beforeExit ran') });
const app = new Koa();
app.use(requestContext(log));
app.use(async (ctx) => {
  ${failure}
  ctx.body = 'ok';
});
const server = app.listen(0, '127.0.0.1', () => console.error('PORT=' + server.address().port));
`;
}

async function crash(failure: string): Promise<{ code: number | null; stdout: string; answered: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', crashingServer(failure)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
      const m = /PORT=(\d+)/.exec(stderr);
      if (m) resolve(m[1]!);
    });
    void exited.then(() => reject(new Error(`exited before listening:\n${stdout}${stderr}`)));
  });
  const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'X-Request-Id': 'fatal-test-request-1' } });
  const code = await Promise.race([exited, new Promise<'alive'>((r) => setTimeout(() => r('alive'), 10_000))]);
  if (code === 'alive') {
    child.kill('SIGKILL');
    throw new Error(`the process outlived its failure:\n${stdout}${stderr}`);
  }
  return { code, stdout, answered: res.status };
}

const fatalLines = (stdout: string) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { level: number; reqId?: string; event?: string; msg: string; err?: { message: string } })
    .filter((l) => l.level === 60);

describe('the process policy for the unexpected', () => {
  it('exits 1 after an unhandled rejection, with a fatal line naming the request, beforeExit run and the log flushed', async () => {
    const { code, stdout, answered } = await crash(`setTimeout(() => Promise.reject(new Error('lost rejection')), 20);`);
    expect(answered).toBe(200);
    expect(code).toBe(1);
    expect(fatalLines(stdout)).toEqual([
      expect.objectContaining({
        reqId: 'fatal-test-request-1',
        event: 'unhandledRejection',
        err: expect.objectContaining({ message: 'lost rejection' }),
      }),
    ]);
    expect(stdout).toContain('beforeExit ran');
  });

  it('exits 1 after an uncaught exception, with a fatal line naming the request', async () => {
    const { code, stdout } = await crash(`setTimeout(() => { throw new Error('thrown in a timer'); }, 20);`);
    expect(code).toBe(1);
    expect(fatalLines(stdout)).toEqual([
      expect.objectContaining({
        reqId: 'fatal-test-request-1',
        event: 'uncaughtException',
        err: expect.objectContaining({ message: 'thrown in a timer' }),
      }),
    ]);
  });
});
