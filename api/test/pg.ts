import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../db/embedded-postgres';

export interface TestPostgres {
  /** A connection string on the server that may create and drop databases. */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * The Postgres server tests use: the one in DATABASE_URL when set (e.g. the machine's own server),
 * else a throw-away embedded Postgres in a temporary directory (so `npm test` works on a fresh machine).
 */
export async function startTestPostgres(): Promise<TestPostgres> {
  if (process.env.DATABASE_URL) return { adminUrl: process.env.DATABASE_URL, stop: async () => {} };
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vinpressen-pg-'));
  await fs.chmod(dir, 0o755);
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), database: 'postgres' });
  return {
    adminUrl: server.adminUrl,
    stop: async () => {
      await server.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/** The same server's connection string for another database. */
export function urlForDatabase(adminUrl: string, database: string): string {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` (optionally as a copy of `template`). */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<string> {
  await withAdmin(adminUrl, (c) =>
    c.query(`create database ${pg.escapeIdentifier(name)}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`),
  );
  return urlForDatabase(adminUrl, name);
}

/** Drops database `name`, ending its connections. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`));
}

/** A database name no other run will pick. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}
