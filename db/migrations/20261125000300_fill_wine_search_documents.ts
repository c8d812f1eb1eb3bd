import type { Knex } from 'knex';

// Data for 20261125000200_wine_search: the search document and words of every wine already stored (later writes keep
// them by trigger).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into wine_search_documents (wine_id, document, words)
    select id,
           wine_search_document(name, producer, grape_variety, country, region, style, description),
           wine_search_words(name, producer, grape_variety, country, region, style)
    from wines
    on conflict (wine_id) do update set document = excluded.document, words = excluded.words`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('delete from wine_search_documents');
}
