import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import { z } from 'zod';
import type { AppContext, AppState } from '../app-context';
import { HttpError, badRequest } from './http-errors';
import type { UserRole } from '../contract/auth-rules';
import { requireUser } from '../middlewares/auth';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
}

/** Everything the API documents and checks about one endpoint. */
export interface RouteSpec<Q extends z.ZodType | undefined, P extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  method: Method;
  /** Koa-style path, e.g. '/api/wines/:id' */
  path: string;
  summary: string;
  tags: string[];
  query?: Q;
  params?: P;
  body?: B;
  /**
   * Who may call it. Omitted: everyone (public). 'signed-in': any signed-in user. A list of roles: only those.
   * Checked BEFORE validation (401 for guests, 403 for other roles), so a guest learns nothing from the input
   * rules. The authorisation sweep test reads this.
   */
  access?: 'signed-in' | readonly UserRole[];
  responses: Record<number, RouteResponse>;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface Input<Q, P, B> {
  query: Q;
  params: P;
  body: B;
}

export type RouteContext<Q, P, B> = ParameterizedContext<AppState & { input: Input<Q, P, B> }, AppContext>;

/** Every route registered through `defineRoute`, in order: the OpenAPI document is built from it. */
export const ROUTE_REGISTRY: RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>[] = [];

function issuesToDetails(error: z.ZodError, where: string) {
  return error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
}

/**
 * Registers an endpoint on `router`: validates query, params and body with the spec's zod schemas
 * (400 with the JSON error shape listing every invalid field, before any handler runs), records the
 * spec for /api/docs, then runs `middlewares` and `handler` with the parsed input in `ctx.state.input`.
 */
export function defineRoute<
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  router: Router<AppState, AppContext>,
  spec: RouteSpec<Q, P, B>,
  ...stack: [...Middleware<AppState, AppContext>[], (ctx: RouteContext<Infer<Q>, Infer<P>, Infer<B>>) => Promise<void> | void]
): void {
  // Building the app twice (tests) must not list a route twice in the docs.
  const known = ROUTE_REGISTRY.findIndex((r) => r.method === spec.method && r.path === spec.path);
  if (known >= 0) ROUTE_REGISTRY[known] = spec;
  else ROUTE_REGISTRY.push(spec);
  const validate: RouterMiddleware<AppState, AppContext> = async (ctx, next) => {
    const details: { path: string; message: string }[] = [];
    const input: Record<string, unknown> = {};
    const parts: [keyof Input<unknown, unknown, unknown>, z.ZodType | undefined, unknown][] = [
      ['params', spec.params, ctx.params],
      ['query', spec.query, ctx.query],
      ['body', spec.body, (ctx.request as { body?: unknown }).body],
    ];
    for (const [where, schema, value] of parts) {
      if (!schema) continue;
      const parsed = schema.safeParse(value);
      if (parsed.success) input[where] = parsed.data;
      else details.push(...issuesToDetails(parsed.error, where));
    }
    if (details.length) {
      const notFoundParam = details.every((d) => d.path.startsWith('params.'));
      // A malformed id in the path names no resource: 404, like any unknown id.
      if (notFoundParam) throw new HttpError(404, 'not_found', 'Det du letar efter finns inte.', details);
      throw badRequest(details.length === 1 ? details[0]!.message : 'Några uppgifter är ogiltiga.', details);
    }
    (ctx.state as AppState & { input: unknown }).input = input;
    await next();
  };
  const guard = spec.access === undefined ? [] : [requireUser(...(spec.access === 'signed-in' ? [] : spec.access))];
  const all = [...guard, validate, ...stack] as RouterMiddleware<AppState, AppContext>[];
  router[spec.method](spec.path, ...all);
}
