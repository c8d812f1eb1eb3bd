import type { Knex } from 'knex';

// Wine fields: spec 000 §3 and 001 §3. Systembolaget's extra facts (producer, volume, type, …)
// are kept too because a wine guide shows them. `version` is bumped on every change (offline sync).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists wines (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(btrim(name)) > 0),
      description text not null default '',
      price numeric(10, 2) not null check (price >= 0),
      rating numeric(2, 1) check (rating between 1 and 5),
      categories wine_category[] not null default '{}',
      vintage integer check (vintage between 1900 and 2100),
      country text,
      region text,
      grape_variety text,
      alcohol_content numeric(4, 1) check (alcohol_content between 0 and 100),
      systembolaget_url text,
      image_url text,
      sweetness smallint check (sweetness between 1 and 5),
      acidity smallint check (acidity between 1 and 5),
      body smallint check (body between 1 and 5),
      tannins smallint check (tannins between 1 and 5),
      fruity smallint check (fruity between 1 and 5),
      food_pairings text[] not null default '{}',
      occasions text[] not null default '{}',
      is_granskad_vinpressen boolean not null default false,
      approval_status approval_status not null default 'draft',
      rejection_reason text,
      source wine_source not null,
      product_number text unique,
      producer text,
      volume_ml integer check (volume_ml > 0),
      wine_type text,
      packaging text,
      style text,
      color text,
      serving text,
      assortment text,
      is_organic boolean,
      version integer not null default 1 check (version >= 1),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  // Public lists filter on approved + a category (GIN for the array containment),
  // the admin list and counters on approval_status.
  await knex.raw('create index if not exists wines_categories_gin on wines using gin (categories)');
  await knex.raw("create index if not exists wines_approved_created_idx on wines (created_at desc) where approval_status = 'approved'");
  await knex.raw('create index if not exists wines_approval_status_idx on wines (approval_status, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists wines');
}
