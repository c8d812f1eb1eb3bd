import type { Knex } from 'knex';

// Offline partner drafts (README 'Offline drafts').
// - applied_mutations: one row per outbox mutation the server has handled, written in the same transaction as the
//   change, so a replayed mutation id answers the stored result and changes nothing. Pruned after 30 days.
// - wines.field_versions: for each column, the wine version that last changed it and the sync client that changed it
//   ({"price": {"v": 7, "c": "<clientId>"}}), kept by the wines_touch trigger for every writer (the sync endpoint sets
//   `vinpressen.sync_client_id` for its transaction; other writers leave it unset). The field-level merge reads it:
//   a field changed since the mutation's baseVersion by someone other than the mutation's own client is a conflict.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists applied_mutations (
      mutation_id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      client_id text not null check (length(client_id) between 1 and 100),
      seq bigint not null check (seq >= 0),
      wine_id uuid,
      type text not null check (type in ('upsertWine', 'submitWine')),
      status text not null check (status in ('applied', 'rejected', 'conflict')),
      result jsonb not null,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index if not exists applied_mutations_created_idx on applied_mutations (created_at)');
  await knex.raw('create index if not exists applied_mutations_client_idx on applied_mutations (user_id, client_id, seq)');

  await knex.raw(`alter table wines add column if not exists field_versions jsonb not null default '{}'::jsonb`);
  await knex.raw(`
    create or replace function wines_touch() returns trigger language plpgsql as $$
    declare
      o jsonb := to_jsonb(old);
      n jsonb := to_jsonb(new);
      k text;
      client text := nullif(current_setting('vinpressen.sync_client_id', true), '');
    begin
      new.updated_at := now();
      new.version := old.version + 1;
      for k in select jsonb_object_keys(n) loop
        if k not in ('updated_at', 'version', 'field_versions') and (o -> k) is distinct from (n -> k) then
          new.field_versions := new.field_versions || jsonb_build_object(k, jsonb_build_object('v', new.version, 'c', client));
        end if;
      end loop;
      return new;
    end $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    create or replace function wines_touch() returns trigger language plpgsql as $$
    begin
      new.updated_at := now();
      new.version := old.version + 1;
      return new;
    end $$`);
  await knex.raw('alter table wines drop column if exists field_versions');
  await knex.raw('drop table if exists applied_mutations');
}
