import type { Knex } from 'knex';

// Accounts (spec 000 §4–§7): the session store of koa-session, single-use password-reset tokens and the
// counters of rate-limiter-flexible. All in Postgres so any number of API processes share them.
export async function up(knex: Knex): Promise<void> {
  // The cookie carries a random 256-bit session key; only its SHA-256 is stored, so a copy of this table
  // signs nobody in. user_id lets a password change end the user's other sessions.
  await knex.raw(`
    create table if not exists sessions (
      id text primary key check (length(id) = 64),
      user_id uuid references users (id) on delete cascade,
      data jsonb not null,
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
  await knex.raw('create index if not exists sessions_user_idx on sessions (user_id)');
  await knex.raw('create index if not exists sessions_expires_idx on sessions (expires_at)');

  // The token itself is never stored: it is derived from the row id with the server's secret when the mail
  // is written, and only its SHA-256 is kept for the lookup.
  await knex.raw(`
    create table if not exists password_reset_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique check (length(token_hash) = 64),
      expires_at timestamptz not null,
      used_at timestamptz,
      superseded_at timestamptz,
      mailed_at timestamptz,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index if not exists password_reset_tokens_user_idx on password_reset_tokens (user_id, created_at desc)');

  // rate-limiter-flexible's table layout (RateLimiterPostgres, tableCreated: true).
  await knex.raw(`
    create table if not exists rate_limits (
      key varchar(255) primary key,
      points integer not null default 0,
      expire bigint
    )`);
  await knex.raw('create index if not exists rate_limits_expire_idx on rate_limits (expire)');

  await knex.raw(`alter table users add column if not exists password_changed_at timestamptz`);
  // Bumped by a password change: a session signed in under an older value is no longer valid, even if a
  // request in flight writes its row back after the row was deleted.
  await knex.raw(`alter table users add column if not exists session_version integer not null default 0`);
  await knex.raw(`alter table users add column if not exists last_login_at timestamptz`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop column if exists session_version');
  await knex.raw('alter table users drop column if exists last_login_at');
  await knex.raw('alter table users drop column if exists password_changed_at');
  await knex.raw('drop table if exists rate_limits');
  await knex.raw('drop table if exists password_reset_tokens');
  await knex.raw('drop table if exists sessions');
}
