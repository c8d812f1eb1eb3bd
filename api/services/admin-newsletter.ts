import type { Knex } from 'knex';
import { ADMIN_NEWSLETTER_MESSAGES as M, type SubscriberExportQuery } from '../contract/admin-newsletter';
import { notFound } from '../lib/http-errors';
import type { DbUserRow } from '../queries/users';
import { allSubscribers, deleteSubscribers, type DbSubscriberRow } from '../queries/admin-newsletter';
import { recordAudit } from '../queries/audit-log';

type Actor = Pick<DbUserRow, 'id' | 'email'>;

/** 'prenumerant' or 'prenumeranter'. */
const subscribers = (n: number) => `${n} ${n === 1 ? 'prenumerant' : 'prenumeranter'}`;

/**
 * Every subscriber matching the filters, for the CSV export (spec 001 §2 'Newsletter tab'), with the export audited
 * in the same transaction (the search text may itself be an address: only whether there was one is logged).
 */
export async function exportSubscribers(db: Knex, actor: Actor, filters: SubscriberExportQuery): Promise<DbSubscriberRow[]> {
  return db.transaction(async (trx) => {
    const found = await allSubscribers(trx, filters);
    const named = [filters.q ? 'sökning' : '', filters.gdprOnly ? 'endast GDPR-samtycke' : ''].filter(Boolean).join(', ');
    await recordAudit(trx, actor, {
      action: 'newsletter.export',
      entityType: 'newsletter_subscriber',
      summary: `Exporterade ${subscribers(found.length)} till CSV${named ? ` (${named})` : ''}`,
    });
    return found;
  });
}

/** Erases the subscribers `ids` (GDPR right to erasure; unknown ids skipped), audited when any went. Returns how many. */
export async function eraseSubscribers(db: Knex, actor: Actor, ids: readonly string[]): Promise<number> {
  return db.transaction(async (trx) => {
    const n = await deleteSubscribers(trx, ids);
    if (n > 0) {
      await recordAudit(trx, actor, {
        action: 'newsletter.bulk_delete',
        entityType: 'newsletter_subscriber',
        summary: `Tog bort ${subscribers(n)} från nyhetsbrevet (GDPR-radering)`,
      });
    }
    return n;
  });
}

/** Erases one subscriber (the row is deleted, not deactivated), audited. @throws 404 subscriber */
export async function eraseSubscriber(db: Knex, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (trx) => {
    if ((await deleteSubscribers(trx, [id])) === 0) throw notFound('subscriber', M.notFound);
    await recordAudit(trx, actor, {
      action: 'newsletter.delete',
      entityType: 'newsletter_subscriber',
      entityId: id,
      summary: 'Tog bort en prenumerant från nyhetsbrevet (GDPR-radering)',
    });
  });
}
