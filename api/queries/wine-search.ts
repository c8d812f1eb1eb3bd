import type { Knex } from 'knex';
import { type SearchTerm, searchTerms } from '../contract/search-terms';
import { ASSORTMENTS, type Facet, WINE_TYPES, type WineSearchQuery, type WineSort } from '../contract/wine-search';
import { type DbPublicWineRow, publicWines, wineMedalColumns } from './wines';

/**
 * The search of the public catalogue (docs/catalogue.md; GET /api/wines/search). It reads wine_search_facts (what the
 * filters, facets and sorts read of each public wine, aliased `w`) and, for a text, wine_search_documents (`d`), both
 * kept by triggers on wines (db/migrations/20261125000200_wine_search.ts), then the page's rows from wines.
 */

/** The weighted search document of the wine (wine_search_documents aliased `d`, joined when there is text). */
const DOCUMENT = 'd.document';
/** kr/l of `w` (price in SEK × 1000 / volume in ml, 750 ml when unknown). */
const PRICE_PER_LITRE = 'w.price_per_litre';
/** The grapes of `w`: grape_variety split at commas (wine_grapes). */
const GRAPES = 'w.grapes';

/** The memory each sort, hash and materialised set of one search may use (Postgres work_mem). */
const SEARCH_WORK_MEM = '32MB';

/** A piece of SQL with its `?` bindings, in order. */
interface Sql {
  sql: string;
  bindings: unknown[];
}
const sql = (text: string, ...bindings: unknown[]): Sql => ({ sql: text, bindings });
function joinSql(parts: Sql[], separator: string): Sql {
  return { sql: parts.map((p) => p.sql).join(separator), bindings: parts.flatMap((p) => p.bindings) };
}

/**
 * The condition of each faceted filter the query sets, on the wine aliased `w` (values of one filter: OR).
 * Facets without a value in the query are absent.
 */
function facetConditions(query: WineSearchQuery): Partial<Record<Facet, Sql>> {
  const c: Partial<Record<Facet, Sql>> = {};
  if (query.type?.length)
    c.type = sql(
      'w.wine_type = any(?::text[])',
      query.type.map((t) => WINE_TYPES[t]),
    );
  if (query.packaging?.length) c.packaging = sql('w.packaging = any(?::text[])', query.packaging);
  if (query.volume?.length) c.volume = sql('w.volume_ml = any(?::int[])', query.volume);
  if (query.country?.length) c.country = sql('w.country = any(?::text[])', query.country);
  if (query.region?.length) c.region = sql('w.region = any(?::text[])', query.region);
  if (query.grape?.length) c.grape = sql(`${GRAPES} && ?::text[]`, query.grape);
  if (query.food?.length) c.food = sql('w.food_pairings && ?::text[]', query.food);
  if (query.occasion?.length) c.occasion = sql('w.occasions && ?::text[]', query.occasion);
  if (query.assortment?.length)
    c.assortment = sql(
      'w.assortment = any(?::text[])',
      query.assortment.map((a) => ASSORTMENTS[a]),
    );
  if (query.vintage?.length) c.vintage = sql('w.vintage = any(?::int[])', query.vintage);
  if (query.category?.length) c.category = sql('w.categories && ?::wine_category[]', query.category);
  return c;
}

/** The filters without facets (prices, taste ranges, organic, granskad, 'Utgått'), on `w`; all must hold. */
function plainConditions(query: WineSearchQuery): Sql[] {
  // wine_search_facts holds only public (approved) wines.
  const c: Sql[] = [sql('true')];
  if (query.discontinued === undefined) c.push(sql('w.discontinued_on is null'));
  else if (query.discontinued === 'only') c.push(sql('w.discontinued_on is not null'));
  if (query.priceMin !== undefined) c.push(sql('w.price >= ?', query.priceMin));
  if (query.priceMax !== undefined) c.push(sql('w.price <= ?', query.priceMax));
  if (query.pricePerLitreMin !== undefined) c.push(sql(`${PRICE_PER_LITRE} >= ?`, query.pricePerLitreMin));
  if (query.pricePerLitreMax !== undefined) c.push(sql(`${PRICE_PER_LITRE} <= ?`, query.pricePerLitreMax));
  for (const scale of ['body', 'sweetness', 'acidity', 'tannins'] as const) {
    const min = query[`${scale}Min`];
    const max = query[`${scale}Max`];
    if (min !== undefined) c.push(sql(`w.${scale} >= ?`, min));
    if (max !== undefined) c.push(sql(`w.${scale} <= ?`, max));
  }
  if (query.organic) c.push(sql('w.is_organic is true'));
  if (query.granskad) c.push(sql('w.is_granskad_vinpressen'));
  return c;
}

