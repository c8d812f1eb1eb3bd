import type { Knex } from 'knex';

// The offline outbox can delete a draft (README 'Offline drafts'): applied_mutations records a third mutation type,
// 'deleteWine', beside 'upsertWine' and 'submitWine' (db/migrations/20261123000300_create_applied_mutations.ts made the
// check with the first two; Postgres named it applied_mutations_type_check).
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table applied_mutations drop constraint if exists applied_mutations_type_check');
  await knex.raw(
    `alter table applied_mutations add constraint applied_mutations_type_check check (type in ('upsertWine', 'submitWine', 'deleteWine'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  // The stored answers of deletions can't satisfy the older check; without them a replayed deletion is applied again,
  // which finds nothing to delete.
  await knex.raw(`delete from applied_mutations where type = 'deleteWine'`);
  await knex.raw('alter table applied_mutations drop constraint if exists applied_mutations_type_check');
  await knex.raw(`alter table applied_mutations add constraint applied_mutations_type_check check (type in ('upsertWine', 'submitWine'))`);
}
