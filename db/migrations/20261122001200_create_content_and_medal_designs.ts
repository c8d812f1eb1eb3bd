import type { Knex } from 'knex';

// Page contents and articles (spec 001 §3 'Page content', 'Article'; the admin's 'Migrera data nu' card fills
// them, the CMS issue builds the editors), medal designs (001 §2 'Medaljhantering', §3 'Medal design'), and the
// public-cache notifications for the settings and medal designs the public site reads.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists page_contents (
      id uuid primary key default gen_random_uuid(),
      page_id text not null unique check (page_id ~ '^[a-z0-9-]+$' and length(page_id) <= 60),
      title text not null default '' check (length(title) <= 200),
      content text not null default '',
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw(`
    create table if not exists articles (
      id uuid primary key default gen_random_uuid(),
      slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 120),
      title text not null check (length(title) between 1 and 200),
      excerpt text not null default '',
      content text not null default '',
      author_id text not null default 'admin',
      featured_image_url text,
      is_published boolean not null default false,
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      -- a published article always says when it was published (the public list is ordered by it)
      constraint articles_published_has_date check (not is_published or published_at is not null)
    )`);
  await knex.raw('create index if not exists articles_published_idx on articles (published_at desc) where is_published');
  // category: one of the site's own marks (Vinpressen's three categories and its review mark). It picks the
  // medal's palette and says what the medal stands for; a closed set, so that a medal never claims something
  // the site does not award.
  await knex.raw(`
    create table if not exists medal_designs (
      id text primary key check (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(id) <= 60),
      name text not null check (length(btrim(name)) between 1 and 40),
      category text not null check (category in ('FYND', 'NYLANSERAD', 'FOLKETS_VAL', 'GRANSKAD')),
      primary_color text check (primary_color ~ '^#[0-9a-f]{6}$'),
      accent_color text check (accent_color ~ '^#[0-9a-f]{6}$'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  // Public answers built from these tables are cached per process: every write tells each process to drop them
  // (function from the create_change_notifications migration).
  for (const table of ['site_settings', 'medal_designs']) {
    await knex.raw(`drop trigger if exists ${table}_notify_public on ${table}`);
    await knex.raw(`create trigger ${table}_notify_public after insert or update or delete or truncate on ${table}
      for each statement execute function notify_public_data_changed()`);
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists site_settings_notify_public on site_settings');
  await knex.raw('drop table if exists medal_designs'); // its trigger goes with it
  await knex.raw('drop table if exists articles');
  await knex.raw('drop table if exists page_contents');
}
