import type { Knex } from 'knex';

// Users (spec 000 §3 'Current user', 001 §3 'Admin-managed user'). Created with the foundation because
// reviews belong to users; sign-up, sign-in and sessions build on it. Admins have no password (OIDC).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`do $$ begin create type user_role as enum ('user', 'partner', 'moderator', 'admin');
    exception when duplicate_object then null; end $$;`);
  await knex.raw(`
    create table if not exists users (
      id uuid primary key default gen_random_uuid(),
      username text not null check (length(btrim(username)) > 0),
      email text not null check (position('@' in email) > 1),
      password_hash text,
      first_name text,
      last_name text,
      role user_role not null default 'user',
      is_active boolean not null default true,
      is_verified boolean not null default false,
      auth_type text not null default 'local' check (auth_type in ('local', 'admin')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create unique index if not exists users_email_unique on users (lower(email))');
  await knex.raw('create unique index if not exists users_username_unique on users (lower(username))');
  await knex.raw(`do $$ begin
      alter table reviews add constraint reviews_user_fk foreign key (user_id) references users (id) on delete cascade;
    exception when duplicate_object then null; end $$;`);
  await knex.raw('create index if not exists reviews_user_idx on reviews (user_id, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table reviews drop constraint if exists reviews_user_fk');
  await knex.raw('drop index if exists reviews_user_idx');
  await knex.raw('drop table if exists users');
  await knex.raw('drop type if exists user_role');
}
