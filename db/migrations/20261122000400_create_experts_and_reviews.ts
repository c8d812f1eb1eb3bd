import type { Knex } from 'knex';

// Experts and their reviews (spec 000 §3 'Expert review'); community reviews (spec 000 §3
// 'User review') — the table only: submission and moderation come with the reviews work.
// reviews.user_id gets its foreign key when the users table exists.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists experts (
      id uuid primary key default gen_random_uuid(),
      name text not null check (length(btrim(name)) > 0),
      title text not null default '',
      image_url text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw(`
    create table if not exists expert_reviews (
      id uuid primary key default gen_random_uuid(),
      wine_id uuid not null references wines (id) on delete cascade,
      expert_id uuid not null references experts (id) on delete cascade,
      title text not null default '',
      content text not null,
      rating smallint not null check (rating between 1 and 5),
      price_worth_rating smallint check (price_worth_rating between 1 and 5),
      quality_rating smallint check (quality_rating between 1 and 5),
      overall_experience smallint check (overall_experience between 1 and 5),
      is_fynd boolean not null default false,
      is_featured boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create index if not exists expert_reviews_featured_idx on expert_reviews (created_at desc) where is_featured');
  await knex.raw('create index if not exists expert_reviews_wine_idx on expert_reviews (wine_id)');
  await knex.raw(`
    create table if not exists reviews (
      id uuid primary key default gen_random_uuid(),
      wine_id uuid not null references wines (id) on delete cascade,
      user_id uuid not null,
      content text not null check (length(btrim(content)) > 0 and length(content) <= 4000),
      price_worth_rating smallint not null check (price_worth_rating between 1 and 5),
      quality_rating smallint not null check (quality_rating between 1 and 5),
      overall_experience smallint not null check (overall_experience between 1 and 5),
      ai_processed_rating numeric(2, 1) check (ai_processed_rating between 1 and 5),
      ai_reasons jsonb,
      status review_status not null default 'pending',
      final_rating numeric(2, 1) check (final_rating between 1 and 5 and mod(final_rating * 2, 1) = 0),
      moderator_notes text,
      rejection_reason text,
      published_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint reviews_one_per_user_and_wine unique (user_id, wine_id)
    )`);
  await knex.raw("create index if not exists reviews_wine_published_idx on reviews (wine_id, created_at desc) where status = 'approved'");
  await knex.raw("create index if not exists reviews_pending_idx on reviews (created_at) where status = 'pending'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists reviews');
  await knex.raw('drop table if exists expert_reviews');
  await knex.raw('drop table if exists experts');
}
