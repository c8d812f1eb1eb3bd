import type Router from '@koa/router';
import type { RouterMiddleware } from '@koa/router';
import type { Middleware, ParameterizedContext } from 'koa';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { ErrorBody } from '../contract/errors';
import type { AppContext, AppState } from '../app-context';
import { HttpError, badRequest } from './http-errors';
import type { UserRole } from '../contract/auth-rules';
import type { DbUserRow } from '../queries/users';
import { TEXT_MESSAGES, isCleanText, printable } from '../contract/text-rules';
import { requireUser } from '../middlewares/auth';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a route: 'signed-in' (any signed-in user) or a list of roles (see RouteSpec['access']). */
export type RouteAccess = 'signed-in' | readonly UserRole[];

export interface RouteResponse {
  description: string;
  schema?: z.ZodType;
}

/** The HTTP success statuses: the `responses` entries under these keys describe what a handler may put in `ctx.body`. */
type SuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226;

/** A body that is not JSON: a file's bytes or text (CSV, SVG), a stream, or none (204, 304). */
export type RawBody = string | Buffer | Readable | undefined;

/**
 * The wire shape (`z.input`: what the client parses with the same schema) of one documented answer the handler itself
 * may send. The shared error shape is left out: errors are thrown (api/lib/http-errors.ts) and written by the error
 * middleware, never set by a handler.
 */
type HandlerBody<Res, IsSuccess extends boolean> = Res extends { schema: infer S extends z.ZodType }
  ? S extends typeof ErrorBody
    ? never
    : z.input<S>
  : IsSuccess extends true
    ? RawBody
    : never;

/**
 * What a handler may set as `ctx.body`, from the spec's `responses`: the union of the wire shapes of its 2xx entries
 * (a 2xx entry without a schema — a file, 204 — allows a RawBody), plus any other documented answer with a schema of
 * its own (e.g. /api/ready's 503 body; ErrorBody excepted, see HandlerBody). A spec that documents no answer at all
 * leaves the body unchecked (`unknown`).
 */
export type ResponseBody<R> = [keyof R] extends [never]
  ? unknown
  : { [K in keyof R]: HandlerBody<R[K], K extends SuccessStatus ? true : false> }[keyof R];

/** Everything the API documents and checks about one endpoint. */
export interface RouteSpec<
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  A extends RouteAccess | undefined = RouteAccess | undefined,
  R extends Record<number, RouteResponse> = Record<number, RouteResponse>,
> {
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
   * rules. The authorisation sweep test reads this. When given, the handler's `ctx.state.user` is typed as present
   * (see RouteState).
   */
  access?: A;
  /**
   * Body paths the generic text check (see `defineRoute`) leaves alone, with `*` for any key or array index, e.g.
   * `['mutations.*.patch']`: everything at and under such a path is skipped. Only for input whose own schema applies
   * the rule (CLEAN_TEXT of api/contract/text-rules.ts) and answers it in its own way — the offline sync rejects one
   * mutation with the reason instead of refusing its whole batch.
   */
  textCheckExempt?: readonly string[];
  /** Every documented answer by status. The 2xx entries' schemas type the handler's `ctx.body` (see ResponseBody). */
  responses: R;
}

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;

export interface Input<Q, P, B> {
  query: Q;
  params: P;
  body: B;
}

/**
 * The state a route's handler sees: the parsed `input`, and for a route with `access` the signed-in `user` (a
 * DbUserRow, never null: requireUser in api/middlewares/auth.ts answers 401/403 before the handler runs). A route
 * without `access` reads the user, if it runs withSession, through currentUser(ctx): DbUserRow | null.
 */
export type RouteState<Q, P, B, A extends RouteAccess | undefined = undefined> = AppState & { input: Input<Q, P, B> } & (A extends RouteAccess
    ? { user: DbUserRow }
    : unknown);

/** A route handler's context: typed input and user (RouteState), and `ctx.body` typed by the documented success `Body`. */
export type RouteContext<Q, P, B, A extends RouteAccess | undefined = undefined, Body = unknown> = ParameterizedContext<
  RouteState<Q, P, B, A>,
  AppContext,
  Body
>;

/** Every route registered through `defineRoute`, in order: the OpenAPI document is built from it. */
export const ROUTE_REGISTRY: RouteSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType | undefined>[] = [];

