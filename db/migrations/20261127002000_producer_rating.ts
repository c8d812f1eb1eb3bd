import type { Knex } from 'knex';

// A wine's public rating ('Folkets betyg', wines.rating) comes only from its approved member reviews (README.md
// 'Reviews', db/README.md: "a rating comes only from approved reviews"). The rating a partner gives its own wine in
// the portal (spec 001 §3 'rating (1-5, default 4)'), and the one an admin types in the wine form, were stored in the
// same column and so published as Folkets betyg. They move to producer_rating, which is never public; rating becomes
// the mean of the approved reviews' final ratings (one decimal, as api/services/reviews.ts computes it at each
// approval), or null without any. Imported Systembolaget wines never had a rating of their own (db/README.md), so
// theirs is only ever the reviews' mean too. Only rows whose value changes are written.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table wines add column if not exists producer_rating numeric(2, 1) check (producer_rating between 1 and 5)');
  await knex.raw(`
    update wines set producer_rating = rating
    where source in ('partner', 'admin') and rating is not null and producer_rating is null`);
  await knex.raw(`
    with community as (
      select w.id, (select round(avg(r.final_rating), 1) from reviews r
                    where r.wine_id = w.id and r.status = 'approved' and r.final_rating is not null) as mean
      from wines w
    )
    update wines set rating = community.mean
    from community
    where wines.id = community.id and wines.rating is distinct from community.mean`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    update wines set rating = producer_rating
    where producer_rating is not null and rating is null`);
  await knex.raw('alter table wines drop column if exists producer_rating');
}
