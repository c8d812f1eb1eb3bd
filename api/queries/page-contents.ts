import type { Knex } from 'knex';

/** A row of `page_contents` (spec 001 §3 'Page content': id, pageId, title, content, isActive). */
export interface DbPageContentRow {
  id: string;
  page_id: string;
  title: string;
  content: string;
  is_active: boolean;
  /** The builder's blocks (api/contract/content.ts ContentBlock[]), or null when last edited as HTML. */
  blocks: unknown[] | null;
  created_at: Date;
  updated_at: Date;
}

/** Every page content by page id, or only the one whose page id is `pageId` (an empty list when none). */
export async function listPageContents(db: Knex | Knex.Transaction, filter: { pageId?: string } = {}): Promise<DbPageContentRow[]> {
  const query = db<DbPageContentRow>('page_contents').orderBy('page_id');
  if (filter.pageId !== undefined) query.where({ page_id: filter.pageId });
  return query;
}

/** One page content by id. */
export async function findPageContent(db: Knex | Knex.Transaction, id: string): Promise<DbPageContentRow | undefined> {
  return db<DbPageContentRow>('page_contents').where({ id }).first();
}

/** The active page with this page id (the public site shows only those). */
export async function findActivePage(db: Knex | Knex.Transaction, pageId: string): Promise<DbPageContentRow | undefined> {
  return db<DbPageContentRow>('page_contents').where({ page_id: pageId, is_active: true }).first();
}

/** Stores a page's title, HTML and blocks; returns the row, or undefined when the page is gone. */
export async function updatePageContent(
  db: Knex | Knex.Transaction,
  id: string,
  values: { title: string; content: string; blocks: unknown[] | null },
): Promise<DbPageContentRow | undefined> {
  const [row] = await db<DbPageContentRow>('page_contents')
    .where({ id })
    .update({
      title: values.title,
      content: values.content,
      blocks: values.blocks === null ? null : (JSON.stringify(values.blocks) as unknown as unknown[]),
      updated_at: db.fn.now() as unknown as Date,
    })
    .returning('*');
  return row;
}

/** How many page contents exist (0 means the default content may be created: spec 001 §2 migration card). */
export async function countPageContents(db: Knex | Knex.Transaction): Promise<number> {
  const row = await db('page_contents').count<{ n: number }[]>({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/**
 * Serialises, until `trx` ends, every creation of the default content (pages, settings, the welcome article): a
 * transaction-scoped advisory lock, so a second 'Migrera data nu' waits and then finds the content.
 */
export async function lockDefaultContent(trx: Knex.Transaction): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('default_content'))");
}

/** Inserts pages (HTML content as given: sanitise it first). @returns how many rows were inserted */
export async function insertPageContents(
  db: Knex | Knex.Transaction,
  pages: readonly { pageId: string; title: string; content: string; isActive: boolean }[],
): Promise<number> {
  if (!pages.length) return 0;
  const rows = await db('page_contents')
    .insert(pages.map((p) => ({ page_id: p.pageId, title: p.title, content: p.content, is_active: p.isActive })))
    .returning('id');
  return rows.length;
}