/**
 * The text search of `terms` (wine_search_documents aliased `d`): every term begins a word of the wine's document or
 * is within its edits of one (wine_search_query, db/migrations/20261126000300_wine_search_terms.ts; the rule in
 * docs/catalogue.md 'Words', the same as the device's), ranked by ts_rank of the weighted document (name and producer
 * weigh most). The tsquery is made once per statement, in the CTE `search_query` (`cte`, to lead the statement's WITH):
 * looking up each word's typo neighbours costs a few ms, and the matches, the near misses and the rank all read it.
 */
function textSearch(terms: SearchTerm[]): { cte: Sql; match: Sql; rank: Sql } {
  const words = terms.map((t) => t.term);
  const edits = terms.map((t) => t.maxEdits);
  const query = '(select tsq from search_query)';
  return {
    cte: sql('search_query as materialized (select wine_search_query(?::text[], ?::int[]) as tsq), ', words, edits),
    match: sql(`${DOCUMENT} @@ ${query}`),
    rank: sql(`ts_rank(${DOCUMENT}, ${query})`),
  };
}

/** The ORDER BY of `sort` over the candidate rows (columns of the `c` CTE), `id` last for stable pages. */
function orderBy(sort: WineSort, hasText: boolean): string {
  switch (sort) {
    case 'relevance':
      return hasText ? 'rank desc, name, id' : 'name, id';
    case 'price_asc':
      return 'price, name, id';
    case 'price_desc':
      return 'price desc, name, id';
    case 'price_per_litre':
      return 'ppl, name, id';
    case 'newest':
      return 'launch_date desc nulls last, created_at desc, id';
    case 'rating':
      return 'rating desc nulls last, name, id';
    case 'name':
      return 'name, id';
  }
}

/** One value of a facet as counted: the facet, the stored value as text, how many wines (given the other filters). */
export interface DbFacetCount {
  facet: Facet;
  value: string;
  count: number;
}

/** The search's figures besides the page: total, facet counts, and the price (SEK) and kr/l ranges of the matches. */
export interface DbWineSearchResult {
  rows: DbPublicWineRow[];
  total: number;
  facets: DbFacetCount[];
  ranges: { priceMin: number | null; priceMax: number | null; pplMin: number | null; pplMax: number | null };
}

/** The facets of one stored value per wine: their value as text (null: not counted) in the row aliased `a`. */
const SCALAR_FACETS: Partial<Record<Facet, (a: string) => string>> = {
  type: (a) => `${a}.wine_type`,
  packaging: (a) => `${a}.packaging`,
  volume: (a) => `${a}.volume_ml::text`,
  country: (a) => `${a}.country`,
  region: (a) => `${a}.region`,
  assortment: (a) => `${a}.assortment`,
  vintage: (a) => `${a}.vintage::text`,
};
/** The facets of a list of values per wine: that list as text[] in the row aliased `a`. */
const ARRAY_FACETS: Partial<Record<Facet, (a: string) => string>> = {
  grape: (a) => `${a}.grapes`,
  food: (a) => `${a}.food_pairings`,
  occasion: (a) => `${a}.occasions`,
  category: (a) => `${a}.categories::text[]`,
};
/** The columns the facets read. */
const FACET_COLUMNS = 'wine_type, packaging, volume_ml, country, region, assortment, vintage, grapes, food_pairings, occasions, categories';
const entries = (facets: Partial<Record<Facet, (a: string) => string>>) => Object.entries(facets) as [Facet, (a: string) => string][];

/**
 * The facet counts over the matches `hits`, as (f, v, n) rows: the one-value facets in one pass (grouping sets), each
 * list facet in one.
 */
