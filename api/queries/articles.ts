import type { Knex } from 'knex';

/** A row of `articles` (spec 001 §3 'Article'). */
export interface DbArticleRow {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  blocks: unknown[] | null;
  author_id: string;
  featured_image_url: string | null;
  is_published: boolean;
  published_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export type ArticleColumns = Pick<DbArticleRow, 'title' | 'excerpt' | 'content' | 'blocks' | 'author_id' | 'featured_image_url' | 'is_published'>;

const jsonBlocks = (blocks: unknown[] | null) => (blocks === null ? null : JSON.stringify(blocks));

/** Every article, newest first (the admin's list). */
export async function listArticles(db: Knex | Knex.Transaction): Promise<DbArticleRow[]> {
  return db<DbArticleRow>('articles').orderBy('created_at', 'desc').orderBy('id');
}

/** Published articles, newest published first (the public /artiklar). */
export async function listPublishedArticles(db: Knex | Knex.Transaction, limit = 100): Promise<DbArticleRow[]> {
  return db<DbArticleRow>('articles').where({ is_published: true }).orderBy('published_at', 'desc').orderBy('id').limit(limit);
}

export async function findArticle(db: Knex | Knex.Transaction, id: string): Promise<DbArticleRow | undefined> {
  return db<DbArticleRow>('articles').where({ id }).first();
}

export async function findArticleBySlug(db: Knex | Knex.Transaction, slug: string): Promise<DbArticleRow | undefined> {
  return db<DbArticleRow>('articles').where({ slug }).first();
}

/** The slugs in use that are `base` or `base-<n>`. */
export async function slugsLike(db: Knex | Knex.Transaction, base: string): Promise<string[]> {
  const rows = await db('articles').where('slug', base).orWhere('slug', 'like', `${base}-%`).select('slug');
  return rows.map((r: { slug: string }) => r.slug);
}

/** Inserts an article; `published_at` is now when it is published. @throws 23505 when the slug is taken. */
export async function insertArticle(db: Knex | Knex.Transaction, slug: string, values: ArticleColumns): Promise<DbArticleRow> {
  const [row] = await db('articles')
    .insert({ ...values, slug, blocks: jsonBlocks(values.blocks), published_at: values.is_published ? db.fn.now() : null })
    .returning('*');
  return row as DbArticleRow;
}

/**
 * Inserts an article without blocks or featured image unless its slug is taken (then nothing changes);
 * `published_at` is now when it is published. The default content's welcome article (spec 001 §2).
 * @returns whether the row was inserted
 */
export async function insertArticleUnlessSlugTaken(
  db: Knex | Knex.Transaction,
  article: Pick<DbArticleRow, 'slug' | 'title' | 'excerpt' | 'content' | 'author_id' | 'is_published'>,
): Promise<boolean> {
  const rows = await db('articles')
    .insert({ ...article, published_at: article.is_published ? db.fn.now() : null })
    .onConflict('slug')
    .ignore()
    .returning('id');
  return rows.length > 0;
}

/**
 * Updates an article. Publishing sets `published_at` the first time only (a republished article keeps its date);
 * unpublishing keeps it too, for when it comes back.
 */
export async function updateArticle(db: Knex | Knex.Transaction, id: string, values: ArticleColumns): Promise<DbArticleRow | undefined> {
  const [row] = await db('articles')
    .where({ id })
    .update({
      ...values,
      blocks: jsonBlocks(values.blocks),
      published_at: values.is_published ? db.raw('coalesce(published_at, now())') : db.raw('published_at'),
      updated_at: db.fn.now(),
    })
    .returning('*');
  return row as DbArticleRow | undefined;
}

export async function deleteArticle(db: Knex | Knex.Transaction, id: string): Promise<DbArticleRow | undefined> {
  const [row] = await db('articles').where({ id }).delete().returning('*');
  return row as DbArticleRow | undefined;
}
