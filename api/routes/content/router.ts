import { PageContent } from '../../contract/admin-content';
import {
  Article,
  ArticleIdParams,
  ArticleInput,
  ArticleList,
  ArticleSlugParams,
  CONTENT_MESSAGES as M,
  PageContentUpdate,
  PageIdParams,
  PublicPage,
} from '../../contract/content';
import { ErrorBody } from '../../contract/errors';
import { z } from 'zod';
import { notFound } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { currentUser, withSession } from '../../middlewares/auth';
import { presentArticle, presentArticleSummary, presentPageContent, presentPublicPage } from '../../presenters/content';
import { findArticle, findArticleBySlug, listArticles, listPublishedArticles } from '../../queries/articles';
import { findActivePage } from '../../queries/page-contents';
import { createArticle, removeArticle, saveArticle, savePage } from '../../services/content';

const error = (description: string) => ({ description, schema: ErrorBody });
const ADMIN = ['admin'] as const;
const ACCESS = { 401: error('Not signed in'), 403: error('Not an admin') };
const TAGS = ['content'];

/**
 * Pages and articles (spec 001 §2 'Page editor', 'Article editor', §7). Admin: save a page, and the
 * articles' list, read, create, update and delete. Public: an active page, the published articles, one published
 * article by slug (an admin also sees drafts there, for 'Förhandsgranska'). Everything stored is sanitised.
 */
export function contentRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'put',
      path: '/api/admin/page-contents/:id',
      summary: "Save a page's title and content: blocks from the builder (rendered to HTML, text escaped) or HTML from the HTML editor (sanitised)",
      tags: TAGS,
      access: ADMIN,
      params: z.object({ id: z.uuid({ message: M.pageNotFound }) }),
      body: PageContentUpdate,
      responses: {
        200: { description: 'The saved page', schema: PageContent },
        400: error('Invalid title, content or blocks'),
        ...ACCESS,
        404: error('No such page'),
        409: error('content_would_be_empty: the save would empty a page that shows something (nothing written)'),
      },
    },
    async (ctx) => {
      ctx.body = presentPageContent(await savePage(ctx.db, ctx.state.user, ctx.state.input.params.id, ctx.state.input.body));
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/articles',
      summary: 'Every article, newest first, published or not (no content)',
      tags: TAGS,
      access: ADMIN,
      responses: { 200: { description: 'The articles', schema: ArticleList }, ...ACCESS },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: (await listArticles(ctx.db)).map(presentArticleSummary) };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/articles/:id',
      summary: 'One article with its content and blocks, for the editor',
      tags: TAGS,
      access: ADMIN,
      params: ArticleIdParams,
      responses: { 200: { description: 'The article', schema: Article }, ...ACCESS, 404: error('No such article') },
    },
    async (ctx) => {
      const row = await findArticle(ctx.db, ctx.state.input.params.id);
      if (!row) throw notFound('article', M.articleNotFound);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentArticle(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/articles',
      summary: 'Create an article; its slug comes from the title (å→a, ä→a, ö→o, é→e) and is made unique',
      tags: TAGS,
      access: ADMIN,
      body: ArticleInput,
      responses: { 201: { description: 'Created', schema: Article }, 400: error('Invalid fields'), ...ACCESS },
    },
    async (ctx) => {
      ctx.status = 201;
      ctx.body = presentArticle(await createArticle(ctx.db, ctx.state.user, ctx.state.input.body));
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/api/admin/articles/:id',
      summary: 'Update an article (publish or unpublish with isPublished); the slug stays',
      tags: TAGS,
      access: ADMIN,
      params: ArticleIdParams,
      body: ArticleInput,
      responses: {
        200: { description: 'Updated', schema: Article },
        400: error('Invalid fields'),
        ...ACCESS,
        404: error('No such article'),
        409: error('content_would_be_empty: the save would empty an article that shows something (nothing written)'),
      },
    },
    async (ctx) => {
      ctx.body = presentArticle(await saveArticle(ctx.db, ctx.state.user, ctx.state.input.params.id, ctx.state.input.body));
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/api/admin/articles/:id',
      summary: 'Delete an article',
      tags: TAGS,
      access: ADMIN,
      params: ArticleIdParams,
      responses: {
        200: { description: 'Deleted', schema: z.object({ id: z.uuid(), deleted: z.literal(true) }) },
        ...ACCESS,
        404: error('No such article'),
      },
    },
    async (ctx) => {
      const row = await removeArticle(ctx.db, ctx.state.user, ctx.state.input.params.id);
      ctx.body = { id: row.id, deleted: true };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/pages/:pageId',
      summary: 'An active CMS page (om-oss, fynd, …): title, sanitised HTML and the blocks it was built from',
      tags: TAGS,
      params: PageIdParams,
      responses: { 200: { description: 'The page', schema: PublicPage }, 404: error('No such active page') },
    },
    async (ctx) => {
      const row = await findActivePage(ctx.db, ctx.state.input.params.pageId);
      if (!row) throw notFound('page', M.pageNotFound);
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = presentPublicPage(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/articles',
      summary: 'Published articles, newest first (no content)',
      tags: TAGS,
      responses: { 200: { description: 'The articles', schema: ArticleList } },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = { items: (await listPublishedArticles(ctx.db)).map(presentArticleSummary) };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/articles/:slug',
      summary: 'One published article by slug; an admin also gets drafts (preview)',
      tags: TAGS,
      params: ArticleSlugParams,
      responses: { 200: { description: 'The article', schema: Article }, 404: error('No such published article') },
    },
    withSession,
    async (ctx) => {
      const row = await findArticleBySlug(ctx.db, ctx.state.input.params.slug);
      const user = currentUser(ctx);
      const isAdmin = user?.role === 'admin';
      if (!row || (!row.is_published && !isAdmin)) throw notFound('article', M.articleNotFound);
      // A draft shown to an admin must never be kept by a shared cache.
      ctx.set('Cache-Control', row.is_published ? 'no-cache' : 'private, no-store');
      ctx.body = presentArticle(row);
    },
  );
}
