import type { Knex } from 'knex';

/** Runs `select 1`: resolves when the database answers, rejects when it can't be reached. */
export async function pingDatabase(db: Knex): Promise<void> {
  await db.raw('select 1');
}

/** The Postgres server's version ('18.1'), or null when it does not say. */
export async function serverVersion(db: Knex): Promise<string | null> {
  const version = await db.raw<{ rows: { server_version: string }[] }>('show server_version');
  return version.rows[0]?.server_version ?? null;
}

/** The name of the newest applied migration (db/migrations), or null before the first. */
export async function latestMigration(db: Knex): Promise<string | null> {
  const migration = await db('knex_migrations').orderBy('id', 'desc').first<{ name: string } | undefined>('name');
  return migration?.name ?? null;
}