function issuesToDetails(error: z.ZodError, where: string) {
  return error.issues.map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message }));
}

/** At most this many places are named in one answer of the text check. */
const TEXT_CHECK_MAX_DETAILS = 20;

/**
 * Every place in `value` (the params, query or body, named `where`) whose text — a string value or an object key —
 * breaks the text rule of api/contract/text-rules.ts, as error details ('body.name', 'query.q', 'body.items.2'), at most
 * TEXT_CHECK_MAX_DETAILS; a key with a forbidden character is named with it written as \uXXXX. Subtrees at an
 * `exempt` path (segments, '*' for any key or index) are skipped. Iterative, so a deeply nested body cannot exhaust
 * the stack.
 */
export function forbiddenTextDetails(value: unknown, where: string, exempt: readonly string[] = []): { path: string; message: string }[] {
  // Each node links to its parent: a path is only spelled out when it is needed (a find, or an exempt path's depth).
  interface Node {
    value: unknown;
    key: string;
    parent: Node | undefined;
    depth: number;
  }
  const segments = (node: Node | undefined) => {
    const out: string[] = [];
    for (let n = node; n && n.depth > 0; n = n.parent) out.push(n.key);
    return out.reverse();
  };
  const patterns = exempt.map((p) => p.split('.'));
  const isExempt = (node: Node) => {
    const candidates = patterns.filter((p) => p.length === node.depth);
    if (!candidates.length) return false;
    const path = segments(node);
    return candidates.some((p) => p.every((seg, i) => seg === '*' || seg === path[i]));
  };
  const details: { path: string; message: string }[] = [];
  const found = (path: string[]) => details.push({ path: [where, ...path].join('.'), message: TEXT_MESSAGES.forbiddenCharacters });
  // Depth first, children pushed last to first: places are named in the order they appear in the input.
  const stack: Node[] = [{ value, key: '', parent: undefined, depth: 0 }];
  while (stack.length && details.length < TEXT_CHECK_MAX_DETAILS) {
    const node = stack.pop()!;
    const v = node.value;
    if (node.depth && isExempt(node)) continue;
    if (node.depth && !isCleanText(node.key)) {
      found([...segments(node.parent), printable(node.key)]); // a bad key: named, its value not read
    } else if (typeof v === 'string') {
      if (!isCleanText(v)) found(segments(node));
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: String(i), parent: node, depth: node.depth + 1 });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], key: entries[i]![0], parent: node, depth: node.depth + 1 });
    }
  }
  return details;
}

/**
 * Registers an endpoint on `router`: checks who may call it (`access`), then validates params, query and body, records
 * the spec for /api/docs, then runs `middlewares` and `handler` with the parsed input in `ctx.state.input`.
 * Validation, before any handler runs:
 * 1. the text rule (api/contract/text-rules.ts) on every string and object key of the params, query and body, whatever
 *    the schemas say (body paths in `textCheckExempt` excepted): 400 `validation_failed` with
 *    TEXT_MESSAGES.forbiddenCharacters and one detail per place ('body.name', 'query.q', 'params.id');
 * 2. the spec's zod schemas: 400 with the JSON error shape listing every invalid field; a malformed path parameter
 *    alone is a 404 (it names no resource).
 */
export function defineRoute<
  Q extends z.ZodType | undefined = undefined,
  P extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends RouteAccess | undefined = undefined,
  const R extends Record<number, RouteResponse> = Record<number, RouteResponse>,
>(
  router: Router<AppState, AppContext>,
  spec: RouteSpec<Q, P, B, A, R>,
  ...stack: [...Middleware<AppState, AppContext>[], (ctx: RouteContext<Infer<Q>, Infer<P>, Infer<B>, A, ResponseBody<R>>) => Promise<void> | void]
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
    const forbidden = parts.flatMap(([where, , value]) => forbiddenTextDetails(value, where, where === 'body' ? spec.textCheckExempt : []));
    if (forbidden.length) throw badRequest(TEXT_MESSAGES.forbiddenCharacters, forbidden.slice(0, TEXT_CHECK_MAX_DETAILS));
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
  const access: RouteAccess | undefined = spec.access;
  const guard = access === undefined ? [] : [requireUser(...(access === 'signed-in' ? [] : access))];
  const all = [...guard, validate, ...stack] as RouterMiddleware<AppState, AppContext>[];
  router[spec.method](spec.path, ...all);
}
