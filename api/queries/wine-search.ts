import type { Knex } from 'knex';
import { ASSORTMENTS, type Facet, WINE_TYPES, type WineSearchQuery, type WineSort } from '../contract/wine-search';
import { type DbPublicWineRow, publicWines, wineMedalColumns } from './wines';

/**
 * The search of the public catalogue (docs/catalogue.md; GET /api/wines/search). The SQL functions and indexes it
 * relies on (wine_fold, wine_grapes, wine_price_per_litre, the table wine_search_documents kept by trigger) are made
 * by db/migrations/20261125000200_wine_search.ts; the expressions below must stay exactly those of the indexes.
 */

/** The weighted search document of the wine (wine_search_documents aliased `d`, joined when there is text). */
const DOCUMENT = 'd.document';
/** The folded words of the wine that trigram similarity compares. */
const WORDS = 'd.words';
/** kr/l of `w` (price in SEK × 1000 / volume in ml, 750 ml when unknown). */
const PRICE_PER_LITRE = 'wine_price_per_litre(w.price, w.volume_ml)';
/** The grapes of `w`: grape_variety split at commas (also FACET_VALUES.grape). */
const GRAPES = 'wine_grapes(w.grape_variety)';

/** At most this many words of `q` are searched (the rest is ignored); each at most 50 characters. */
const MAX_WORDS = 12;
const MAX_WORD_LENGTH = 50;

/**
 * The words of a search text: runs of letters and digits (NFKC), so that no character of the input reaches
 * tsquery syntax (`!&|:*()'"\` and spaces only separate words). At most MAX_WORDS words of MAX_WORD_LENGTH characters.
 */
export function searchWords(q: string | undefined): string[] {
  const words = (q ?? '').normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

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
  const c: Sql[] = [sql(`w.approval_status = 'approved'`)];
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
 * The text search of `words` (wine_search_documents aliased `d`), in one of two modes:
 * - 'prefix': every word is the start of a word of the search document, folded ('rioj' finds Rioja, 'chateau'
 *   Château, 'gruner' Grüner); ranked by ts_rank of the document (name and producer weigh most).
 * - 'typo': the whole text is similar to the wine's words (pg_trgm word similarity above
 *   pg_trgm.word_similarity_threshold, 0.6 by default: 'sauvignon blnc' finds Sauvignon Blanc); ranked by that
 *   similarity. searchPublicWines uses it only when the prefix search finds nothing.
 */
