import type { Knex } from 'knex';

// The block editor's blocks (spec 001 §3 'Content block'): kept beside the HTML they were turned into,
// so the builder can load a page's or article's blocks again. Null when the content was last edited as HTML.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`alter table page_contents add column if not exists blocks jsonb check (blocks is null or jsonb_typeof(blocks) = 'array')`);
  await knex.raw(`alter table articles add column if not exists blocks jsonb check (blocks is null or jsonb_typeof(blocks) = 'array')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table articles drop column if exists blocks');
  await knex.raw('alter table page_contents drop column if exists blocks');
}
