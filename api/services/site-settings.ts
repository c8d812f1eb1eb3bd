import type { Knex } from 'knex';
import { SETTING_MESSAGES, isLogoSettingKey } from '../contract/admin-content';
import { notFound } from '../lib/http-errors';
import type { DbUserRow } from '../queries/users';
import { recordAudit } from '../queries/audit-log';
import { deleteSetting, upsertSetting, type DbSiteSettingRow } from '../queries/site-settings';

type Actor = Pick<DbUserRow, 'id' | 'email'>;

/** Short, for audit summaries: long values (footer texts) are not copied into the log. */
const preview = (value: string) => (value.length > 60 ? `${value.slice(0, 57)}…` : value);

/** What the audit log calls a setting: logos (keys with 'logo', spec 001 §2 'Content tab') are named as such. */
const kind = (key: string) => (isLogoSettingKey(key) ? { entityType: 'logo', noun: 'logotypen' } : { entityType: 'setting', noun: 'inställningen' });

/**
 * Creates or replaces site setting `key` (the caller has checked key and value against api/contract/admin-content.ts),
 * audited, in one transaction. Returns the row and whether it was new.
 */
export async function putSetting(
  db: Knex,
  actor: Actor,
  setting: { key: string; value: string; description?: string },
): Promise<{ row: DbSiteSettingRow; created: boolean }> {
  const { entityType, noun } = kind(setting.key);
  return db.transaction(async (trx) => {
    const result = await upsertSetting(trx, setting);
    await recordAudit(trx, actor, {
      action: result.created ? 'setting.create' : 'setting.update',
      entityType,
      entityId: setting.key,
      summary: `${result.created ? 'Lade till' : 'Ändrade'} ${noun} "${setting.key}": ${preview(setting.value) || '(tomt)'}`,
    });
    return result;
  });
}

/** Deletes site setting `key`, audited. @throws 404 setting */
export async function removeSetting(db: Knex, actor: Actor, key: string): Promise<void> {
  const { entityType, noun } = kind(key);
  await db.transaction(async (trx) => {
    if (!(await deleteSetting(trx, key))) throw notFound('setting', SETTING_MESSAGES.notFound);
    await recordAudit(trx, actor, { action: 'setting.delete', entityType, entityId: key, summary: `Tog bort ${noun} "${key}"` });
  });
}
