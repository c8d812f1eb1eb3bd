import type { Knex } from 'knex';

// The months whose slider was filled automatically from the data, so that a month is seeded at most once:
// a slider an admin has emptied on purpose stays empty after a restart.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists slider_seeded_months (
      year integer not null check (year between 2000 and 2100),
      month smallint not null check (month between 1 and 12),
      entries integer not null check (entries >= 0),
      seeded_at timestamptz not null default now(),
      primary key (year, month)
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists slider_seeded_months');
}
