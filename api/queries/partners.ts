import type { Knex } from 'knex';
import type { DbPartnerRow } from '../presenters/partner';

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
