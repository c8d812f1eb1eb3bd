import type { Knex } from 'knex';

// One rule for the words of a search, online and offline (docs/catalogue.md 'Words'; api/contract/search-terms.ts):
// every word of the search must begin a word of the wine's search text, or be within a few edits of one (Levenshtein,
// by the word's length), as the device's MiniSearch matches them. Until now the server searched prefixes and, only
// when they found nothing, the whole text by trigram similarity: the same search found other wines offline.
//
// - wine_search_document(...): the words are now runs of letters and digits of the folded text (every other character
//   is a space before Postgres' parser sees it), as the device splits them: '13.5' is '13' and '5', 'saint-émilion'
//   'saint' and 'emilion'. Weights as before (name and producer A, grapes, country and region B, style C, description D).
// - wine_search_terms: every word of every search document (fuzzystrmatch's levenshtein_less_equal looks for the words
//   near a search word among them), added to by the documents' trigger; a word whose wines are gone stays (it matches
//   no document, so it only costs its row).
// - wine_search_query(terms, edits): the tsquery of folded search words (api/contract/search-terms.ts searchTerms):
//   per word, `'word':*` or any listed word within its edits; all words ANDed.
// - The trigram words (wine_search_documents.words, its index, wine_search_words()) are no longer read: dropped.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists fuzzystrmatch');

  await knex.raw(`
    create or replace function wine_search_document(
      name text, producer text, grape_variety text, country text, region text, style text, description text
    ) returns tsvector
    language sql immutable parallel safe
    as $$
      select setweight(to_tsvector('simple'::regconfig, regexp_replace(wine_fold(coalesce(name, '') || ' ' || coalesce(producer, '')), '[^[:alnum:]]+', ' ', 'g')), 'A')
          || setweight(to_tsvector('simple'::regconfig, regexp_replace(wine_fold(coalesce(grape_variety, '') || ' ' || coalesce(country, '') || ' ' || coalesce(region, '')), '[^[:alnum:]]+', ' ', 'g')), 'B')
          || setweight(to_tsvector('simple'::regconfig, regexp_replace(wine_fold(coalesce(style, '')), '[^[:alnum:]]+', ' ', 'g')), 'C')
          || setweight(to_tsvector('simple'::regconfig, regexp_replace(wine_fold(coalesce(description, '')), '[^[:alnum:]]+', ' ', 'g')), 'D')
    $$`);

  await knex.raw('create table if not exists wine_search_terms (term text primary key)');

  await knex.raw('drop index if exists wine_search_documents_words_trgm');
  await knex.raw(`
    create or replace function wine_search_documents_sync() returns trigger language plpgsql as $$
    declare
      doc tsvector := wine_search_document(new.name, new.producer, new.grape_variety, new.country, new.region, new.style, new.description);
    begin
      insert into wine_search_documents (wine_id, document) values (new.id, doc)
      on conflict (wine_id) do update set document = excluded.document;
      insert into wine_search_terms (term) select unnest(tsvector_to_array(doc)) on conflict do nothing;
      return null;
    end $$`);
  await knex.raw('alter table wine_search_documents drop column if exists words');
  await knex.raw('drop function if exists wine_search_words(text, text, text, text, text, text)');

  // Every document again with the new word split (one statement: ~20 µs a wine), then the words they hold.
  await knex.raw(`
    update wine_search_documents d
       set document = wine_search_document(w.name, w.producer, w.grape_variety, w.country, w.region, w.style, w.description)
      from wines w where w.id = d.wine_id`);
  await knex.raw(`
    insert into wine_search_terms (term)
    select distinct unnest(tsvector_to_array(document)) from wine_search_documents
    on conflict do nothing`);

  // Search words are folded letters and digits (api/contract/search-terms.ts); anything else is dropped here too, so no
  // character of the input can reach tsquery syntax. No word left: null (the caller searches without text then).
  await knex.raw(`
    create or replace function wine_search_query(terms text[], edits integer[]) returns tsquery
    language sql stable parallel safe
    as $$
      select string_agg(
               '(''' || q.term || ''':*' || coalesce((
                 select string_agg(' | ''' || s.term || '''', '')
                   from wine_search_terms s
                  where q.edits > 0
                    and length(s.term) between length(q.term) - q.edits and length(q.term) + q.edits
                    and levenshtein_less_equal(s.term, q.term, q.edits) <= q.edits
                    and s.term ~ '^[[:alnum:]]+$'), '') || ')',
               ' & ' order by q.ord)::tsquery
        from (select regexp_replace(t, '[^[:alnum:]]+', '', 'g') as term, least(greatest(coalesce(e, 0), 0), 6) as edits, ord
                from unnest(terms, edits) with ordinality as u(t, e, ord)) q
       where q.term <> ''
    $$`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function if exists wine_search_query(text[], integer[])');
  await knex.raw('alter table wine_search_documents add column if not exists words text');
  await knex.raw(`
    create or replace function wine_search_words(
      name text, producer text, grape_variety text, country text, region text, style text
    ) returns text
    language sql immutable parallel safe
    as $$ select wine_fold(concat_ws(' ', name, producer, grape_variety, country, region, style)) $$`);
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
  await knex.raw(`
    update wine_search_documents d
       set document = wine_search_document(w.name, w.producer, w.grape_variety, w.country, w.region, w.style, w.description),
           words = wine_search_words(w.name, w.producer, w.grape_variety, w.country, w.region, w.style)
      from wines w where w.id = d.wine_id`);
  await knex.raw('alter table wine_search_documents alter column words set not null');
  await knex.raw('create index if not exists wine_search_documents_words_trgm on wine_search_documents using gin (words gin_trgm_ops)');
  await knex.raw('drop table if exists wine_search_terms');
}
