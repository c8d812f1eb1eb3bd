import escapeHtml from 'escape-html';
import type { Knex } from 'knex';
import {
  BLOCK_PLACEHOLDERS as P,
  CONTENT_MESSAGES as M,
  publishableBlocks,
  slugify,
  type ArticleInputParsed,
  type ContentBlock,
  type PageContentUpdate,
} from '../contract/content';
import { formatKronor } from '../contract/money';
import { conflict, notFound } from '../lib/http-errors';
import { isUniqueViolation } from '../lib/pg-errors';
import type { DbUserRow } from '../queries/users';
import { deleteArticle, findArticle, insertArticle, slugsLike, updateArticle, type DbArticleRow } from '../queries/articles';
import { recordAudit } from '../queries/audit-log';
import { findPageContent, updatePageContent, type DbPageContentRow } from '../queries/page-contents';
import { listShowcaseWines, type DbShowcaseWineRow } from '../queries/wines';
import { sanitizeContentHtml } from './default-content';

type Actor = Pick<DbUserRow, 'id' | 'email'>;

/** Public wines by id (drafts and unknown ids are left out: a showcase never links to a wine the public can't see). */
async function showcaseWines(db: Knex | Knex.Transaction, blocks: readonly ContentBlock[]): Promise<Map<string, DbShowcaseWineRow>> {
  const ids = [...new Set(blocks.flatMap((b) => (b.type === 'wine_showcase' ? b.content.wineIds : [])))];
  if (ids.length === 0) return new Map();
  const rows = await listShowcaseWines(db, ids);
  return new Map(rows.map((r) => [r.id, r]));
}

/** An escaped text; publishableBlocks has left out the blocks whose text is empty. */
const text = (value: string) => escapeHtml(value);
const lines = (value: string) => value.split(/\r?\n/).map(escapeHtml).join('<br>');

/**
 * Turns builder blocks into one HTML string (spec 001 §3 'Content block'), in `order`: every text is escaped
 * (the original inserted it raw); blocks without text are left out and empty list items dropped (publishableBlocks,
 * api/contract/content-rules.ts: the editor's placeholders such as 'Rubrik' are never published); an image without
 * alt text gets alt="" and a button without a link '#'; a wine showcase lists its public wines as links (the public
 * page shows them as wine cards from the blocks). The result still goes through the sanitiser.
 */
export function blocksToHtml(blocks: readonly ContentBlock[], wines: ReadonlyMap<string, DbShowcaseWineRow> = new Map()): string {
  return publishableBlocks(blocks)
    .sort((a, b) => a.order - b.order)
    .map((block) => {
      switch (block.type) {
        case 'heading':
          return `<${block.content.level}>${text(block.content.text)}</${block.content.level}>`;
        case 'paragraph':
          return `<p>${lines(block.content.text)}</p>`;
        case 'image': {
          const caption = block.content.caption?.trim() ? `<figcaption>${escapeHtml(block.content.caption)}</figcaption>` : '';
          return `<figure><img src="${text(block.content.src)}" alt="${text(block.content.alt.trim())}" loading="lazy">${caption}</figure>`;
        }
        case 'quote': {
          const author = block.content.author?.trim() ? `<cite>${escapeHtml(block.content.author)}</cite>` : '';
          return `<blockquote><p>${lines(block.content.text)}</p>${author}</blockquote>`;
        }
        case 'list': {
          const tag = block.content.ordered ? 'ol' : 'ul';
          return `<${tag}>${block.content.items.map((item) => `<li>${text(item)}</li>`).join('')}</${tag}>`;
        }
        case 'wine_showcase': {
          const found = block.content.wineIds.map((id) => wines.get(id)).filter((w): w is DbShowcaseWineRow => Boolean(w));
          if (found.length === 0) return '';
          const items = found.map((w) => {
            const name = w.vintage && !w.name.includes(String(w.vintage)) ? `${w.name} ${w.vintage}` : w.name;
            return `<li><a href="/wine/${escapeHtml(w.id)}">${escapeHtml(name)}</a> – ${escapeHtml(formatKronor(Number(w.price)))}</li>`;
          });
          return `<ul class="wine-showcase">${items.join('')}</ul>`;
        }
        case 'cta_button':
          return `<p><a class="cta-button cta-button-${block.content.style}" href="${text(block.content.link.trim() || P.buttonLink)}">${text(block.content.text)}</a></p>`;
        case 'separator':
          return '<hr>';
      }
    })
    .join('\n');
}

