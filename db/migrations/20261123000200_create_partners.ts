import type { Knex } from 'knex';

// Partner portal (spec 001 §1–§9): the company behind a partner account, single-use e-mail
// verification tokens, and on wines the partner who owns a draft, the medal an admin awarded and when the
// wine was submitted and reviewed.
export async function up(knex: Knex): Promise<void> {
  // One partner row per partner user (001 §3 'Partner current response'); the user row carries the person.
  await knex.raw(`
    create table if not exists partners (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null unique references users (id) on delete cascade,
      company_name text not null check (length(btrim(company_name)) > 0),
      contact_name text not null check (length(btrim(contact_name)) > 0),
      phone text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);

  // As password_reset_tokens: only the SHA-256 of a token derived from the row id and the server secret is stored.
  await knex.raw(`
    create table if not exists email_verification_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users (id) on delete cascade,
      token_hash text not null unique check (length(token_hash) = 64),
      expires_at timestamptz not null,
      used_at timestamptz,
      superseded_at timestamptz,
      mailed_at timestamptz,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index if not exists email_verification_tokens_user_idx on email_verification_tokens (user_id, created_at desc)');

  // A partner wine's owner. Users are deactivated, not deleted; if one ever is, the wine stays (set null).
  await knex.raw('alter table wines add column if not exists owner_user_id uuid references users (id) on delete set null');
  await knex.raw(
    'alter table wines add column if not exists medal_design_id text references medal_designs (id) on update cascade on delete set null',
  );
  await knex.raw('alter table wines add column if not exists submitted_at timestamptz');
  await knex.raw('alter table wines add column if not exists reviewed_at timestamptz');
  await knex.raw('alter table wines add column if not exists reviewed_by uuid references users (id) on delete set null');
  await knex.raw('create index if not exists wines_owner_idx on wines (owner_user_id, created_at desc) where owner_user_id is not null');
  // A partner wine always has an owner (checked for new rows; imported and admin wines have none).
  await knex.raw(`do $$ begin
      alter table wines add constraint wines_partner_has_owner check (source <> 'partner' or owner_user_id is not null) not valid;
    exception when duplicate_object then null; end $$;`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table wines drop constraint if exists wines_partner_has_owner');
  await knex.raw('drop index if exists wines_owner_idx');
  for (const column of ['reviewed_by', 'reviewed_at', 'submitted_at', 'medal_design_id', 'owner_user_id']) {
    await knex.raw(`alter table wines drop column if exists ${column}`);
  }
  await knex.raw('drop table if exists email_verification_tokens');
  await knex.raw('drop table if exists partners');
}
