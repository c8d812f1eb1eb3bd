import type { Knex } from 'knex';
import { escapeLike } from './admin-users';

// The admin panel's newsletter list (spec 001 §2 'Newsletter tab'): reads and deletes of
// newsletter_subscribers. Sign-ups are in ./newsletter.ts.

type Db = Knex | Knex.Transaction;

/** A row of `newsletter_subscribers` (snake_case). `phone` is E.164, or '' when none was given. */
export interface DbSubscriberRow {
  id: string;
  email: string;
  phone: string;
  gdpr_consent: boolean;
  consented_at: Date;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface SubscriberFilters {
  /** Part of the e-mail or phone (case-insensitive). */
  q?: string;
  /** Only subscribers with GDPR consent ('Endast GDPR-samtycke'). */
  gdprOnly?: boolean;
}

/**
 * The phone patterns a search text can mean: its digits as typed, and — for a Swedish number typed
 * nationally ('070-123 45 67') — the same with 46 for the leading 0, as phones are stored in E.164.
 */
function phoneDigitPatterns(q: string): string[] {
  const digits = q.replace(/\D/g, '');
  // Letters in the search mean an e-mail, not a phone; too few digits would match nearly every number.
  if (digits.length < 3 || /[^\d\s()+\-.]/.test(q)) return [];
  return digits.startsWith('0') ? [digits, `46${digits.slice(1)}`] : [digits];
}

function filtered(db: Db, filters: SubscriberFilters): Knex.QueryBuilder {
  const query = db('newsletter_subscribers');
  if (filters.q) {
    const pattern = `%${escapeLike(filters.q)}%`;
    const digitPatterns = phoneDigitPatterns(filters.q);
    query.where((w) => {
      w.whereILike('email', pattern).orWhereILike('phone', pattern);
      for (const d of digitPatterns) w.orWhereRaw(`regexp_replace(phone, '\\D', '', 'g') like ?`, [`%${d}%`]);
    });
  }
  if (filters.gdprOnly) query.where('gdpr_consent', true);
  return query;
}

/** One page of the subscribers matching `filters`, newest first (ties by id), and how many match in all. */
export async function listSubscribers(
  db: Db,
  filters: SubscriberFilters & { limit: number; offset: number },
): Promise<{ rows: DbSubscriberRow[]; total: number }> {
  const [rows, counted] = await Promise.all([
    filtered(db, filters).select('*').orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filters.limit).offset(filters.offset),
    filtered(db, filters).count<{ n: string }[]>({ n: '*' }),
  ]);
  return { rows: rows as DbSubscriberRow[], total: Number(counted[0]?.n ?? 0) };
}

/** Every subscriber matching `filters`, newest first (the CSV export). */
export async function allSubscribers(db: Db, filters: SubscriberFilters): Promise<DbSubscriberRow[]> {
  return filtered(db, filters).select('*').orderBy('created_at', 'desc').orderBy('id', 'desc');
}

export interface SubscriberStats {
  total: number;
  gdprConsent: number;
  withPhone: number;
  active: number;
}

/** The tab's four counters over ALL subscribers: total, with GDPR consent, with a phone, active. */
export async function subscriberStats(db: Db): Promise<SubscriberStats> {
  const row = (await db('newsletter_subscribers')
    .select(
      db.raw('count(*)::int as total'),
      db.raw('(count(*) filter (where gdpr_consent))::int as gdpr_consent'),
      db.raw(`(count(*) filter (where btrim(phone) <> ''))::int as with_phone`),
      db.raw('(count(*) filter (where is_active))::int as active'),
    )
    .first()) as { total: number; gdpr_consent: number; with_phone: number; active: number };
  return { total: row.total, gdprConsent: row.gdpr_consent, withPhone: row.with_phone, active: row.active };
}

/**
 * Deletes subscribers for good (GDPR right to erasure: no soft delete, nothing kept).
 * @returns how many rows were deleted (ids that name no subscriber are skipped)
 */
export async function deleteSubscribers(db: Db, ids: readonly string[]): Promise<number> {
  if (!ids.length) return 0;
  return db('newsletter_subscribers')
    .whereIn('id', [...new Set(ids)])
    .delete();
}
