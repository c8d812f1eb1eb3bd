import type { Knex } from 'knex';

// A catalogue that stays current (README 'Wine data'): Systembolaget's later assortment files are applied on top of
// the 2021 data (npm run import:assortment). Each wine keeps the date of its price, its launch date, its product id
// (the key to its photo) and, once a file says it is no longer sold, the date it went out of the assortment
// ('Utgått'); earlier prices are kept as history.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table wines
      add column if not exists product_id text,
      add column if not exists launch_date date,
      add column if not exists sugar_g_per_100ml numeric(5, 2) check (sugar_g_per_100ml >= 0),
      add column if not exists is_news boolean not null default false,
      add column if not exists price_date date,
      add column if not exists store_count integer check (store_count >= 0),
      add column if not exists discontinued_on date`);

  // One row per price a wine had before its current one (the current one is wines.price at wines.price_date).
  await knex.raw(`
    create table if not exists wine_price_history (
      wine_id uuid not null references wines (id) on delete cascade,
      price_date date not null,
      price numeric(10, 2) not null check (price >= 0),
      vintage integer check (vintage between 1900 and 2100),
      volume_ml integer check (volume_ml > 0),
      primary key (wine_id, price_date)
    )`);

  // Every assortment file applied, once (idempotency: the same file applied again changes nothing), with its counts.
  await knex.raw(`
    create table if not exists assortment_imports (
      source_date date primary key,
      sha256 text not null,
      applied_at timestamptz not null default now(),
      counts jsonb not null default '{}'::jsonb
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists assortment_imports');
  await knex.raw('drop table if exists wine_price_history');
  await knex.raw(`
    alter table wines
      drop column if exists product_id, drop column if exists launch_date, drop column if exists sugar_g_per_100ml,
      drop column if exists is_news, drop column if exists price_date, drop column if exists store_count,
      drop column if exists discontinued_on`);
}
