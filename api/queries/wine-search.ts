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
 * The facets whose values wine_search_facts stores as codes of wine_facet_values (the facet's name there is its key;
 * db/migrations/20261128000100_wine_search_codes.ts): each one's column (one code, or a list of them) and the stored
 * values the query's choices stand for.
 */
const CODED_FACETS: Partial<Record<Facet, { column: string; list: boolean; chosen: (q: WineSearchQuery) => readonly string[] | undefined }>> = {
  type: { column: 'wine_type_code', list: false, chosen: (q) => q.type?.map((t) => WINE_TYPES[t]) },
  packaging: { column: 'packaging_code', list: false, chosen: (q) => q.packaging },
  country: { column: 'country_code', list: false, chosen: (q) => q.country },
  region: { column: 'region_code', list: false, chosen: (q) => q.region },
  assortment: { column: 'assortment_code', list: false, chosen: (q) => q.assortment?.map((a) => ASSORTMENTS[a]) },
  grape: { column: 'grape_codes', list: true, chosen: (q) => q.grape },
  food: { column: 'food_codes', list: true, chosen: (q) => q.food },
  occasion: { column: 'occasion_codes', list: true, chosen: (q) => q.occasion },
  category: { column: 'category_codes', list: true, chosen: (q) => q.category },
};

/** The codes of the stored values a search chose, by codeKey(facet, value) (a value no wine ever had has none). */
type ChosenCodes = ReadonlyMap<string, number>;
const codeKey = (facet: string, value: string) => `${facet}\u0000${value}`;

/** The (facet, stored value) pairs `query` chooses among the coded facets. */
function chosenValues(query: WineSearchQuery): { facet: Facet; value: string }[] {
  return (Object.entries(CODED_FACETS) as [Facet, NonNullable<(typeof CODED_FACETS)[Facet]>][]).flatMap(([facet, { chosen }]) =>
    (chosen(query) ?? []).map((value) => ({ facet, value })),
  );
}

/**
 * A select-list column `codes`: the codes of the `chosen` values as a json array of [facet, value, code]. It rides on
 * the query that starts a search's transaction, so that the statements after it carry the codes as constants (which
 * the planner can estimate; a subquery in their place it can't) at no extra round trip.
 */
function codesColumn(chosen: { facet: Facet; value: string }[]): Sql {
  return sql(
    `coalesce((select json_agg(json_build_array(v.facet, v.value, v.code)) from wine_facet_values v
      join unnest(?::text[], ?::text[]) as c(facet, value) on c.facet = v.facet and c.value = v.value), '[]') as codes`,
    chosen.map((c) => c.facet),
    chosen.map((c) => c.value),
  );
}

/** The first query of a search's transaction: its settings (SEARCH_SETTINGS) and the chosen values' codes. */
const startQuery = (chosen: { facet: Facet; value: string }[], more = ''): Sql =>
  joinSql([sql(`${SEARCH_SETTINGS}, ${more}`), codesColumn(chosen)], '');

/** The codes as codesColumn gives them ([facet, value, code] rows), by codeKey. */
const codeMap = (rows: [string, string, number][]): ChosenCodes => new Map(rows.map(([facet, value, code]) => [codeKey(facet, value), code]));

/**
 * The condition of each faceted filter the query sets, on the wine aliased `w` (values of one filter: OR), given the
 * codes of the chosen values (a value without a code matches nothing). Facets without a value in the query are absent.
 */
