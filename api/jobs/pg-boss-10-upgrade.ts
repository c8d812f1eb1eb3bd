import pg from 'pg';
import type { PgBoss } from 'pg-boss';

/**
 * The way from pg-boss 10 to 12 for a database that already holds jobs. pg-boss 12 migrates only schemas of
 * version 25 (pg-boss 11) and later (node_modules/pg-boss/dist/migrationStore.js, migrateCommands) and refuses to
 * start on pg-boss 10's version 24, so:
 * 1. before pg-boss starts, the old schema `pgboss` is renamed to `pgboss_v10` (setAsidePgBoss10Schema);
 * 2. pg-boss 12 installs its own schema and the queues are created;
 * 3. the jobs still waiting in the old schema (created, retry, or active when the old process stopped) are inserted
 *    into the queues of the same name with their ids, data and start times, and the old schema is dropped, in one
 *    transaction (moveJobsFromPgBoss10). A crash in between leaves the old schema for the next start to finish.
 * Several processes starting at once are serialised by an advisory lock; ids make a repeated insert a no-op.
 * Completed, failed and cancelled jobs (and pg-boss 10's archive) are history and are dropped with the schema.
 */

export const LEGACY_SCHEMA = 'pgboss_v10';
/** The oldest schema version pg-boss 12 migrates from (pg-boss 11.0). */
const FIRST_MIGRATABLE_VERSION = 25;
const LOCK = "hashtext('vinpressen:pg-boss-10-upgrade')";

async function withClient<T>(connectionString: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString, application_name: 'vinpressen-jobs-upgrade' });
  // A connection lost between statements is reported by the next statement; unheard, its 'error' event would crash.
  client.on('error', () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Renames a pg-boss 10 (or older) schema `pgboss` to `pgboss_v10` so that pg-boss 12 can install its own.
 * Resolves with the legacy schema's name when one waits to be moved over (also one left by an interrupted
 * start), else null. Does nothing to a pg-boss 11+ schema, which pg-boss migrates itself.
 * @throws when Postgres can't be reached
 */
export async function setAsidePgBoss10Schema(connectionString: string): Promise<string | null> {
  return withClient(connectionString, async (c) => {
    await c.query(`select pg_advisory_lock(${LOCK})`);
    try {
      const found = await c.query<{ has_version: boolean; has_legacy: boolean }>(
        `select to_regclass('pgboss.version') is not null as has_version, to_regnamespace($1) is not null as has_legacy`,
        [LEGACY_SCHEMA],
      );
      let legacy = found.rows[0]?.has_legacy ?? false;
      if (found.rows[0]?.has_version) {
        const { rows } = await c.query<{ version: number | null }>('select max(version::int) as version from pgboss.version');
        const version = rows[0]?.version ?? null;
        if (version !== null && version < FIRST_MIGRATABLE_VERSION) {
          if (legacy) throw new Error(`pg-boss: both ${LEGACY_SCHEMA} and an old pgboss schema exist; move or drop one by hand`);
          await c.query(`alter schema pgboss rename to ${LEGACY_SCHEMA}`);
          legacy = true;
        }
      }
      return legacy ? LEGACY_SCHEMA : null;
    } finally {
      await c.query(`select pg_advisory_unlock(${LOCK})`).catch(() => {});
    }
  });
}

/**
 * Moves the waiting jobs of the legacy schema into `boss`'s queues of the same name and drops that schema, in
 * one transaction. `boss` must be started and the queues created. Resolves with the number of jobs moved (0 when
 * another process got there first). Jobs of a queue that no longer exists are not moved.
 * @throws when Postgres can't be reached or refuses the insert (nothing is dropped then)
 */
export async function moveJobsFromPgBoss10(boss: PgBoss, connectionString: string, legacy = LEGACY_SCHEMA): Promise<number> {
  return withClient(connectionString, async (c) => {
    await c.query('begin');
    try {
      await c.query(`select pg_advisory_xact_lock(${LOCK})`);
      const exists = await c.query<{ ok: boolean }>('select to_regnamespace($1) is not null as ok', [legacy]);
      if (!exists.rows[0]?.ok) {
        await c.query('rollback');
        return 0;
      }
      const schema = pg.escapeIdentifier(legacy);
      const { rows } = await c.query<{
        id: string;
        name: string;
        data: object | null;
        priority: number;
        start_after: Date;
        singleton_key: string | null;
      }>(
        `select id, name, data, priority, start_after, singleton_key from ${schema}.job
          where state in ('created', 'retry', 'active') order by created_on`,
      );
      const db = { executeSql: async (text: string, values?: unknown[]) => ({ rows: (await c.query(text, values)).rows }) };
      let moved = 0;
      const byQueue = new Map<string, typeof rows>();
      for (const r of rows) byQueue.set(r.name, [...(byQueue.get(r.name) ?? []), r]);
      for (const [name, jobs] of byQueue) {
        if (!(await boss.getQueue(name))) continue;
        await boss.insert(
          name,
          jobs.map((j) => ({
            id: j.id,
            data: j.data ?? {},
            priority: j.priority,
            startAfter: j.start_after,
            ...(j.singleton_key ? { singletonKey: j.singleton_key } : {}),
          })),
          { db },
        );
        moved += jobs.length;
      }
      await c.query(`drop schema ${schema} cascade`);
      await c.query('commit');
      return moved;
    } catch (err) {
      await c.query('rollback').catch(() => {});
      throw err;
    }
  });
}
