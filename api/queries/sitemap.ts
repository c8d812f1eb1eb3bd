import type { Knex } from 'knex';
import { publicWines } from './wines';

/** A public wine's page in the sitemap: its id and when its row last changed. */
export interface DbSitemapWineRow {
  id: string;
  updated_at: Date;
}

/**
 * Every public (approved) wine, 'Utgått' ones included (they keep their page), by id: drafts, pending and rejected
 * partner wines never appear (docs/seo.md 'Sitemap').
 */
export async function listSitemapWines(db: Knex | Knex.Transaction): Promise<DbSitemapWineRow[]> {
  return publicWines(db).orderBy('id').select('id', 'updated_at');
}

/** A published article's page in the sitemap: its slug and when it last changed. */
export interface DbSitemapArticleRow {
  slug: string;
  updated_at: Date;
}

/** Every published article, by slug (drafts have no public page). */
export async function listSitemapArticles(db: Knex | Knex.Transaction): Promise<DbSitemapArticleRow[]> {
  return db('articles').where({ is_published: true }).orderBy('slug').select('slug', 'updated_at') as Promise<DbSitemapArticleRow[]>;
}

/**
 * When what the sitemap's other pages show last changed (null when there is none of it): the newest public wine row,
 * slider entry, published article and medal design, and each active CMS page's (page_contents) by page id.
 */
export interface DbSitemapSourceDates {
  wines: Date | null;
  slider: Date | null;
  articles: Date | null;
  medals: Date | null;
  pages: Record<string, Date>;
}

/** The dates of DbSitemapSourceDates, in two statements. */
export async function sitemapSourceDates(db: Knex | Knex.Transaction): Promise<DbSitemapSourceDates> {
  const [newest, pages] = await Promise.all([
    db
      .select(
        publicWines(db).max('updated_at').as('wines'),
        db('slider_entries').max('updated_at').as('slider'),
        db('articles').where({ is_published: true }).max('updated_at').as('articles'),
        db('medal_designs').max('updated_at').as('medals'),
      )
      .first() as Promise<Omit<DbSitemapSourceDates, 'pages'>>,
    db('page_contents').where({ is_active: true }).select('page_id', 'updated_at') as Promise<{ page_id: string; updated_at: Date }[]>,
  ]);
  return { ...newest, pages: Object.fromEntries(pages.map((p) => [p.page_id, p.updated_at])) };
}
