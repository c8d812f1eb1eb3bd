import type { Knex } from 'knex';

// Every write to the public wine data (wines, slider) notifies channel 'public_data_changed', so each
// API process can drop its cached public responses at once, whichever process (or psql) wrote.
// Also keeps updated_at and version honest for any writer.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function notify_public_data_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('public_data_changed', tg_table_name);
      return null;
    end $$`);
  for (const table of ['wines', 'slider_entries', 'expert_reviews', 'experts']) {
    await knex.raw(`drop trigger if exists ${table}_notify_public on ${table}`);
    await knex.raw(`create trigger ${table}_notify_public after insert or update or delete or truncate on ${table}
      for each statement execute function notify_public_data_changed()`);
  }
  await knex.raw(`
    create or replace function wines_touch() returns trigger language plpgsql as $$
    begin
      new.updated_at := now();
      new.version := old.version + 1;
      return new;
    end $$`);
  await knex.raw('drop trigger if exists wines_touch on wines');
  await knex.raw(`create trigger wines_touch before update on wines for each row
    when (old.* is distinct from new.*) execute function wines_touch()`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists wines_touch on wines');
  await knex.raw('drop function if exists wines_touch()');
  for (const table of ['wines', 'slider_entries', 'expert_reviews', 'experts']) {
    await knex.raw(`drop trigger if exists ${table}_notify_public on ${table}`);
  }
  await knex.raw('drop function if exists notify_public_data_changed()');
}
