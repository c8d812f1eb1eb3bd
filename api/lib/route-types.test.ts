import { describe, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ErrorBody } from '../contract/errors';
import type { DbUserRow } from '../queries/users';
import { type RawBody, defineRoute } from './route';
import { createRouter, sendCachedJson } from './router';

// defineRoute (api/lib/route.ts) types the handler's ctx.state.user by the spec's `access`: present (DbUserRow) when
// the route declares who may call it, untyped (read it through currentUser) otherwise. These are compile-time checks:
// `tsc -p .` reads this file; the routes are only declared, never registered (ROUTE_REGISTRY stays as it is).
function declareRoutes() {
  const router = createRouter();
  defineRoute(router, { method: 'get', path: '/t/signed-in', summary: 't', tags: [], responses: {}, access: 'signed-in' }, (ctx) => {
    expectTypeOf(ctx.state.user).toEqualTypeOf<DbUserRow>();
  });
  defineRoute(router, { method: 'get', path: '/t/roles', summary: 't', tags: [], responses: {}, access: ['admin', 'moderator'] }, (ctx) => {
    expectTypeOf(ctx.state.user).toEqualTypeOf<DbUserRow>();
  });
  defineRoute(router, { method: 'get', path: '/t/public', summary: 't', tags: [], responses: {} }, (ctx) => {
    expectTypeOf(ctx.state.user).toEqualTypeOf<unknown>();
    // @ts-expect-error without `access` the user may be absent: no property of it can be read unchecked
    void ctx.state.user.id;
  });
}

const Thing = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.string()).default([]) });
const Gone = z.object({ status: z.literal('gone') });

// ctx.body is typed by the documented answers (api/lib/route.ts ResponseBody): a body that doesn't match the schema
// of a 2xx entry fails to compile.
function declareBodies() {
  const router = createRouter();
  const responses = { 200: { description: 'The thing', schema: Thing }, 404: { description: 'None', schema: ErrorBody } };
  defineRoute(router, { method: 'get', path: '/t/thing', summary: 't', tags: [], responses }, (ctx) => {
    // The wire shape (z.input): a field with a default may be left out.
    expectTypeOf(ctx.body).toEqualTypeOf<z.input<typeof Thing>>();
    ctx.body = { id: 1, name: 'Riesling' };
    // @ts-expect-error a field of the wrong type
    ctx.body = { id: '1', name: 'Riesling' };
    // @ts-expect-error a required field missing
    ctx.body = { id: 1 };
    // @ts-expect-error the error shape is thrown (http-errors), never set by a handler
    ctx.body = { error: { code: 'not_found', message: 'Finns inte.' } };
    // @ts-expect-error a file's bytes where JSON is documented
    ctx.body = Buffer.from('x');
  });
  defineRoute(
    router,
    {
      method: 'get',
      path: '/t/two',
      summary: 't',
      tags: [],
      responses: { 201: { description: 'Made', schema: Thing }, 410: { description: 'Gone', schema: Gone } },
    },
    (ctx) => {
      // 2xx bodies and the documented non-error answers the handler sends itself (like /api/ready's 503).
      expectTypeOf(ctx.body).toEqualTypeOf<z.input<typeof Thing> | z.input<typeof Gone>>();
      ctx.body = { status: 'gone' };
      // @ts-expect-error not a documented answer
      ctx.body = { status: 'here' };
    },
  );
  defineRoute(
    router,
    { method: 'get', path: '/t/cached', summary: 't', tags: [], responses: { 200: { description: 'x', schema: Thing } } },
    async (ctx) => {
      sendCachedJson(ctx, await ctx.cache.get('t:good', async () => ({ id: 1, name: 'Riesling', tags: [] })));
      // @ts-expect-error a cached answer is checked like ctx.body: a name that is not a string
      sendCachedJson(ctx, await ctx.cache.get('t:bad', async () => ({ id: 1, name: 2 })));
    },
  );
  defineRoute(router, { method: 'get', path: '/t/file', summary: 't', tags: [], responses: { 200: { description: 'A CSV file' } } }, (ctx) => {
    // A 2xx entry without a schema: a file, text or nothing, never JSON.
    expectTypeOf(ctx.body).toEqualTypeOf<RawBody>();
    ctx.body = 'a;b';
    // @ts-expect-error an object where no JSON schema is documented
    ctx.body = { id: 1 };
  });
}

describe('defineRoute types', () => {
  it('types the signed-in user by access (checked by tsc)', () => {
    expectTypeOf(declareRoutes).toBeFunction();
  });
  it('types ctx.body by the documented response schemas (checked by tsc)', () => {
    expectTypeOf(declareBodies).toBeFunction();
  });
});
