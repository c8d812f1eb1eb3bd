import type { Knex } from 'knex';

// Newsletter subscribers (spec 000 §2 'Håll dig uppdaterad', 001 §2 newsletter tab), site settings
// (001 §3 'Site setting') and the record of data imports (so the first-start import runs once).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists newsletter_subscribers (
      id uuid primary key default gen_random_uuid(),
      email text not null check (position('@' in email) > 1),
      phone text not null,
      gdpr_consent boolean not null check (gdpr_consent),
      consented_at timestamptz not null,
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create unique index if not exists newsletter_subscribers_email_unique on newsletter_subscribers (lower(email))');
  await knex.raw('create index if not exists newsletter_subscribers_created_idx on newsletter_subscribers (created_at desc)');
  await knex.raw(`
    create table if not exists site_settings (
      key text primary key check (key ~ '^[a-z0-9_.-]+$'),
      value text not null default '',
      description text not null default '',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw(`
    create table if not exists data_imports (
      id serial primary key,
      source text not null,
      file_sha256 text not null,
      inserted integer not null,
      updated integer not null,
      skipped jsonb not null default '[]',
      created_at timestamptz not null default now()
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists data_imports');
  await knex.raw('drop table if exists site_settings');
  await knex.raw('drop table if exists newsletter_subscribers');
}
