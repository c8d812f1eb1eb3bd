import type { Knex } from 'knex';

// Uploaded images (wine photos, logos), kept in Postgres and served at /api/images/{id} ("not a data URL
// inside the wine row"). One row per distinct content: the same bytes uploaded twice give the same image (sha256
// unique). Only raster formats a browser shows and that carry no script (no SVG); at most 5 MB (5 242 880 bytes).
// width/height are read from the header when possible (null otherwise).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table if not exists images (
      id uuid primary key default gen_random_uuid(),
      content_type text not null
        check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif')),
      bytes bytea not null,
      byte_size integer not null check (byte_size between 1 and 5242880),
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      width integer check (width > 0),
      height integer check (height > 0),
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      constraint images_byte_size_matches check (octet_length(bytes) = byte_size),
      constraint images_sha256_unique unique (sha256)
    )`);
  // Large values are compressed by TOAST by default; images are compressed already, so store them as they are.
  await knex.raw('alter table images alter column bytes set storage external');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table if exists images');
}
