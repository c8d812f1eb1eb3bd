import type { Knex } from 'knex';

// Finding a wine (docs/catalogue.md): GET /api/wines/search searches the public catalogue with Postgres full-text
// search and trigram similarity, folded to lower case without accents ('chateau' finds Château).
//
// - wine_fold(text): lower(unaccent(text)), IMMUTABLE (unaccent itself is only STABLE, as its dictionary could change;
//   ours never does), so that indexes may use it.
// - wine_search_document(...): the weighted search document ('simple' configuration over the folded text): name and
//   producer A, grapes, country and region B, style C, the taste description D.
// - wine_search_words(...): the folded name, producer, grapes, country, region and style as one text, for trigram word
//   similarity (typos: 'sauvignon blnc').
// - wine_grapes(text): the grapes of wines.grape_variety ('Syrah, Tinta roriz') as a list, split at commas with one
//   space on either side dropped (string functions, no regular expression: it runs on every wine of a grape search).
// - wine_price_per_litre(price, volume_ml): kr/l, with 750 ml assumed where the volume is unknown.
// - wine_search_documents: each wine's document and words, kept by a trigger (filled for existing wines by the next
//   migration); no new columns on wines, so wines.* and the wines_touch trigger stay as they are.
// The grape and kr/l indexes are expression indexes on wines; the search query uses the same expressions.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists unaccent');
  await knex.raw('create extension if not exists pg_trgm');

  await knex.raw(`
    create or replace function wine_fold(t text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, t)) $$`);

  await knex.raw(`
    create or replace function wine_search_document(
      name text, producer text, grape_variety text, country text, region text, style text, description text
    ) returns tsvector
    language sql immutable parallel safe
    as $$
      select setweight(to_tsvector('simple'::regconfig, wine_fold(coalesce(name, '') || ' ' || coalesce(producer, ''))), 'A')
          || setweight(to_tsvector('simple'::regconfig, wine_fold(coalesce(grape_variety, '') || ' ' || coalesce(country, '') || ' ' || coalesce(region, ''))), 'B')
          || setweight(to_tsvector('simple'::regconfig, wine_fold(coalesce(style, ''))), 'C')
          || setweight(to_tsvector('simple'::regconfig, wine_fold(coalesce(description, ''))), 'D')
    $$`);

  await knex.raw(`
    create or replace function wine_search_words(
      name text, producer text, grape_variety text, country text, region text, style text
    ) returns text
    language sql immutable parallel safe
    as $$
      select wine_fold(concat_ws(' ', name, producer, grape_variety, country, region, style))
    $$`);

  await knex.raw(`
    create or replace function wine_grapes(grape_variety text) returns text[]
    language sql immutable parallel safe
    as $$ select coalesce(array_remove(string_to_array(replace(replace(btrim(grape_variety), ' ,', ','), ', ', ','), ','), ''), '{}'::text[]) $$`);

  await knex.raw(`
    create or replace function wine_price_per_litre(price numeric, volume_ml integer) returns numeric
    language sql immutable parallel safe
    as $$ select price * 1000 / coalesce(volume_ml, 750) $$`);

  // The search text of every wine, kept by a trigger on every write of the searched columns. Stored (not an expression
  // index on wines): ranking reads the document and words of every match, and computing them again costs ~20 µs a wine.
  await knex.raw(`
    create table if not exists wine_search_documents (
      wine_id uuid primary key references wines (id) on delete cascade,
      document tsvector not null,
      words text not null
    )`);
  await knex.raw('create index if not exists wine_search_documents_document_gin on wine_search_documents using gin (document)');
  await knex.raw('create index if not exists wine_search_documents_words_trgm on wine_search_documents using gin (words gin_trgm_ops)');
  await knex.raw(`
    create or replace function wine_search_documents_sync() returns trigger language plpgsql as $$
    begin
      insert into wine_search_documents (wine_id, document, words)
      values (
        new.id,
        wine_search_document(new.name, new.producer, new.grape_variety, new.country, new.region, new.style, new.description),
        wine_search_words(new.name, new.producer, new.grape_variety, new.country, new.region, new.style)
      )
      on conflict (wine_id) do update set document = excluded.document, words = excluded.words;
      return null;
    end $$`);
  await knex.raw('drop trigger if exists wine_search_documents_sync on wines');
  await knex.raw(`
    create trigger wine_search_documents_sync
      after insert or update of name, producer, grape_variety, country, region, style, description on wines
      for each row execute function wine_search_documents_sync()`);

  await knex.raw(`
    create index if not exists wines_grapes_gin on wines using gin (wine_grapes(grape_variety)) where approval_status = 'approved'`);
  await knex.raw(`
    create index if not exists wines_price_per_litre_idx on wines (wine_price_per_litre(price, volume_ml), id)
      where approval_status = 'approved'`);
  await knex.raw(`create index if not exists wines_price_idx on wines (price, id) where approval_status = 'approved'`);
  // The filters most often set (type, country) narrow the matches before the facets count them.
  await knex.raw(`create index if not exists wines_type_idx on wines (wine_type) where approval_status = 'approved'`);
  await knex.raw(`create index if not exists wines_country_idx on wines (country) where approval_status = 'approved'`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists wines_country_idx');
  await knex.raw('drop index if exists wines_type_idx');
  await knex.raw('drop index if exists wines_price_idx');
  await knex.raw('drop index if exists wines_price_per_litre_idx');
  await knex.raw('drop index if exists wines_grapes_gin');
  await knex.raw('drop trigger if exists wine_search_documents_sync on wines');
  await knex.raw('drop function if exists wine_search_documents_sync()');
  await knex.raw('drop table if exists wine_search_documents');
  await knex.raw('drop function if exists wine_price_per_litre(numeric, integer)');
  await knex.raw('drop function if exists wine_grapes(text)');
  await knex.raw('drop function if exists wine_search_words(text, text, text, text, text, text)');
  await knex.raw('drop function if exists wine_search_document(text, text, text, text, text, text, text)');
  await knex.raw('drop function if exists wine_fold(text)');
  // The extensions stay: other objects may have come to use them.
}