function hitFacetCounts(): string[] {
  const scalars = entries(SCALAR_FACETS);
  const grouped = scalars.map(([, expr]) => `(${expr('hits')})`).join(', ');
  const which = `case ${scalars.map(([f, expr]) => `when grouping(${expr('hits')}) = 0 then '${f}'`).join(' ')} end`;
  const value = `coalesce(${scalars.map(([, expr]) => expr('hits')).join(', ')})`;
  // The lists side by side, one row per position (unnest in the select list pads the shorter ones with null), each
  // counted on its own by grouping sets: one pass, no function scan per wine.
  const lists = entries(ARRAY_FACETS);
  const listColumns = lists.map(([f, expr]) => `unnest(${expr('hits')}) as ${f}`).join(', ');
  const listWhich = `case ${lists.map(([f]) => `when grouping(${f}) = 0 then '${f}'`).join(' ')} end`;
  return [
    `select ${which} as f, ${value} as v, count(*)::int as n from hits group by grouping sets (${grouped})`,
    `select ${listWhich}, coalesce(${lists.map(([f]) => f).join(', ')}), count(*)::int from (select ${listColumns} from hits) l
     group by grouping sets (${lists.map(([f]) => `(${f})`).join(', ')})`,
  ];
}

/** A facet's values of the row aliased `a` as a text array. */
function facetValues(facet: Facet, a: string): string {
  const scalar = SCALAR_FACETS[facet];
  return scalar ? `array[${scalar(a)}]` : ARRAY_FACETS[facet]!(a);
}

/**
 * One page of public wines matching `query` (api/contract/wine-search.ts; rules in docs/catalogue.md), the number of
 * all matches, the facet counts and the price (SEK) and kr/l ranges of the matches. Facets are disjunctive: a facet's
 * counts apply every filter but its own, so a chosen value keeps its count. Values of a facet are as stored (wine_type,
 * assortment text, categories, volume in ml and vintage as text); null values are not counted.
 *
 * The text `q` is split, folded and matched by the rule of api/contract/search-terms.ts (textSearch).
 *
 * One statement computes the total, ranges, facets and the page's ids: the matches (`hits`, materialised: few columns,
 * every filter, so indexes can serve it) count in every facet; when the query sets faceted filters, one more pass over
 * the wines failing exactly one of them counts each in the facet of the filter it fails (only those count anywhere
 * else), aggregated as it streams. A second statement fetches the page's rows by id with their medals.
 */
export async function searchPublicWines(db: Knex | Knex.Transaction, query: WineSearchQuery): Promise<DbWineSearchResult> {
  const terms = searchTerms(query.q);
  return search(db, query, terms.length ? textSearch(terms) : undefined);
}

