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
// - wine_search_documents: each wine's document and words, and wine_search_facts: what the filters, facets and sorts
//   read of each public wine; both kept by triggers on wines (filled for existing wines by the next migration). No new
//   columns on wines, so wines.* and the wines_touch trigger stay as they are.
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

  // What the filters, facets and sorts read of every public wine, in a narrow table kept by a trigger on every write of
  // wines (a row while the wine is approved, none otherwise). A search's facets read tens of thousands of wines of a
  // large catalogue; wines rows are wide (descriptions, serving texts, field versions) and the filtered columns lie far
  // into them, so reading these from wines cost about twice the time.
  await knex.raw(`
    create table if not exists wine_search_facts (
      id uuid primary key references wines (id) on delete cascade,
      name text not null,
      price numeric(10, 2) not null,
      price_per_litre numeric not null,
      rating numeric(2, 1),
      launch_date date,
      created_at timestamptz not null,
      discontinued_on date,
      wine_type text,
      packaging text,
      volume_ml integer,
      country text,
      region text,
      assortment text,
      vintage integer,
      grapes text[] not null,
      food_pairings text[] not null,
      occasions text[] not null,
      categories wine_category[] not null,
      sweetness smallint,
      acidity smallint,
      body smallint,
      tannins smallint,
      is_organic boolean,
      is_granskad_vinpressen boolean not null
    )`);
  await knex.raw(`
    create or replace function wine_search_facts_sync() returns trigger language plpgsql as $$
    begin
      if new.approval_status <> 'approved' then
        delete from wine_search_facts where id = new.id;
        return null;
      end if;
      insert into wine_search_facts (id, name, price, price_per_litre, rating, launch_date, created_at, discontinued_on,
        wine_type, packaging, volume_ml, country, region, assortment, vintage, grapes, food_pairings, occasions, categories,
        sweetness, acidity, body, tannins, is_organic, is_granskad_vinpressen)
      values (new.id, new.name, new.price, wine_price_per_litre(new.price, new.volume_ml), new.rating, new.launch_date,
        new.created_at, new.discontinued_on, new.wine_type, new.packaging, new.volume_ml, new.country, new.region,
        new.assortment, new.vintage, wine_grapes(new.grape_variety), new.food_pairings, new.occasions, new.categories,
        new.sweetness, new.acidity, new.body, new.tannins, new.is_organic, new.is_granskad_vinpressen)
      on conflict (id) do update set name = excluded.name, price = excluded.price,
        price_per_litre = excluded.price_per_litre, rating = excluded.rating, launch_date = excluded.launch_date,
        created_at = excluded.created_at, discontinued_on = excluded.discontinued_on, wine_type = excluded.wine_type,
        packaging = excluded.packaging, volume_ml = excluded.volume_ml, country = excluded.country,
        region = excluded.region, assortment = excluded.assortment, vintage = excluded.vintage, grapes = excluded.grapes,
        food_pairings = excluded.food_pairings, occasions = excluded.occasions, categories = excluded.categories,
        sweetness = excluded.sweetness, acidity = excluded.acidity, body = excluded.body, tannins = excluded.tannins,
        is_organic = excluded.is_organic, is_granskad_vinpressen = excluded.is_granskad_vinpressen;
      return null;
    end $$`);
  await knex.raw('drop trigger if exists wine_search_facts_sync on wines');
  await knex.raw(`
    create trigger wine_search_facts_sync after insert or update on wines
      for each row execute function wine_search_facts_sync()`);
  // The filters that most narrow a search, and the sorts.
  await knex.raw('create index if not exists wine_search_facts_type_idx on wine_search_facts (wine_type)');
  await knex.raw('create index if not exists wine_search_facts_country_idx on wine_search_facts (country)');
  await knex.raw('create index if not exists wine_search_facts_price_idx on wine_search_facts (price)');
  await knex.raw('create index if not exists wine_search_facts_price_per_litre_idx on wine_search_facts (price_per_litre)');
  await knex.raw('create index if not exists wine_search_facts_grapes_gin on wine_search_facts using gin (grapes)');
  await knex.raw('create index if not exists wine_search_facts_categories_gin on wine_search_facts using gin (categories)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists wine_search_facts_sync on wines');
  await knex.raw('drop function if exists wine_search_facts_sync()');
  await knex.raw('drop table if exists wine_search_facts');

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