/** Whether sanitised HTML shows nothing: no text once the tags are gone, and no image or separator. */
export function isBlankHtml(html: string): boolean {
  if (/<(img|hr)\b/i.test(html)) return false;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/**
 * The HTML and blocks to store for an edit: from blocks (rendered, sanitised, kept) or from HTML (sanitised; blocks
 * dropped); neither keeps `current`. A save never empties stored content: when `current` shows something and the
 * result would show nothing (no blocks with text, or blank HTML), nothing is written.
 * @throws 409 'content_would_be_empty' (CONTENT_MESSAGES.contentWouldBeEmpty)
 */
async function contentOf(
  db: Knex | Knex.Transaction,
  input: { content?: string; blocks?: ContentBlock[] },
  current: string,
): Promise<{ content: string; blocks: ContentBlock[] | null }> {
  const next = input.blocks
    ? { content: sanitizeContentHtml(blocksToHtml(input.blocks, await showcaseWines(db, input.blocks))), blocks: input.blocks }
    : { content: sanitizeContentHtml(input.content ?? current), blocks: null };
  if (isBlankHtml(next.content) && !isBlankHtml(current)) throw conflict('content_would_be_empty', M.contentWouldBeEmpty);
  return next;
}

/**
 * PUT /api/admin/page-contents/{id}: saves a page's title and content from the builder (blocks) or the HTML editor
 * (content), always sanitised, and logs it. @throws 404 'Sidan hittades inte' for an unknown page; 409
 * 'content_would_be_empty' when the save would empty a page that shows something (contentOf).
 */
export async function savePage(db: Knex, actor: Actor, id: string, input: PageContentUpdate): Promise<DbPageContentRow> {
  return db.transaction(async (trx) => {
    const page = await findPageContent(trx, id);
    if (!page) throw notFound('page', M.pageNotFound);
    const { content, blocks } = await contentOf(trx, input, page.content);
    const row = (await updatePageContent(trx, id, { title: input.title, content, blocks }))!;
    await recordAudit(trx, actor, {
      action: 'page.update',
      entityType: 'page',
      entityId: id,
      summary: `Uppdaterade sidan "${input.title || page.page_id}"`,
    });
    return row;
  });
}

/** `base`, or `base-2`, `base-3` … whichever is free. */
async function freeSlug(db: Knex | Knex.Transaction, base: string): Promise<string> {
  const taken = new Set(await slugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

function columns(input: ArticleInputParsed, content: string, blocks: ContentBlock[] | null) {
  return {
    title: input.title,
    excerpt: input.excerpt,
    content,
    blocks,
    author_id: input.authorId,
    featured_image_url: input.featuredImageUrl,
    is_published: input.isPublished,
  };
}

/**
 * POST /api/admin/articles: a new article with a unique slug made from its title (Swedish letters folded: å→a,
 * ä→a, ö→o, é→e), sanitised content, logged. Two articles created at once with the same title get different slugs.
 */
export async function createArticle(db: Knex, actor: Actor, input: ArticleInputParsed): Promise<DbArticleRow> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (trx) => {
        const { content, blocks } = await contentOf(trx, input, '');
        const row = await insertArticle(trx, await freeSlug(trx, slugify(input.title)), columns(input, content, blocks));
        await recordAudit(trx, actor, {
          action: 'article.create',
          entityType: 'article',
          entityId: row.id,
          summary: `Skapade artikeln "${row.title}"`,
        });
        return row;
      });
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 3) throw err;
    }
  }
}

/**
 * PUT /api/admin/articles/{id}: updates an article (its slug stays, so links keep working); neither blocks nor
 * content keeps the stored content. @throws 404; 409 'content_would_be_empty' when the save would empty an article
 * that shows something (contentOf), whatever else it changes.
 */
export async function saveArticle(db: Knex, actor: Actor, id: string, input: ArticleInputParsed): Promise<DbArticleRow> {
  return db.transaction(async (trx) => {
    const current = await findArticle(trx, id);
    if (!current) throw notFound('article', M.articleNotFound);
    const { content, blocks } = await contentOf(trx, input, current.content);
    const row = (await updateArticle(trx, id, columns(input, content, blocks)))!;
    const what = current.is_published === row.is_published ? 'Uppdaterade' : row.is_published ? 'Publicerade' : 'Avpublicerade';
    await recordAudit(trx, actor, { action: 'article.update', entityType: 'article', entityId: id, summary: `${what} artikeln "${row.title}"` });
    return row;
  });
}

/** DELETE /api/admin/articles/{id}, logged. @throws 404 for an unknown article. */
export async function removeArticle(db: Knex, actor: Actor, id: string): Promise<DbArticleRow> {
  return db.transaction(async (trx) => {
    const row = await deleteArticle(trx, id);
    if (!row) throw notFound('article', M.articleNotFound);
    await recordAudit(trx, actor, { action: 'article.delete', entityType: 'article', entityId: id, summary: `Tog bort artikeln "${row.title}"` });
    return row;
  });
}
