import type { AdminSubscriber } from '../contract/admin-newsletter';
import type { DbSubscriberRow } from '../queries/admin-newsletter';

/**
 * A newsletter subscriber as the admin sees it (spec 001 §3 'Newsletter subscriber'): an explicit allow-list;
 * a phone stored empty reads null.
 */
export function presentAdminSubscriber(row: DbSubscriberRow): AdminSubscriber {
  return {
    id: row.id,
    email: row.email,
    phone: row.phone.trim() ? row.phone : null,
    gdprConsent: row.gdpr_consent,
    consentedAt: row.consented_at.toISOString(),
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
  };
}