function textSearch(words: string[], mode: 'prefix' | 'typo'): { match: Sql; rank: Sql } {
  if (mode === 'typo') {
    const text = words.join(' ');
    return { match: sql(`wine_fold(?) <% ${WORDS}`, text), rank: sql(`word_similarity(wine_fold(?), ${WORDS})`, text) };
  }
  // Each word folded in SQL (the same wine_fold as the document), stripped to letters and digits (unaccent may yield
  // others, e.g. '½' → ' 1/2'), quoted as a tsquery lexeme with prefix match; words that fold to nothing are dropped
  // (none left: null, which matches nothing).
  const tsquery = `(select string_agg('''' || t || ''':*', ' & ') from (select regexp_replace(wine_fold(x), '[^[:alnum:]]+', '', 'g') as t from unnest(?::text[]) x) f where t <> '')::tsquery`;
  return { match: sql(`${DOCUMENT} @@ ${tsquery}`, words), rank: sql(`ts_rank(${DOCUMENT}, ${tsquery})`, words) };
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

/** The facets of one stored value per wine, by their value as text (null: not counted). */
const SCALAR_FACETS: Partial<Record<Facet, string>> = {
  type: 'wine_type',
  packaging: 'packaging',
  volume: 'volume_ml::text',
  country: 'country',
  region: 'region',
  assortment: 'assortment',
  vintage: 'vintage::text',
};
/** The facets of a list of values per wine, by that list as text[]. */
const ARRAY_FACETS: Partial<Record<Facet, string>> = {
  grape: 'wine_grapes(grape_variety)',
  food: 'food_pairings',
  occasion: 'occasions',
  category: 'categories::text[]',
};
const entries = (facets: Partial<Record<Facet, string>>) => Object.entries(facets) as [Facet, string][];

/**
 * The facet counts as (f, v, n) rows: every facet over the matches `hits` (the one-value facets in one pass, by
 * grouping sets), and each facet the query filters also over the wines of `c` failing only its filter (`miss`).
 */
function facetCounts(active: Facet[]): string[] {
  const scalars = entries(SCALAR_FACETS);
  const grouped = scalars.map(([, expr]) => `(${expr})`).join(', ');
  const which = `case ${scalars.map(([f, expr]) => `when grouping(${expr}) = 0 then '${f}'`).join(' ')} end`;
  const value = `coalesce(${scalars.map(([, expr]) => expr).join(', ')})`;
  const counts = [
    `select ${which} as f, ${value} as v, count(*)::int as n from hits group by grouping sets (${grouped})`,
    ...entries(ARRAY_FACETS).map(([f, expr]) => `select '${f}', v, count(*)::int from hits, unnest(${expr}) v group by v`),
  ];
  const nearScalars = scalars.filter(([f]) => active.includes(f));
  if (nearScalars.length) {
    counts.push(
      `select miss, case miss ${nearScalars.map(([f, expr]) => `when '${f}' then ${expr}`).join(' ')} end, count(*)::int from c
       where miss in (${nearScalars.map(([f]) => `'${f}'`).join(', ')}) group by 1, 2`,
    );
  }
  const nearArrays = entries(ARRAY_FACETS).filter(([f]) => active.includes(f));
  if (nearArrays.length) {
    counts.push(
      `select miss, v, count(*)::int from c, unnest(case miss ${nearArrays.map(([f, expr]) => `when '${f}' then ${expr}`).join(' ')} end) v
       where miss in (${nearArrays.map(([f]) => `'${f}'`).join(', ')}) group by 1, 2`,
    );
  }
  return counts;
}

/**
 * One page of public wines matching `query` (api/contract/wine-search.ts; rules in docs/catalogue.md), the number of
 * all matches, the facet counts and the price (SEK) and kr/l ranges of the matches. Facets are disjunctive: a facet's
 * counts apply every filter but its own, so a chosen value keeps its count. Values of a facet are as stored (wine_type,
 * assortment text, categories, volume in ml and vintage as text); null values are not counted.
 *
 * The text `q` is searched by word prefixes, and only when that finds nothing, with typo tolerance (textSearch).
 *
 * One statement computes the total, ranges, facets and the page's ids. The candidates `c` are the wines passing every
 * plain filter and all faceted filters but at most one (`miss` names the one failed), since only those count anywhere:
 * the matches (`hits`) count in every facet, a wine that fails one faceted filter only in that filter's facet (one
 * pass over them). A second statement fetches the page's rows by id with their medals.
 */
export async function searchPublicWines(db: Knex | Knex.Transaction, query: WineSearchQuery): Promise<DbWineSearchResult> {
  const words = searchWords(query.q);
  if (!words.length) return search(db, query, undefined);
  const found = await search(db, query, textSearch(words, 'prefix'));
  return found.total > 0 ? found : search(db, query, textSearch(words, 'typo'));
}

/** The search with `text` as the text condition and rank (none: every wine, ranked 0). */
async function search(db: Knex | Knex.Transaction, query: WineSearchQuery, text: { match: Sql; rank: Sql } | undefined): Promise<DbWineSearchResult> {
  const facets = facetConditions(query);
  const active = Object.keys(facets) as Facet[];
  const where = joinSql([...plainConditions(query), ...(text ? [text.match] : [])], ' and ');

  const matchColumns = joinSql(
    active.map((f) => ({ ...facets[f]!, sql: `coalesce(${facets[f]!.sql}, false) as m_${f}` })),
    ', ',
  );
  const misses = active.length ? active.map((f) => `(not m_${f})::int`).join(' + ') : '0';
  const miss = active.length ? `case ${active.map((f) => `when not m_${f} then '${f}'`).join(' ')} end` : 'null::text';
  const rank = text ? text.rank : sql('0');
  const order = orderBy(query.sort, Boolean(text));

  const statement = joinSql(
    [
      sql(`with c as materialized (
        select * from (
          select s.*, ${misses} as misses, ${miss} as miss from (
            select w.id, w.name, w.price, ${PRICE_PER_LITRE} as ppl, w.rating, w.launch_date, w.created_at,
              w.wine_type, w.packaging, w.volume_ml, w.country, w.region, w.grape_variety, w.food_pairings,
              w.occasions, w.assortment, w.vintage, w.categories`),
      sql(', '),
      rank,
      sql(' as rank'),
      ...(active.length ? [sql(', '), matchColumns] : []),
      sql(text ? ' from wines w join wine_search_documents d on d.wine_id = w.id where ' : ' from wines w where '),
      where,
      sql(`) s
        ) m where misses <= 1
      ),
      hits as materialized (select * from c where misses = 0)
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
          select f, v, sum(n)::int as n from (${facetCounts(active).join(' union all ')}) counted where v is not null group by f, v
        ) fc) as facets`),
    ],
    '',
  );
  statement.bindings.push(query.limit, query.offset);

  const result = await db.raw<{ rows: [{ total: number; ranges: DbWineSearchResult['ranges']; ids: string[]; facets: [Facet, string, number][] }] }>(
    statement.sql,
    statement.bindings as Knex.RawBinding[],
  );
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
