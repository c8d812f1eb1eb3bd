import type { PageContent } from '../contract/admin-content';
import { ContentBlocks, type Article, type ArticleSummary, type ContentBlock, type PublicPage } from '../contract/content';
import type { DbArticleRow } from '../queries/articles';
import type { DbPageContentRow } from '../queries/page-contents';

/** Stored blocks as the contract types them; null when there are none or they no longer parse (never a 500). */
export function storedBlocks(value: unknown): ContentBlock[] | null {
  if (value === null || value === undefined) return null;
  const parsed = ContentBlocks.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A page content for the admin (spec 001 §3 'Page content' plus its blocks and dates). */
export function presentPageContent(row: DbPageContentRow): PageContent {
  return {
    id: row.id,
    pageId: row.page_id,
    title: row.title,
    content: row.content,
    blocks: storedBlocks(row.blocks),
    isActive: row.is_active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** An active page for the public site. */
export function presentPublicPage(row: DbPageContentRow): PublicPage {
  return { pageId: row.page_id, title: row.title, content: row.content, blocks: storedBlocks(row.blocks), updatedAt: row.updated_at.toISOString() };
}

/** An article in a list: everything but its content. */
export function presentArticleSummary(row: DbArticleRow): ArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    authorId: row.author_id,
    featuredImageUrl: row.featured_image_url,
    isPublished: row.is_published,
    publishedAt: row.published_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** A whole article (spec 001 §3 'Article'). */
export function presentArticle(row: DbArticleRow): Article {
  return { ...presentArticleSummary(row), content: row.content, blocks: storedBlocks(row.blocks) };
}
