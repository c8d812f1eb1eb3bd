import type { Knex } from 'knex';

// What admins did (spec 001 §2 'Dashboard': recent activity), read by the dashboard instead of the original's
// fixed sample text. Kept when the actor is deactivated or deleted (actor_email stays).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists admin_audit_log (
      id bigserial primary key,
      actor_id uuid references users (id) on delete set null,
      actor_email text not null,
      action text not null check (action ~ '^[a-z_]+\\.[a-z_]+$'),
      entity_type text not null,
      entity_id text,
      summary text not null,
      created_at timestamptz not null default now()
    )`);
  await knex.raw('create index if not exists admin_audit_log_created_idx on admin_audit_log (created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists admin_audit_log');
}
