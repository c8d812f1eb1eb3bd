import { z } from 'zod';
import { BLOCKS_MAX, CONTENT_MESSAGES, CTA_STYLES, HEADING_LEVELS, SHOWCASE_WINES_MAX } from './content-rules';
import { isSafeLink } from './link-rules';

// Pages, articles and the block editor: the schemas (spec 001 §2 'Page editor', 'Article editor', 'Block editor',
// §3 'Page content', 'Article', 'Content block', §4, §7, §8). The zod-free rules are in content-rules.ts.

export * from './content-rules';

const M = CONTENT_MESSAGES;

// ---------------------------------------------------------------------------------------------------------
// Blocks. Text fields are plain text (escaped when turned into HTML); links and images are checked here.

const Text = (max: number) => z.string().max(max, { message: M.textTooLong });
/**
 * A link a button may point to (api/contract/link-rules.ts): http(s), mailto, a site path ('/fynd', never '//…' or
 * '/\\…'), '#' or empty (the placeholder '#'). Trimmed first; whitespace, backslashes and control characters inside are
 * refused.
 */
const Link = z
  .string()
  .trim()
  .max(2000, { message: M.linkInvalid })
  .refine((v) => v === '' || v === '#' || isSafeLink(v), { message: M.linkInvalid });
/** An image address (api/contract/link-rules.ts): https, or a site path (an uploaded /api/images/… or the site's own files). */
const ImageSrc = z
  .string()
  .trim()
  .max(2000, { message: M.imageInvalid })
  .refine((v) => v === '' || isSafeLink(v, { schemes: ['https:'] }), { message: M.imageInvalid });

const blockBase = { id: z.string().min(1).max(40), order: z.number().int().min(0).max(10_000) };

export const ContentBlock = z
  .discriminatedUnion(
    'type',
    [
      z.object({ ...blockBase, type: z.literal('heading'), content: z.object({ text: Text(500), level: z.enum(HEADING_LEVELS).default('h2') }) }),
      z.object({ ...blockBase, type: z.literal('paragraph'), content: z.object({ text: Text(20_000) }) }),
      z.object({ ...blockBase, type: z.literal('image'), content: z.object({ src: ImageSrc, alt: Text(300), caption: Text(500).optional() }) }),
      z.object({ ...blockBase, type: z.literal('quote'), content: z.object({ text: Text(5000), author: Text(200).optional() }) }),
      z.object({ ...blockBase, type: z.literal('list'), content: z.object({ items: z.array(Text(1000)).max(100), ordered: z.boolean() }) }),
      z.object({
        ...blockBase,
        type: z.literal('wine_showcase'),
        content: z.object({ wineIds: z.array(z.uuid({ message: M.wineIdInvalid })).max(SHOWCASE_WINES_MAX, { message: M.tooManyWines }) }),
      }),
      z.object({ ...blockBase, type: z.literal('cta_button'), content: z.object({ text: Text(100), link: Link, style: z.enum(CTA_STYLES) }) }),
      z.object({ ...blockBase, type: z.literal('separator'), content: z.object({}).default({}) }),
    ],
    { error: () => M.unknownBlockType },
  )
  .meta({ id: 'ContentBlock' });
export type ContentBlock = z.infer<typeof ContentBlock>;

export const ContentBlocks = z.array(ContentBlock).max(BLOCKS_MAX, { message: M.tooManyBlocks });

const Title = z.string({ message: M.titleRequired }).trim().max(200, { message: M.titleTooLong });

/**
 * PUT /api/admin/page-contents/{id} (spec 001 §7: title, content). From the builder send `blocks`: the server
 * turns them into the page's HTML (text escaped) and keeps them for the next edit. From the HTML editor send
 * `content` without blocks: it is sanitised and the stored blocks are dropped (the HTML no longer matches them).
 */
export const PageContentUpdate = z
  .strictObject({
    title: Title,
    content: z.string().max(200_000).optional(),
    blocks: ContentBlocks.optional(),
  })
  .meta({ id: 'PageContentUpdate' });
export type PageContentUpdate = z.infer<typeof PageContentUpdate>;

/** A public CMS page (GET /api/pages/{pageId}): active pages only. */
export const PublicPage = z
  .object({
    pageId: z.string(),
    title: z.string(),
    content: z.string().meta({ description: 'Sanitised HTML' }),
    blocks: ContentBlocks.nullable().meta({ description: 'The builder blocks the HTML was made from; null when edited as HTML' }),
    updatedAt: z.string(),
  })
  .meta({ id: 'PublicPage' });
export type PublicPage = z.infer<typeof PublicPage>;

// ---------------------------------------------------------------------------------------------------------
// Articles.

/**
 * POST /api/admin/articles and PUT /api/admin/articles/{id} (spec 001 §7: title, excerpt, content, authorId,
 * featuredImageUrl, isPublished; blocks as for pages). The slug comes from the title at creation and stays.
 */
export const ArticleInput = z
  .strictObject({
    title: Title.min(1, { message: M.titleRequired }),
    excerpt: z.string().trim().max(1000, { message: M.textTooLong }).default(''),
    content: z.string().max(200_000).optional(),
    blocks: ContentBlocks.optional(),
    authorId: z
      .string()
      .trim()
      .max(100, { message: M.textTooLong })
      .default('admin')
      .transform((v) => v || 'admin'),
    featuredImageUrl: z
      .union([ImageSrc, z.null()])
      .optional()
      .transform((v) => v || null),
    isPublished: z.boolean().default(false),
  })
  .meta({ id: 'ArticleInput' });
export type ArticleInput = z.input<typeof ArticleInput>;
export type ArticleInputParsed = z.output<typeof ArticleInput>;

/** An article (spec 001 §3 'Article') with its blocks and dates. */
export const Article = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    excerpt: z.string(),
    content: z.string().meta({ description: 'Sanitised HTML' }),
    blocks: ContentBlocks.nullable(),
    authorId: z.string().meta({ description: "The author's name as typed (default 'admin')" }),
    featuredImageUrl: z.string().nullable(),
    isPublished: z.boolean(),
    publishedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Article' });
export type Article = z.infer<typeof Article>;

/** An article in a list (no content): the admin's articles list and the public /artiklar. */
export const ArticleSummary = Article.omit({ content: true, blocks: true }).meta({ id: 'ArticleSummary' });
export type ArticleSummary = z.infer<typeof ArticleSummary>;

export const ArticleList = z.object({ items: z.array(ArticleSummary) }).meta({ id: 'ArticleList' });
export type ArticleList = z.infer<typeof ArticleList>;

export const ArticleIdParams = z.object({ id: z.uuid({ message: M.articleNotFound }) });
export const ArticleSlugParams = z.object({
  slug: z
    .string()
    .max(120)
    .regex(/^[a-z0-9-]+$/, { message: M.articleNotFound }),
});
export const PageIdParams = z.object({
  pageId: z
    .string()
    .max(60)
    .regex(/^[a-z0-9-]+$/, { message: M.pageNotFound }),
});
