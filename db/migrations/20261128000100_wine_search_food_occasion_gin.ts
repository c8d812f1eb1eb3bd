import type { Knex } from 'knex';

// GIN indexes on the food pairings and occasions of wine_search_facts, like those on grapes and categories
// (20261125000200_wine_search). A search counts, for each faceted filter it sets, the wines meeting every other filter
// but not this one (docs/catalogue.md); with `food=fish` among the filters, the pass for another filter read every
// public wine to find those with fish. At 100,000 wines the broad search's near misses took 65 → 45 ms (median of 15
// runs, README 'Benchmarks').
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create index if not exists wine_search_facts_food_pairings_gin on wine_search_facts using gin (food_pairings)');
  await knex.raw('create index if not exists wine_search_facts_occasions_gin on wine_search_facts using gin (occasions)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists wine_search_facts_occasions_gin');
  await knex.raw('drop index if exists wine_search_facts_food_pairings_gin');
}
