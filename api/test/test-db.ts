import type { Knex } from 'knex';
import pino from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { createApp } from '../app';
import { createDb } from '../db/knex';
import { PublicCache } from '../lib/public-cache';
import { createDatabase, dropDatabase, uniqueDatabaseName } from './pg';

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
    await current?.db.destroy();
    await dropDatabase(inject('pgAdminUrl'), name);
  });
  return () => {
    if (!current) throw new Error('useTestDatabase(): the database is only ready inside tests');
    return current;
  };
}

export const silentLogger = pino({ level: 'silent' });

/** The real app on a test database, with the public cache as a pass-through (tests read right after writing). */
export function createTestApp(db: Knex, opts: { staticDir?: string } = {}) {
  return createApp({ db, log: silentLogger, cache: new PublicCache({ enabled: false }), version: 'test', staticDir: opts.staticDir });
}
