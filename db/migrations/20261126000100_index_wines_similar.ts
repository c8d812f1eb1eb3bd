import type { Knex } from 'knex';

// 'Liknande viner' (GET /api/wines/{id}/similar, api/queries/similar-wines.ts) reads public wines of one type within
// a price-per-litre band; this index answers that filter (the expression must stay the query's, character for
// character, or the planner can't use it).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "create index if not exists wines_type_price_per_litre_idx on wines (wine_type, (price * 1000 / coalesce(volume_ml, 750))) where approval_status = 'approved'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists wines_type_price_per_litre_idx');
}
