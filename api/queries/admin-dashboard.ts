import type { Knex } from 'knex';
import type { ApprovalStatus, WineCategory } from '../contract/enums';

/** The dashboard's figures as Postgres sends them: counts (bigint) and the rounded average (numeric) as strings. */
export interface DbDashboardFigures {
  total: string;
  average_rating: string | null;
  by_status: Record<ApprovalStatus, string> | null;
  by_category: Record<WineCategory, string> | null;
  users: string;
  pending_reviews: string;
  expert_reviews: string;
}

/** The dashboard's wine, user, review and expert review figures, read in one statement (one consistent snapshot). */
export async function dashboardFigures(db: Knex): Promise<DbDashboardFigures> {
  const { rows } = await db.raw<{ rows: DbDashboardFigures[] }>(`
    select
      (select count(*) from wines) as total,
      (select round(avg(rating), 1) from wines) as average_rating,
      (select jsonb_object_agg(approval_status, n) from (select approval_status, count(*) as n from wines group by 1) s) as by_status,
      (select jsonb_object_agg(category, n) from (select unnest(categories) as category, count(*) as n from wines group by 1) c) as by_category,
      (select count(*) from users) as users,
      (select count(*) from reviews where status = 'pending') as pending_reviews,
      (select count(*) from expert_reviews) as expert_reviews`);
  return rows[0]!;
}
