import {
  DEFAULT_CONTENT_MESSAGES,
  DefaultContentResult,
  DefaultContentStatus,
  Diagnostics,
  PUBLIC_SETTING_KEYS,
  PageContentList,
  PageContentListQuery,
  PublicSettings,
  SETTING_MESSAGES,
  SettingKey,
  SiteSetting,
  SiteSettingList,
  SiteSettingParams,
  SiteSettingPut,
  SiteSettingPutParams,
  settingValueProblem,
} from '../../contract/admin-content';
import { siteSettingDefinition } from '../../contract/site-settings';
import { ErrorBody } from '../../contract/errors';
import { badRequest } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import { type AppRouter, sendCachedJson } from '../../lib/router';
import { presentPageContent } from '../../presenters/content';
import { presentSetting } from '../../presenters/site-settings';
import { listPageContents } from '../../queries/page-contents';
import { listSettings, settingValues } from '../../queries/site-settings';
import { createDefaultContent, defaultContentStatus } from '../../services/default-content';
import { putSetting, removeSetting } from '../../services/site-settings';
import { collectDiagnostics } from './diagnostics';

const error = (description: string) => ({ description, schema: ErrorBody });
const ADMIN_ERRORS = { 401: error('Not signed in'), 403: error('Not an admin') };

/**
 * The content tab's server side (spec 001 §2 'Content tab'):
 * - site settings and logos: GET /api/admin/settings, PUT (upsert) and DELETE /api/admin/settings/{key}; logos
 *   are settings whose key contains 'logo' and hold an image address, never a data: URL;
 * - GET /api/admin/page-contents (optional ?pageId=): the pages sub-tab's list and the page editor's read;
 * - GET /api/settings/public: the allow-listed settings the public site shows (cached, invalidated on write);
 * - GET /api/admin/diagnostics: host, protocol, NODE_ENV, version, database, jobs, session facts, auth test;
 * - GET/POST /api/admin/default-content: the migration card ('Migrera data nu': 5 pages, 14 settings, 1 article).
 * Every write is audited.
 */
export function adminContentRoutes(router: AppRouter, opts: { version: string }): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/settings',
      summary: 'Every site setting (the PWA shows keys containing "logo" under Logotyper, the rest under Inställningar)',
      tags: ['admin', 'settings'],
      access: ['admin'],
      responses: { 200: { description: 'The settings, by key', schema: SiteSettingList }, ...ADMIN_ERRORS },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: (await listSettings(ctx.db)).map(presentSetting) };
    },
  );

  defineRoute(
    router,
    {
      method: 'put',
      path: '/api/admin/settings/:key',
      summary: 'Create or replace one of the site settings the site uses (api/contract/site-settings.ts), the value checked by its kind',
      tags: ['admin', 'settings'],
      params: SiteSettingPutParams,
      body: SiteSettingPut,
      access: ['admin'],
      responses: {
        200: { description: 'Replaced', schema: SiteSetting },
        201: { description: 'Created', schema: SiteSetting },
        400: error(
          'Invalid key, a key the site does not use, or a value the key does not take (by its kind: text length, whole number in range, e-mail, phone, http(s) link, image address; required ones not empty)',
        ),
        ...ADMIN_ERRORS,
      },
    },
    async (ctx) => {
      const key = ctx.state.input.params.key;
      if (!SettingKey.safeParse(key).success) {
        throw badRequest(SETTING_MESSAGES.keyInvalid, [{ path: 'params.key', message: SETTING_MESSAGES.keyInvalid }]);
      }
      const { value, description } = ctx.state.input.body;
      const problem = settingValueProblem(key, value);
      if (problem) throw badRequest(problem, [{ path: 'body.value', message: problem }]);
      const user = ctx.state.user;
      // The description is the contract's for the key (where it shows, what it takes) unless one is sent.
      const { row, created } = await putSetting(ctx.db, user, { key, value, description: description ?? siteSettingDefinition(key)?.description });
      ctx.cache.clear();
      ctx.status = created ? 201 : 200;
      ctx.body = presentSetting(row);
    },
  );

  defineRoute(
    router,
    {
      method: 'delete',
      path: '/api/admin/settings/:key',
      summary: 'Delete a site setting',
      tags: ['admin', 'settings'],
      params: SiteSettingParams,
      access: ['admin'],
      responses: { 204: { description: 'Deleted' }, 404: error('No such setting'), ...ADMIN_ERRORS },
    },
    async (ctx) => {
      const { key } = ctx.state.input.params;
      const user = ctx.state.user;
      await removeSetting(ctx.db, user, key);
      ctx.cache.clear();
      ctx.status = 204;
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/settings/public',
      summary: 'The site settings the public site shows (name, tagline, logos, contact, social links, newsletter and footer texts, age limit)',
      tags: ['settings'],
      responses: { 200: { description: '{ key: value } for the allow-listed keys that are set', schema: PublicSettings } },
    },
    async (ctx) => {
      const cached = await ctx.cache.get('settings:public', () => settingValues(ctx.db, PUBLIC_SETTING_KEYS));
      sendCachedJson(ctx, cached);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/page-contents',
      summary: 'The page contents by pageId, or only the page given by ?pageId= (an empty list when there is none)',
      tags: ['admin', 'content'],
      query: PageContentListQuery,
      access: ['admin'],
      responses: {
        200: { description: 'The pages', schema: PageContentList },
        400: error('pageId is not a valid page id'),
        ...ADMIN_ERRORS,
      },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { items: (await listPageContents(ctx.db, { pageId: ctx.state.input.query.pageId })).map(presentPageContent) };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/diagnostics',
      summary: 'Server, database, job queue and session facts for the diagnostics sub-tab (never secrets)',
      tags: ['admin', 'system'],
      access: ['admin'],
      responses: { 200: { description: 'Diagnostics', schema: Diagnostics }, ...ADMIN_ERRORS },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await collectDiagnostics(ctx, opts.version);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/admin/default-content',
      summary: "Whether the migration card shows (no page contents and no site settings) and what 'Migrera data nu' creates",
      tags: ['admin', 'content'],
      access: ['admin'],
      responses: { 200: { description: 'Status', schema: DefaultContentStatus }, ...ADMIN_ERRORS },
    },
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await defaultContentStatus(ctx.db);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/admin/default-content',
      summary: "'Migrera data nu': creates the 5 default pages, 14 settings and 1 published article in one transaction",
      tags: ['admin', 'content'],
      access: ['admin'],
      responses: {
        201: { description: 'Created', schema: DefaultContentResult },
        409: error('Pages or settings exist already'),
        ...ADMIN_ERRORS,
      },
    },
    async (ctx) => {
      const created = await createDefaultContent(ctx.db, ctx.state.user);
      ctx.cache.clear();
      ctx.status = 201;
      ctx.body = { message: DEFAULT_CONTENT_MESSAGES.created, created };
    },
  );
}