function facetConditions(query: WineSearchQuery, codes: ChosenCodes): Partial<Record<Facet, Sql>> {
  const c: Partial<Record<Facet, Sql>> = {};
  for (const [facet, coded] of Object.entries(CODED_FACETS) as [Facet, NonNullable<(typeof CODED_FACETS)[Facet]>][]) {
    const chosen = coded.chosen(query);
    if (!chosen?.length) continue;
    const known = chosen.map((v) => codes.get(codeKey(facet, v))).filter((code) => code !== undefined);
    c[facet] = sql(coded.list ? `w.${coded.column} && ?::int[]` : `w.${coded.column} = any(?::int[])`, known);
  }
  if (query.volume?.length) c.volume = sql('w.volume_ml = any(?::int[])', query.volume);
  if (query.vintage?.length) c.vintage = sql('w.vintage = any(?::int[])', query.vintage);
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
    cte: sql('search_query as materialized (select wine_search_query(?::text[], ?::int[]) as tsq)', words, edits),
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

/** The facets of one stored value per wine: their code or number (null: not counted) in the row aliased `a`. */
const SCALAR_FACETS: Partial<Record<Facet, (a: string) => string>> = {
  type: (a) => `${a}.wine_type_code`,
  packaging: (a) => `${a}.packaging_code`,
  volume: (a) => `${a}.volume_ml`,
  country: (a) => `${a}.country_code`,
  region: (a) => `${a}.region_code`,
  assortment: (a) => `${a}.assortment_code`,
  vintage: (a) => `${a}.vintage`,
};
/** The facets of a list of values per wine: that list of codes in the row aliased `a`. */
const ARRAY_FACETS: Partial<Record<Facet, (a: string) => string>> = {
  grape: (a) => `${a}.grape_codes`,
  food: (a) => `${a}.food_codes`,
  occasion: (a) => `${a}.occasion_codes`,
  category: (a) => `${a}.category_codes`,
};
const entries = (facets: Partial<Record<Facet, (a: string) => string>>) => Object.entries(facets) as [Facet, (a: string) => string][];

/**
 * The facet counts of the one-value facets over the matches `hits`, as (f, v, n) rows: one pass (grouping sets).
 */
function scalarHitCounts(): string {
  const scalars = entries(SCALAR_FACETS);
  const grouped = scalars.map(([, expr]) => `(${expr('hits')})`).join(', ');
  const which = `case ${scalars.map(([f, expr]) => `when grouping(${expr('hits')}) = 0 then '${f}'`).join(' ')} end`;
  const value = `coalesce(${scalars.map(([, expr]) => expr('hits')).join(', ')})`;
  return `select ${which} as f, ${value} as v, count(*)::int as n from hits group by grouping sets (${grouped})`;
}

/**
 * The facet counts of the list facets over the matches `hits`, as (f, v, n) rows. The lists side by side, one row per
 * position (unnest in the select list pads the shorter ones with null), each counted on its own by grouping sets: one
 * pass, no function scan per wine.
 */
function listHitCounts(): string {
  const lists = entries(ARRAY_FACETS);
  const listColumns = lists.map(([f, expr]) => `unnest(${expr('hits')}) as ${f}`).join(', ');
  const listWhich = `case ${lists.map(([f]) => `when grouping(${f}) = 0 then '${f}'`).join(' ')} end`;
  return `select ${listWhich} as f, coalesce(${lists.map(([f]) => f).join(', ')}) as v, count(*)::int as n
    from (select ${listColumns} from hits) l group by grouping sets (${lists.map(([f]) => `(${f})`).join(', ')})`;
}

/** What the statements of one search share: its tables, conditions, rank and order (see search). */
interface SearchPlan {
  /** The CTE of the text's tsquery, if any. */
  textCte: Sql | undefined;
  from: Sql;
  /** The conditions besides the faceted filters (and the text's match). */
  plain: Sql;
  /** Every condition: the matches. */
  all: Sql;
  rank: Sql;
  order: string;
  /** The faceted filters the query sets, and each one's condition. */
  active: Facet[];
  facets: Partial<Record<Facet, Sql>>;
}

/** The tables, conditions, rank and order of the search of `query` with `text` (none: every wine, ranked 0). */
function plan(query: WineSearchQuery, codes: ChosenCodes, text: { cte: Sql; match: Sql; rank: Sql } | undefined): SearchPlan {
  const facets = facetConditions(query, codes);
  const active = Object.keys(facets) as Facet[];
  const plain = joinSql([...plainConditions(query), ...(text ? [text.match] : [])], ' and ');
  return {
    textCte: text?.cte,
    from: sql(text ? 'wine_search_facts w join wine_search_documents d on d.wine_id = w.id' : 'wine_search_facts w'),
    plain,
    all: joinSql([plain, ...active.map((f) => facets[f]!)], ' and '),
    rank: text ? text.rank : sql('0'),
    order: orderBy(query.sort, Boolean(text)),
    active,
    facets,
  };
}

/** The columns of the matches `hits` the page, total and ranges read. */
const PAGE_COLUMNS = `w.id, w.name, w.price, ${PRICE_PER_LITRE} as ppl, w.rating, w.launch_date, w.created_at`;
/** The columns of `hits` the one-value facets read, and the list facets. */
const SCALAR_COLUMNS = 'w.wine_type_code, w.packaging_code, w.volume_ml, w.country_code, w.region_code, w.assortment_code, w.vintage';
const LIST_COLUMNS = 'w.grape_codes, w.food_codes, w.occasion_codes, w.category_codes';

/** The WITH clause of the text's CTE (if any) and `ctes`; nothing when there are none. */
function withClause(p: SearchPlan, ...ctes: Sql[]): Sql {
  const all = [...(p.textCte ? [p.textCte] : []), ...ctes];
  return all.length ? joinSql([sql('with '), joinSql(all, ', '), sql(' ')], '') : sql('');
}

/** The CTE `hits` of the matches with `columns` and their `rank` (materialised when read more than once). */
function hitsCte(p: SearchPlan, columns: string, materialized: boolean): Sql {
  return joinSql(
    [
      sql(`hits as ${materialized ? 'materialized' : 'not materialized'} (select ${columns}, `),
      p.rank,
      sql(' as rank from '),
      p.from,
      sql(' where '),
      p.all,
      sql(')'),
    ],
    '',
  );
}

/**
 * The (f, v, n) rows of the wines failing exactly one faceted filter, each counted under the facet of the filter it
 * fails (only those count anywhere else): null when the query sets no faceted filter. One pass per faceted filter
 * set, over the wines meeting every other filter but not it, so that the indexes of the other filters serve it; a list
 * facet's values are unnested in the select list (no function scan per wine).
 */
function nearCounts(p: SearchPlan): Sql | null {
  const { active, facets } = p;
  if (!active.length) return null;
  return joinSql(
    active.map((missed) => {
      const scalar = SCALAR_FACETS[missed];
      const value = scalar ? scalar('w') : `unnest(${ARRAY_FACETS[missed]!('w')})`;
      return joinSql(
        [
          sql(`select '${missed}' as f, v, count(*)::int as n from (select ${value} as v from `),
          p.from,
          sql(' where '),
          joinSql([p.plain, ...active.filter((f) => f !== missed).map((f) => facets[f]!)], ' and '),
          sql(' and not coalesce('),
          facets[missed]!,
          sql(', false)) m group by v'),
        ],
        '',
      );
    }),
    ' union all ',
  );
}

/**
 * (f, v, n) rows as one json array of [f, value, n]: a code's stored value (wine_facet_values), a number's text (volume,
 * vintage), null for null.
 */
const countsJson = (rows: Sql): Sql =>
  joinSql(
    [
      sql(`select coalesce(json_agg(json_build_array(fc.f, case when fc.f in ('volume', 'vintage') then fc.v::text else fv.value end, fc.n)), '[]')
        as facets from (`),
      rows,
      sql(') fc left join wine_facet_values fv on fv.code = fc.v and fv.facet = fc.f'),
    ],
    '',
  );

/**
 * The statement of the total, the ranges, the page's ids and the facet counts `counts` (f, v, n rows; they may read
 * `hits`), over the matches `hits` with `columns`.
 */
function summaryStatement(p: SearchPlan, query: WineSearchQuery, columns: string, counts: Sql): Sql {
  return joinSql(
    [
      withClause(p, hitsCte(p, columns, true)),
      sql(
        `select
        (select count(*)::int from hits) as total,
        (select json_build_object('priceMin', min(price), 'priceMax', max(price), 'pplMin', round(min(ppl), 2), 'pplMax', round(max(ppl), 2))
          from hits) as ranges,
        (select coalesce(array_agg(p.id::text order by p.i), '{}') from (
          select id, row_number() over (order by ${p.order}) as i from (
            select * from hits order by ${p.order} limit ? offset ?
          ) x
        ) p) as ids,
        (`,
        query.limit,
        query.offset,
      ),
      countsJson(counts),
      sql(') as facets'),
    ],
    '',
  );
}

/**
 * The settings of a search's transactions. work_mem: the matches are kept in memory while the facets read them; at
 * 100,000 wines a broad search holds tens of thousands (~300 bytes each), which the default (4 MB) would spill to disk.
 * enable_sort off: the planner expects few wines failing exactly one filter (it cannot estimate `… = 1`) and groups them
 * by sorting; they are tens of thousands at 100,000 wines, which hashing counts in a third of the time (sorting stays
 * possible where nothing else can serve: the page's order). jit off: compiling would cost more than this short query
 * saves (and the disabled sorts' cost estimates would always trigger it). No parallel workers: a split search's three
 * statements already keep both cores busy, and workers on top of them made it slower (p50 71 → 55 ms without them).
 */
const SEARCH_SETTINGS = `select set_config('work_mem', '${SEARCH_WORK_MEM}', true), set_config('enable_sort', 'off', true), set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`;

/** The most searches of this process that run split over three connections at once (see search). */
const SPLIT_SEARCHES_MAX = 1;
let splitSearches = 0;
/**
 * The catalogue size (public wines) from which a search splits (see search): below it, the two more transactions cost
 * more than counting in parallel saves (at 1,137 wines, p50 +3 ms).
 */
const SPLIT_FROM_WINES = 20_000;
/** How long a catalogue size read is used (ms). */
const CATALOGUE_SIZE_TTL_MS = 60_000;
const catalogueSizes = new WeakMap<Knex, { wines: number; readAt: number }>();

/** The largest pool `db` may open (knex's default: 10). */
const poolMax = (db: Knex): number => (db.client.config as Knex.Config).pool?.max ?? 10;

/**
 * The number of public wines as Postgres estimates it (wine_search_facts' reltuples, which analyze and autovacuum keep;
 * 0 before the first), read at most once a CATALOGUE_SIZE_TTL_MS per Knex instance.
 */
async function catalogueSize(db: Knex): Promise<number> {
  const known = catalogueSizes.get(db);
  if (known && performance.now() - known.readAt < CATALOGUE_SIZE_TTL_MS) return known.wines;
  const wines = await estimatedPublicWines(db);
  catalogueSizes.set(db, { wines, readAt: performance.now() });
  return wines;
}

/** How search runs its statements: 'auto' splits them when it may (see search); the others force a way (tests). */
export type SearchMode = 'auto' | 'split' | 'single';

/**
 * One page of public wines matching `query` (api/contract/wine-search.ts; rules in docs/catalogue.md), the number of
 * all matches, the facet counts and the price (SEK) and kr/l ranges of the matches. Facets are disjunctive: a facet's
 * counts apply every filter but its own, so a chosen value keeps its count. Values of a facet are as stored (wine_type,
 * assortment text, categories, volume in ml and vintage as text); null values are not counted.
 *
 * The text `q` is split, folded and matched by the rule of api/contract/search-terms.ts (textSearch).
 *
 * `mode` 'auto' (the default) is for the app; 'split' and 'single' force one way, for tests comparing them.
 */
export async function searchPublicWines(db: Knex | Knex.Transaction, query: WineSearchQuery, mode: SearchMode = 'auto'): Promise<DbWineSearchResult> {
  const terms = searchTerms(query.q);
  return search(db, query, terms.length ? textSearch(terms) : undefined, mode);
}

type SummaryRow = { total: number; ranges: DbWineSearchResult['ranges']; ids: string[]; facets: [Facet, string | null, number][] };

/**
 * The search with `text` as the text condition and rank (none: every wine, ranked 0).
 *
 * The matches (`hits`, materialised: few columns, every filter, so indexes can serve it) give the total, ranges, the
 * page's ids and count in every facet; for each faceted filter the query sets, one more pass counts the wines meeting
 * every other filter but not it in that filter's facet (nearCounts).
 *
 * Split (when the catalogue holds SPLIT_FROM_WINES public wines or more, this process runs no other split search, `db`
 * is no transaction and its pool holds three connections): three statements on three connections at once, in one
 * snapshot (exported by the first, REPEATABLE READ, so the counts add up whatever is written meanwhile): the summary
 * with the one-value facets, the list facets, the near misses. On this 2-core machine at 100,000 wines that cut the
 * broad search's time by about a third (README, Benchmarks), for somewhat more CPU. One split search at a time: a busy
 * process counts in one statement, and no search can wait for connections that other searches, waiting in turn, hold.
 * Else one statement does it all on one connection.
 * A second statement fetches the page's rows by id with their medals.
 */
async function search(
  db: Knex | Knex.Transaction,
  query: WineSearchQuery,
  text: { cte: Sql; match: Sql; rank: Sql } | undefined,
  mode: SearchMode,
): Promise<DbWineSearchResult> {
  const chosen = chosenValues(query);
  const planned = (codes: [string, string, number][]) => plan(query, codeMap(codes), text);
  const large = mode === 'auto' && !db.isTransaction && poolMax(db as Knex) >= 3 && (await catalogueSize(db as Knex)) >= SPLIT_FROM_WINES;
  // Checked and counted with no await between, so that two searches can't both take the last place.
  const split = mode === 'split' || (large && splitSearches < SPLIT_SEARCHES_MAX);
  let summary: SummaryRow;
  if (split) {
    splitSearches += 1;
    try {
      summary = await splitSearch(db as Knex, query, chosen, planned);
    } finally {
      splitSearches -= 1;
    }
  } else {
    summary = await db.transaction(async (trx) => {
      const p = planned((await first<{ codes: [string, string, number][] }>(trx, startQuery(chosen))).codes);
      const near = nearCounts(p);
      const counts = joinSql([sql(`${scalarHitCounts()} union all ${listHitCounts()}`), ...(near ? [sql(' union all '), near] : [])], '');
      return first<SummaryRow>(trx, summaryStatement(p, query, `${PAGE_COLUMNS}, ${SCALAR_COLUMNS}, ${LIST_COLUMNS}`, counts));
    });
  }
  const rows = summary.ids.length
    ? ((await publicWines(db)
        .whereIn('id', summary.ids)
        .select('wines.*', ...wineMedalColumns(db))) as DbPublicWineRow[])
    : [];
  const position = new Map(summary.ids.map((id, i) => [id, i]));
  rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { rows, total: summary.total, ranges: summary.ranges, facets: sumCounts(summary.facets) };
}

/** The number of public wines as Postgres estimates it (0 before wine_search_facts was first analysed). */
async function estimatedPublicWines(db: Knex): Promise<number> {
  const result = await db.raw<{ rows: { wines: number }[] }>(
    "select greatest(reltuples, 0)::int as wines from pg_class where oid = 'wine_search_facts'::regclass",
  );
  return result.rows[0]?.wines ?? 0;
}

/** The first row of `statement` run on `trx`. */
async function first<T>(trx: Knex.Transaction, statement: Sql): Promise<T> {
  const result = await trx.raw<{ rows: T[] }>(statement.sql, statement.bindings as Knex.RawBinding[]);
  return result.rows[0]!;
}

/** A snapshot's name as pg_export_snapshot() gives it (hex words and dashes), checked before it is spliced into SQL. */
const SNAPSHOT_NAME = /^[0-9A-F]+(-[0-9A-F]+)+$/;

/**
 * The search's three statements on three connections at once, in the snapshot the first exports (see search): the
 * summary with the one-value facets, the list facets, the near misses (when there are faceted filters).
 */
async function splitSearch(
  db: Knex,
  query: WineSearchQuery,
  chosen: { facet: Facet; value: string }[],
  planned: (codes: [string, string, number][]) => SearchPlan,
): Promise<SummaryRow> {
  const repeatable = { isolationLevel: 'repeatable read' as const };
  return db.transaction(async (trx) => {
    const start = await first<{ snapshot: string; codes: [string, string, number][] }>(trx, startQuery(chosen, 'pg_export_snapshot() as snapshot, '));
    const { snapshot } = start;
    if (!SNAPSHOT_NAME.test(snapshot)) throw new Error(`unexpected snapshot name ${JSON.stringify(snapshot)}`);
    const p = planned(start.codes);
    const near = nearCounts(p);
    const summary = summaryStatement(p, query, `${PAGE_COLUMNS}, ${SCALAR_COLUMNS}`, sql(scalarHitCounts()));
    const lists = joinSql([withClause(p, hitsCte(p, LIST_COLUMNS, false)), countsJson(sql(listHitCounts()))], '');
    const others = [lists, ...(near ? [joinSql([withClause(p), countsJson(near)], '')] : [])];
    const [main, ...counted] = await Promise.all([
      first<SummaryRow>(trx, summary),
      ...others.map((statement) =>
        db.transaction(async (other) => {
          // SET TRANSACTION SNAPSHOT must come before the transaction's first query.
          await other.raw(`set transaction snapshot '${snapshot}'; ${SEARCH_SETTINGS}`);
          return (await first<{ facets: SummaryRow['facets'] }>(other, statement)).facets;
        }, repeatable),
      ),
    ]);
    return { ...main, facets: [...main.facets, ...counted.flat()] };
  }, repeatable);
}

/** The (facet, value, count) rows summed by facet and value, without null values (not counted). */
function sumCounts(rows: SummaryRow['facets']): DbFacetCount[] {
  const sums = new Map<string, DbFacetCount>();
  for (const [facet, value, n] of rows) {
    if (value === null) continue;
    const key = `${facet}\u0000${value}`;
    const found = sums.get(key);
    if (found) found.count += n;
    else sums.set(key, { facet, value, count: n });
  }
  return [...sums.values()];
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
