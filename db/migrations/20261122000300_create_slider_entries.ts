import type { Knex } from 'knex';

// The month's slider (spec 001 §3 'Slider entry': month, year, wine, position 1–10, label).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists slider_entries (
      id uuid primary key default gen_random_uuid(),
      year integer not null check (year between 2000 and 2100),
      month smallint not null check (month between 1 and 12),
      wine_id uuid not null references wines (id) on delete cascade,
      position smallint not null check (position between 1 and 10),
      label text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- deferrable so that two entries can swap positions inside one transaction
      constraint slider_entries_position_unique unique (year, month, position) deferrable initially deferred
    )`);
  await knex.raw('create index if not exists slider_entries_wine_idx on slider_entries (wine_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists slider_entries');
}
