import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLES, type UserRole } from '../contract/auth-rules';
import { ROUTE_REGISTRY } from '../lib/route';
import { buildPartner, buildUser } from './factories';
import { browserAgent, createTestApp, useTestDatabase } from './test-db';

// The authorisation sweep: every route in the router's table, called by a guest and by each role. A new route
// under /api/admin or /api/users that forgets its guard fails here, without anyone writing a test for it.
const getDb = useTestDatabase();
const PASSWORD = 'sweep-lösen-1';

/** Who may call what, by path (spec 001 §6; moderators only decide reviews — the Reviews issue adds those). */
function expectedAccess(path: string): readonly UserRole[] | 'declared' {
  if (path.startsWith('/api/admin/reviews')) return ['admin', 'moderator'];
  if (path.startsWith('/api/admin') || path.startsWith('/api/users')) return ['admin'];
  if (path === '/api/partner/current' || path.startsWith('/api/partner/wines')) return ['partner'];
  return 'declared';
}

type Agent = ReturnType<typeof browserAgent>;
const agents = new Map<UserRole | 'guest', Agent>();

beforeAll(async () => {
  const app = createTestApp(getDb().db);
  agents.set('guest', browserAgent(app));
  for (const role of USER_ROLES) {
    // A partner comes with its company row, as registration makes it (the portal refuses a partner without one).
    const user = role === 'partner' ? (await buildPartner(getDb().db, { user: { password: PASSWORD } })).user : await buildUser(getDb().db, { role, password: PASSWORD });
    const agent = browserAgent(app);
    await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    agents.set(role, agent);
  }
});

function call(agent: Agent, method: string, path: string) {
  const url = path.replace(/:[A-Za-z0-9_]+\??/g, randomUUID());
  const req = (agent as unknown as Record<string, (u: string) => ReturnType<Agent['get']>>)[method]!(url);
  return method === 'get' || method === 'delete' ? req : req.send({});
}

describe('authorisation of every route', () => {
  it('guards every admin and user-management route to the right roles in its declaration', () => {
    for (const route of ROUTE_REGISTRY) {
      const expected = expectedAccess(route.path);
      if (expected === 'declared') continue;
      expect(route.access, `${route.method.toUpperCase()} ${route.path}`).toEqual(expected);
    }
  });

  it('answers 401 to guests and 403 to the other roles on every guarded route, before reading the input', async () => {
    const guarded = ROUTE_REGISTRY.filter((r) => r.access !== undefined);
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const label = `${route.method.toUpperCase()} ${route.path}`;
      expect((await call(agents.get('guest')!, route.method, route.path)).status, `${label} as guest`).toBe(401);
      for (const role of USER_ROLES) {
        const allowed = route.access === 'signed-in' || route.access!.includes(role);
        const status = (await call(agents.get(role)!, route.method, route.path)).status;
        if (allowed) expect([401, 403], `${label} as ${role}`).not.toContain(status);
        else expect(status, `${label} as ${role}`).toBe(403);
      }
    }
  });

  it('lets guests call the public routes', async () => {
    const open = ROUTE_REGISTRY.filter((r) => r.access === undefined && r.method === 'get' && !r.path.includes(':'));
    for (const route of open) {
      const status = (await call(agents.get('guest')!, route.method, route.path)).status;
      // /api/auth/current is public and answers a guest with 401 by design ("not signed in").
      if (route.path !== '/api/auth/current') expect([401, 403], route.path).not.toContain(status);
    }
  });
});
