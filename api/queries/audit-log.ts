import type { Knex } from 'knex';
import type { DbUserRow } from './users';

/** One admin action, e.g. { action: 'wine.create', entityType: 'wine', entityId, summary: 'Lade till "Barolo 2019"' }. */
export interface AuditEntry {
  action: `${string}.${string}`;
  entityType: string;
  entityId?: string | null;
  /** Swedish, shown on the dashboard as it is. */
  summary: string;
}

/**
 * Records an admin action in `admin_audit_log`. Call it in the same transaction as the change, so the log
 * never claims what did not happen.
 */
export async function recordAudit(db: Knex | Knex.Transaction, actor: Pick<DbUserRow, 'id' | 'email'>, entry: AuditEntry): Promise<void> {
  await db('admin_audit_log').insert({
    actor_id: actor.id,
    actor_email: actor.email,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId ?? null,
    summary: entry.summary,
  });
}

export interface AuditRow {
  id: string;
  actor_email: string;
  action: string;
  entity_type: string;
  entity_id: string | null;
  summary: string;
  created_at: Date;
}

/** The newest `limit` entries, newest first. */
export async function recentAudit(db: Knex, limit = 10): Promise<AuditRow[]> {
  return db<AuditRow>('admin_audit_log').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
}