/** The search with `text` as the text condition and rank (none: every wine, ranked 0). */
async function search(
  db: Knex | Knex.Transaction,
  query: WineSearchQuery,
  text: { cte: Sql; match: Sql; rank: Sql } | undefined,
): Promise<DbWineSearchResult> {
  const facets = facetConditions(query);
  const active = Object.keys(facets) as Facet[];
  const from = sql(text ? 'wine_search_facts w join wine_search_documents d on d.wine_id = w.id' : 'wine_search_facts w');
  const plain = joinSql([...plainConditions(query), ...(text ? [text.match] : [])], ' and ');
  const all = joinSql([plain, ...active.map((f) => facets[f]!)], ' and ');
  const rank = text ? text.rank : sql('0');
  const order = orderBy(query.sort, Boolean(text));

  // The wines failing exactly one faceted filter, each counted under that filter's facet. Each filter is evaluated once
  // per wine (`offset 0` keeps the planner from copying the conditions into the outer query).
  // Only one-value facets filtered: their value as it is; else every value of the failed facet's list.
  const onlyScalars = active.every((f) => SCALAR_FACETS[f]);
  const near = active.length
    ? joinSql(
        [
          sql(
            ` union all select miss, v, count(*)::int from (select miss, ${onlyScalars ? `case miss ${active.map((f) => `when '${f}' then ${SCALAR_FACETS[f]!('n')}`).join(' ')} end` : `unnest(case miss ${active.map((f) => `when '${f}' then ${facetValues(f, 'n')}`).join(' ')} end)`} as v from (
              select case ${active.map((f) => `when not s.m_${f} then '${f}'`).join(' ')} end as miss, ${FACET_COLUMNS.replace(/(\w+)/g, 's.$1')} from (
                select ${FACET_COLUMNS.replace(/(\w+)/g, 'w.$1')}, `,
          ),
          joinSql(
            active.map((f) => ({ ...facets[f]!, sql: `coalesce(${facets[f]!.sql}, false) as m_${f}` })),
            ', ',
          ),
          sql(' from '),
          from,
          sql(' where '),
          plain,
          sql(` offset 0) s where ${active.map((f) => `(not s.m_${f})::int`).join(' + ')} = 1) n`),
          sql(') nv group by 1, 2'),
        ],
        '',
      )
    : sql('');

  const statement = joinSql(
    [
      sql('with '),
      text ? text.cte : sql(''),
      sql(`hits as materialized (
        select w.id, w.name, w.price, ${PRICE_PER_LITRE} as ppl, w.rating, w.launch_date, w.created_at,
          w.wine_type, w.packaging, w.volume_ml, w.country, w.region, w.grapes, w.food_pairings,
          w.occasions, w.assortment, w.vintage, w.categories, `),
      rank,
      sql(' as rank from '),
      from,
      sql(' where '),
      all,
      sql(
        `)
      select
        (select count(*)::int from hits) as total,
        (select json_build_object('priceMin', min(price), 'priceMax', max(price), 'pplMin', round(min(ppl), 2), 'pplMax', round(max(ppl), 2))
          from hits) as ranges,
        (select coalesce(array_agg(p.id::text order by p.i), '{}') from (
          select id, row_number() over (order by ${order}) as i from (
            select * from hits order by ${order} limit ? offset ?
          ) x
        ) p) as ids,
        (select coalesce(json_agg(json_build_array(f, v, n)), '[]') from (
          select f, v, sum(n)::int as n from (${hitFacetCounts().join(' union all ')}`,
        query.limit,
        query.offset,
      ),
      near,
      sql(') counted where v is not null group by f, v) fc) as facets'),
    ],
    '',
  );

  // The matches are kept in memory while the facets read them: at 100,000 wines a broad search holds tens of
  // thousands (~300 bytes each), which the default work_mem (4 MB) would spill to disk.
  const result = await db.transaction(async (trx) => {
    // enable_sort off: the planner expects few wines failing exactly one filter (it cannot estimate `… = 1`) and groups
    // them by sorting; they are tens of thousands at 100,000 wines, which hashing counts in a third of the time (sorting
    // stays possible where nothing else can serve: the page's order). jit off: compiling would cost more than this
    // short query saves (and the disabled sorts' cost estimates would always trigger it).
    await trx.raw(
      `select set_config('work_mem', '${SEARCH_WORK_MEM}', true), set_config('enable_sort', 'off', true), set_config('jit', 'off', true)`,
    );
    return trx.raw<{ rows: [{ total: number; ranges: DbWineSearchResult['ranges']; ids: string[]; facets: [Facet, string, number][] }] }>(
      statement.sql,
      statement.bindings as Knex.RawBinding[],
    );
  });
  const summary = result.rows[0];
  const rows = summary.ids.length
    ? ((await publicWines(db)
        .whereIn('id', summary.ids)
        .select('wines.*', ...wineMedalColumns(db))) as DbPublicWineRow[])
    : [];
  const position = new Map(summary.ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return {
    rows,
    total: summary.total,
    ranges: summary.ranges,
    facets: summary.facets.map(([facet, value, count]) => ({ facet, value, count })),
  };
}

/**
 * Every public wine (approved; also those no longer sold) with its medal, by name then id: the offline catalogue
 * (GET /api/wines/catalogue).
 */
export async function listCatalogueWines(db: Knex | Knex.Transaction): Promise<DbPublicWineRow[]> {
  return (await publicWines(db)
    .select('wines.*', ...wineMedalColumns(db))
    .orderBy('name')
    .orderBy('id')) as DbPublicWineRow[];
}

/**
 * The offline catalogue's dates: `data_date`, the date of the newest Systembolaget data applied ('YYYY-MM-DD'; the
 * later of the newest price date of a public wine and the newest assortment file applied, see
 * db/migrations/20261125000100_catalogue_currency.ts; null when neither is known), and `changed_at`, the newest change
 * to any public wine (null without wines), so that the same data always makes the same answer (and ETag) in every process.
 */
export async function catalogueDates(db: Knex | Knex.Transaction): Promise<{ data_date: string | null; changed_at: Date | null }> {
  const result = await db.raw<{ rows: { data_date: string | null; changed_at: Date | null }[] }>(
    `select greatest((select max(price_date) from wines where approval_status = 'approved'),
                     (select max(source_date) from assortment_imports)) as data_date,
            (select max(updated_at) from wines where approval_status = 'approved') as changed_at`,
  );
  return result.rows[0] ?? { data_date: null, changed_at: null };
}
