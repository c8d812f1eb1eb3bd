import type { Knex } from 'knex';

/**
 * Adds a subscriber, or — same e-mail in any letter case — refreshes the existing row (phone, consent
 * time, active again). Never creates a second row for one address (unique index on lower(email)).
 * @returns whether a new row was created
 */
export async function upsertSubscriber(
  db: Knex | Knex.Transaction,
  input: { email: string; phone: string; consentedAt: Date },
): Promise<{ created: boolean }> {
  const { rows } = await db.raw<{ rows: { created: boolean }[] }>(
    `insert into newsletter_subscribers (email, phone, gdpr_consent, consented_at)
     values (?, ?, true, ?)
     on conflict ((lower(email))) do update
       set phone = excluded.phone, gdpr_consent = true, consented_at = excluded.consented_at,
           is_active = true, updated_at = now()
     returning (xmax = 0) as created`,
    [input.email, input.phone, input.consentedAt],
  );
  return { created: Boolean(rows[0]?.created) };
}
