import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_ROLES, type UserRole } from '../contract/auth-rules';
import { ROUTE_REGISTRY } from '../lib/route';
import { buildPartner, buildUser } from './factories';
import { GUEST_401_BY_DESIGN, ROUTE_ACCESS, type RouteAccess } from './route-access';
import { browserAgent, createTestApp, useTestDatabase } from './test-db';

// The authorisation sweep: every route in the router's table against the hand-written table of who may call it
// (api/test/route-access.ts), first as declared, then as answered to a guest and to each role. A route that loses
// its guard, a new route nobody listed, or a listed route that is gone all fail here.
const getDb = useTestDatabase();
const PASSWORD = 'sweep-lösen-1';

type Agent = ReturnType<typeof browserAgent>;
const agents = new Map<UserRole | 'guest', Agent>();

beforeAll(async () => {
  // Building the app registers every route in ROUTE_REGISTRY.
  const app = createTestApp(getDb().db);
  agents.set('guest', browserAgent(app));
  for (const role of USER_ROLES) {
    // A partner comes with its company row, as registration makes it (the portal refuses a partner without one).
    const user =
      role === 'partner'
        ? (await buildPartner(getDb().db, { user: { password: PASSWORD } })).user
        : await buildUser(getDb().db, { role, password: PASSWORD });
    const agent = browserAgent(app);
    await agent.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(200);
    agents.set(role, agent);
  }
});

type AnyRoute = (typeof ROUTE_REGISTRY)[number];
const keyOf = (route: { method: string; path: string }) => `${route.method.toUpperCase()} ${route.path}`;
const registered = () => new Map<string, AnyRoute>(ROUTE_REGISTRY.map((r) => [keyOf(r), r]));

/** Who may call, comparable: 'public', or the sorted roles ('signed-in' is every role). */
function normalised(access: RouteAccess | undefined): string {
  if (access === undefined || access === 'public') return 'public';
  const roles = access === 'signed-in' ? [...USER_ROLES] : [...access];
  return roles.sort().join(',');
}
const described = (access: RouteAccess | undefined) => (access === undefined ? 'nothing (public)' : JSON.stringify(access));

/**
 * Calls `method path` as `agent`, every path parameter a fresh uuid (naming no row). A state-changing method sends a
 * `{}` JSON body with the agent's Origin, so the CSRF guard lets it through and the input is invalid: only a guard
 * that runs before validation answers 401 or 403.
 */
async function call(agent: Agent, method: string, path: string): Promise<{ status: number; code: string | undefined }> {
  const url = path.replace(/:[A-Za-z0-9_]+\??/g, () => randomUUID());
  const req = (agent as unknown as Record<string, (u: string) => ReturnType<Agent['get']>>)[method]!(url);
  const res = await (method === 'get' ? req : req.send({}));
  return { status: res.status, code: (res.body as { error?: { code?: string } } | undefined)?.error?.code };
}

describe('the route access table (api/test/route-access.ts)', () => {
  it('lists every registered route', () => {
    expect(ROUTE_REGISTRY.length).toBeGreaterThan(0);
    const missing = [...registered().keys()].filter((key) => !(key in ROUTE_ACCESS));
    expect(missing, 'registered routes missing from ROUTE_ACCESS (add who may call them)').toEqual([]);
  });

  it('names only routes that exist', () => {
    const routes = registered();
    const stale = Object.keys(ROUTE_ACCESS).filter((key) => !routes.has(key));
    expect(stale, 'ROUTE_ACCESS entries naming no registered route').toEqual([]);
    const notPublic = [...GUEST_401_BY_DESIGN].filter((key) => ROUTE_ACCESS[key] !== 'public');
    expect(notPublic, 'GUEST_401_BY_DESIGN entries that are not public routes in ROUTE_ACCESS').toEqual([]);
  });

  it("matches every route's declared access", () => {
    const differing = ROUTE_REGISTRY.filter((r) => keyOf(r) in ROUTE_ACCESS && normalised(r.access) !== normalised(ROUTE_ACCESS[keyOf(r)])).map(
      (r) => `${keyOf(r)} declares ${described(r.access)}, the table says ${described(ROUTE_ACCESS[keyOf(r)])}`,
    );
    expect(differing, 'routes whose `access` differs from ROUTE_ACCESS').toEqual([]);
  });
});

describe('every route answers guests and each role as the table says', () => {
  it.each(Object.entries(ROUTE_ACCESS))('%s', async (key, access) => {
    const route = registered().get(key);
    expect(route, `${key} is in ROUTE_ACCESS but not registered`).toBeDefined();
    const { method, path } = route!;
    const guest = await call(agents.get('guest')!, method, path);

    if (access === 'public') {
      if (GUEST_401_BY_DESIGN.has(key)) {
        expect(guest.status, `${key} as guest (401 by design)`).toBe(401);
        // Still public: a signed-in caller of any role is answered (read-only routes only, so this is safe to call).
        expect(method, `${key}: GUEST_401_BY_DESIGN is for GET routes`).toBe('get');
        for (const role of USER_ROLES) expect([401, 403], `${key} as ${role}`).not.toContain((await call(agents.get(role)!, method, path)).status);
      } else {
        expect([401, 403], `${key} as guest answered ${guest.status} ${guest.code ?? ''}`).not.toContain(guest.status);
      }
      return;
    }

    // A guarded route: the guard (api/middlewares/auth.ts requireUser) answers before the input is read.
    expect(guest, `${key} as guest`).toEqual({ status: 401, code: 'unauthorized' });
    for (const role of USER_ROLES) {
      const answer = await call(agents.get(role)!, method, path);
      if (access === 'signed-in' || access.includes(role)) {
        expect([401, 403], `${key} as ${role} (allowed) answered ${answer.status} ${answer.code ?? ''}`).not.toContain(answer.status);
      } else {
        expect(answer, `${key} as ${role} (not allowed)`).toEqual({ status: 403, code: 'forbidden' });
      }
    }
  });
});
