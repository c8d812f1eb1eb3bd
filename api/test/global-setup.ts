import { register } from 'tsx/esm/api';
import type { TestProject } from 'vitest/node';
import { createDb, migrateLatest } from '../db/knex';
import { JobQueue } from '../jobs/queue';
import pino from 'pino';
import { createDatabase, dropDatabase, startTestPostgres, uniqueDatabaseName } from './pg';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

/**
 * Once per `vitest run`: a Postgres server (DATABASE_URL's or an embedded one) and a migrated template
 * database; each test file copies the template into its own database (api/test/test-db.ts).
 */
export default async function setup(project: TestProject) {
  // Global setup runs in plain Node, outside Vite's transform: Knex imports the .ts migrations itself.
  const unregister = register();
  const server = await startTestPostgres();
  const template = uniqueDatabaseName('vinpressen_tpl');
  const url = await createDatabase(server.adminUrl, template);
  const db = createDb(url);
  try {
    await migrateLatest(db);
  } catch (err) {
    // Leave nothing behind on the server when the migrations fail.
    await db.destroy();
    await dropDatabase(server.adminUrl, template);
    await server.stop();
    throw err;
  } finally {
    await unregister();
  }
  await db.destroy();
  // pg-boss's schema too, so each test database starts with it (installing it per file costs a second).
  await installJobSchema(url);
  project.provide('pgAdminUrl', server.adminUrl);
  project.provide('pgTemplate', template);
  return async () => {
    await dropDatabase(server.adminUrl, template);
    await server.stop();
  };
}

async function installJobSchema(url: string): Promise<void> {
  const queue = new JobQueue(url, pino({ level: 'silent' }), { supervise: false });
  await queue.start();
  await queue.stop();
}
