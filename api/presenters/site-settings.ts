import type { SiteSetting } from '../contract/admin-content';
import type { DbSiteSettingRow } from '../queries/site-settings';

/** The admin view of a setting (spec 001 §3: key, description, value) and when it last changed. */
export function presentSetting(row: DbSiteSettingRow): SiteSetting {
  return { key: row.key, description: row.description, value: row.value, updatedAt: row.updated_at.toISOString() };
}
