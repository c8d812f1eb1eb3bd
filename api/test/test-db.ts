import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AppDeps, createApp } from '../app';
import { createDb } from '../db/knex';
import { PublicCache } from '../lib/public-cache';
import { JobQueue } from '../jobs/queue';
import request from 'supertest';
import type { UserRole } from '../contract/auth-rules';
import type { DbUserRow } from '../queries/users';
import { buildPartner, buildUser } from './factories';
import { createDatabase, dropDatabase, uniqueDatabaseName } from './pg';
import type { WinePhotoSource } from '../lib/wine-photos';

export interface TestDatabase {
  db: Knex;
  url: string;
}

/**
 * Gives the calling test file its own migrated database (a copy of the template made by the global
 * setup), destroyed after the file. Use the returned getter inside tests.
 */
export function useTestDatabase(): () => TestDatabase {
  let current: TestDatabase | undefined;
  const name = uniqueDatabaseName('vinpressen_test');
  beforeAll(async () => {
    const url = await createDatabase(inject('pgAdminUrl'), name, inject('pgTemplate'));
    current = { db: createDb(url, { poolMax: 5 }), url };
  });
  afterAll(async () => {
    for (const q of openQueues.splice(0)) await q.stop();
    await current?.db.destroy();
    await dropDatabase(inject('pgAdminUrl'), name);
  });
  return () => {
    if (!current) throw new Error('useTestDatabase(): the database is only ready inside tests');
    return current;
  };
}

/**
 * Empties `tables` (TRUNCATE … CASCADE) between tests. A test file that runs the job workers may still have a mail job
 * of the previous test touching these rows; Postgres then breaks the lock cycle by aborting one side with a deadlock
 * (40P01). The truncate is simply tried again then (up to 5 times, 50 ms apart): nothing of the aborted try was kept.
 * @throws any other database error, or the deadlock after the fifth try
 */
export async function truncateTables(db: Knex, tables: readonly string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.raw(`truncate ${tables.map((t) => `"${t}"`).join(', ')} cascade`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

export const silentLogger = pino({ level: 'silent' });

/** The origin the test app believes it serves; state-changing requests must send it (CSRF guard). */
export const TEST_ORIGIN = 'http://vinpressen.test';
/** The secret the test apps sign cookies with and derive reset tokens from. */
export const TEST_KEYS = ['test-secret-key-0123456789abcdefghijklmnopqrstuvwxyz'];

const openQueues: JobQueue[] = [];

/** A job queue (real pg-boss) on the test database `url`, stopped after the file. */
export function createTestJobQueue(url: string, opts: { pollingIntervalSeconds?: number } = {}): JobQueue {
  const q = new JobQueue(url, silentLogger, { supervise: false, ...opts });
  openQueues.push(q);
  return q;
}

/**
 * The real app on a test database, with the public cache as a pass-through (tests read right after
 * writing) and a real pg-boss queue on the same database (started when first used).
 */
export function createTestApp(
  db: Knex,
  opts: { staticDir?: string; jobs?: JobQueue; ssrEntry?: AppDeps['ssrEntry']; winePhotos?: WinePhotoSource } = {},
) {
  const url = (db.client.config as { connection: { connectionString: string } }).connection.connectionString;
  return createApp({
    db,
    log: silentLogger,
    cache: new PublicCache({ enabled: false }),
    version: 'test',
    staticDir: opts.staticDir,
    ssrEntry: opts.ssrEntry ?? (async () => undefined),
    jobs: opts.jobs ?? createTestJobQueue(url),
    keys: TEST_KEYS,
    publicUrl: TEST_ORIGIN,
    production: false,
    winePhotos: opts.winePhotos,
  });
}

/**
 * A supertest agent on `app` that sends the site's Origin (as a browser would) and keeps cookies between
 * requests, like one browser.
 */
export function browserAgent(app: ReturnType<typeof createApp>) {
  return request.agent(app.callback()).set('Origin', TEST_ORIGIN);
}

/**
 * A browser agent signed in (through the real POST /api/auth/login) as a new user with `role`.
 * Admins made this way have a local password: the test shortcut for an identity-provider sign-in
 * (that flow itself is tested in api/routes/admin-auth).
 */
export async function signedInAgent(app: ReturnType<typeof createApp>, db: Knex, role: UserRole = 'user', overrides: Partial<DbUserRow> = {}) {
  const password = 'test-lösen-1';
  const user = await buildUser(db, { role, password, ...overrides });
  const agent = browserAgent(app);
  const res = await agent.post('/api/auth/login').send({ email: user.email, password });
  if (res.status !== 200) throw new Error(`signedInAgent: sign-in as ${role} answered ${res.status}`);
  return { agent, user };
}

/** The test app (createTestApp) and a browser agent signed in on it as a new user with `role` (signedInAgent). */
export async function signedInApp(db: Knex, role: UserRole = 'user') {
  const app = createTestApp(db);
  return { app, ...(await signedInAgent(app, db, role)) };
}

/**
 * A browser agent signed in (through the real POST /api/auth/login) as a new verified partner with its company row
 * (api/test/factories.ts buildPartner).
 */
export async function signedInPartner(app: ReturnType<typeof createApp>, db: Knex, overrides: Parameters<typeof buildPartner>[1] = {}) {
  const password = 'test-lösen-1';
  const { user, partner } = await buildPartner(db, { ...overrides, user: { password, ...overrides.user } });
  const agent = browserAgent(app);
  const res = await agent.post('/api/auth/login').send({ email: user.email, password });
  if (res.status !== 200) throw new Error(`signedInPartner: sign-in answered ${res.status}`);
  return { agent, user, partner, password };
}
