import type { Knex } from 'knex';

// Data for 20261125000200_wine_search: the search document and words of every wine already stored, and the search
// facts of every public one (later writes keep both by trigger).
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    insert into wine_search_documents (wine_id, document, words)
    select id,
           wine_search_document(name, producer, grape_variety, country, region, style, description),
           wine_search_words(name, producer, grape_variety, country, region, style)
    from wines
    on conflict (wine_id) do update set document = excluded.document, words = excluded.words`);
  // The facts of every public wine, as the trigger wine_search_facts_sync writes them.
  await knex.raw(`
    insert into wine_search_facts (id, name, price, price_per_litre, rating, launch_date, created_at, discontinued_on,
      wine_type, packaging, volume_ml, country, region, assortment, vintage, grapes, food_pairings, occasions, categories,
      sweetness, acidity, body, tannins, is_organic, is_granskad_vinpressen)
    select id, name, price, wine_price_per_litre(price, volume_ml), rating, launch_date, created_at, discontinued_on,
      wine_type, packaging, volume_ml, country, region, assortment, vintage, wine_grapes(grape_variety), food_pairings,
      occasions, categories, sweetness, acidity, body, tannins, is_organic, is_granskad_vinpressen
    from wines where approval_status = 'approved'
    on conflict (id) do nothing`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('delete from wine_search_facts');
  await knex.raw('delete from wine_search_documents');
}
