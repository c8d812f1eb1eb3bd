import type { Knex } from 'knex';

/** A row of `site_settings` (spec 001 §3 'Site setting': key, description, value). */
export interface DbSiteSettingRow {
  key: string;
  value: string;
  description: string;
  created_at: Date;
  updated_at: Date;
}

/** Every setting, by key. */
export async function listSettings(db: Knex | Knex.Transaction): Promise<DbSiteSettingRow[]> {
  return db<DbSiteSettingRow>('site_settings').orderBy('key');
}

/**
 * Creates or replaces the value of `key`; the description is replaced only when given (else kept, or '' for a
 * new key). @returns the stored row and whether it was created
 */
export async function upsertSetting(
  db: Knex | Knex.Transaction,
  setting: { key: string; value: string; description?: string },
): Promise<{ row: DbSiteSettingRow; created: boolean }> {
  const { rows } = await db.raw<{ rows: (DbSiteSettingRow & { created: boolean })[] }>(
    `insert into site_settings (key, value, description) values (?, ?, coalesce(?::text, ''))
     on conflict (key) do update set value = excluded.value,
       description = coalesce(?::text, site_settings.description), updated_at = now()
     returning *, (xmax = 0) as created`,
    [setting.key, setting.value, setting.description ?? null, setting.description ?? null],
  );
  const { created, ...row } = rows[0]!;
  return { row, created };
}

/** Inserts settings that do not exist yet (existing keys are left alone). @returns how many were inserted */
export async function insertMissingSettings(
  db: Knex | Knex.Transaction,
  settings: readonly { key: string; value: string; description: string }[],
): Promise<number> {
  if (!settings.length) return 0;
  const inserted = await db('site_settings')
    .insert(settings.map((s) => ({ ...s })))
    .onConflict('key')
    .ignore()
    .returning('key');
  return inserted.length;
}

/** Deletes a setting. @returns whether it existed */
export async function deleteSetting(db: Knex | Knex.Transaction, key: string): Promise<boolean> {
  return (await db('site_settings').where({ key }).delete()) > 0;
}

/** The values of the given keys that are set, as { key: value }. */
export async function settingValues(db: Knex | Knex.Transaction, keys: readonly string[]): Promise<Record<string, string>> {
  const rows = await db<DbSiteSettingRow>('site_settings')
    .whereIn('key', [...keys])
    .orderBy('key')
    .select('key', 'value');
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** How many settings exist. */
export async function countSettings(db: Knex | Knex.Transaction): Promise<number> {
  const row = await db('site_settings').count<{ n: number }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}
