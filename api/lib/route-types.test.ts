import { describe, expectTypeOf, it } from 'vitest';
import type { DbUserRow } from '../presenters/user';
import { defineRoute } from './route';
import { createRouter } from './router';

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

describe('defineRoute types', () => {
  it('types the signed-in user by access (checked by tsc)', () => {
    expectTypeOf(declareRoutes).toBeFunction();
  });
});
