import type { Knex } from 'knex';

// Enum values are the spec's, verbatim (spec 000 §3, 001 §3–§4).
const ENUMS: Record<string, string[]> = {
  wine_category: ['FYND', 'NYLANSERAD', 'FOLKETS_VAL'],
  approval_status: ['draft', 'pending', 'approved', 'rejected'],
  wine_source: ['systembolaget', 'admin', 'partner'],
  review_status: ['pending', 'approved', 'rejected'],
};

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pgcrypto');
  for (const [name, values] of Object.entries(ENUMS)) {
    const list = values.map((v) => `'${v}'`).join(', ');
    await knex.raw(`do $$ begin create type ${name} as enum (${list}); exception when duplicate_object then null; end $$;`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const name of Object.keys(ENUMS).reverse()) await knex.raw(`drop type if exists ${name}`);
}
