import type { Knex } from 'knex';

/** A row of `page_contents` (spec 001 §3 'Page content': id, pageId, title, content, isActive). */
export interface DbPageContentRow {
  id: string;
  page_id: string;
  title: string;
  content: string;
  is_active: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Every page content by page id, or only the one whose page id is `pageId` (an empty list when none). */
export async function listPageContents(db: Knex | Knex.Transaction, filter: { pageId?: string } = {}): Promise<DbPageContentRow[]> {
  const query = db<DbPageContentRow>('page_contents').orderBy('page_id');
  if (filter.pageId !== undefined) query.where({ page_id: filter.pageId });
  return query;
}
