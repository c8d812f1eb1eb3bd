import type { Knex } from 'knex';

/** A row of `partners` (snake_case): the company behind a partner user (spec 001 §3 'Partner current response'). */
export interface DbPartnerRow {
  id: string;
  user_id: string;
  company_name: string;
  contact_name: string;
  /** E.164, e.g. '+46701234567', or null. */
  phone: string | null;
  created_at: Date;
  updated_at: Date;
}

type Db = Knex | Knex.Transaction;

/** The company row of partner user `userId`, or undefined (a partner-role user made in the admin's users tab has none). */
export async function findPartnerByUserId(db: Db, userId: string): Promise<DbPartnerRow | undefined> {
  return db<DbPartnerRow>('partners').where({ user_id: userId }).first();
}

/** Inserts the company row of partner user `userId` (phone in E.164 or null). */
export async function insertPartner(
  db: Db,
  input: { userId: string; companyName: string; contactName: string; phone: string | null },
): Promise<DbPartnerRow> {
  const [row] = await db<DbPartnerRow>('partners')
    .insert({ user_id: input.userId, company_name: input.companyName, contact_name: input.contactName, phone: input.phone })
    .returning('*');
  return row!;
}
