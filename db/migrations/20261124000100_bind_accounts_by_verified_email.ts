import type { Knex } from 'knex';

// Accounts are bound to an address only through a verified e-mail (docs: README 'Accounts and sessions').
// - One VERIFIED account per address (case-insensitive). Unverified accounts may share an address: registering an
//   address that already has an account answers exactly like a new one (no account enumeration), and the newcomer's
//   account never gets a verification link for it. Sign-in, reset and the identity provider pick the verified
//   account, else the oldest one (api/queries/users.ts).
// - Any change of a user's role, sign-in type or address bumps session_version, which ends every existing session of
//   that account on every process (api/middlewares/auth.ts compares it), and deletes their rows.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists users_email_unique');
  await knex.raw('create unique index if not exists users_email_unique on users (lower(email)) where is_verified');
  await knex.raw('create index if not exists users_email_idx on users (lower(email), created_at)');

  await knex.raw(`
    create or replace function users_end_sessions_on_identity_change() returns trigger language plpgsql as $$
    begin
      if new.role is distinct from old.role
        or new.auth_type is distinct from old.auth_type
        or lower(new.email) is distinct from lower(old.email) then
        new.session_version := greatest(new.session_version, old.session_version + 1);
      end if;
      return new;
    end $$`);
  await knex.raw('drop trigger if exists users_end_sessions_on_identity_change on users');
  await knex.raw(`create trigger users_end_sessions_on_identity_change before update on users
    for each row execute function users_end_sessions_on_identity_change()`);

  await knex.raw(`
    create or replace function users_delete_stale_sessions() returns trigger language plpgsql as $$
    begin
      if new.session_version is distinct from old.session_version then
        delete from sessions where user_id = new.id and coalesce((data->>'sv')::int, -1) <> new.session_version;
      end if;
      return null;
    end $$`);
  await knex.raw('drop trigger if exists users_delete_stale_sessions on users');
  await knex.raw(`create trigger users_delete_stale_sessions after update of session_version on users
    for each row execute function users_delete_stale_sessions()`);

  // Registrations count against the per-address limit until their e-mail is verified (api/lib/rate-limits.ts).
  await knex.raw('alter table users add column if not exists registered_ip_key text');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table users drop column if exists registered_ip_key');
  await knex.raw('drop trigger if exists users_delete_stale_sessions on users');
  await knex.raw('drop function if exists users_delete_stale_sessions()');
  await knex.raw('drop trigger if exists users_end_sessions_on_identity_change on users');
  await knex.raw('drop function if exists users_end_sessions_on_identity_change()');
  await knex.raw('drop index if exists users_email_idx');
  await knex.raw('drop index if exists users_email_unique');
  await knex.raw('create unique index if not exists users_email_unique on users (lower(email))');
}
