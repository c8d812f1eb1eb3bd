import type { Middleware, ParameterizedContext } from 'koa';
import type { AppContext, AppState } from '../app-context';
import { AUTH_MESSAGES, type UserRole } from '../contract/auth-rules';
import { forbidden, unauthorized } from '../lib/http-errors';
import type { DbUserRow } from '../queries/users';
import { findUserById, touchLastLogin } from '../queries/users';
import { bumpSessionVersion, countUserSessions } from '../queries/sessions';

type Ctx = ParameterizedContext<AppState, AppContext>;

/** The signed-in user of this request (set by `withSession`), or null. */
export function currentUser(ctx: Ctx): DbUserRow | null {
  return (ctx.state.user as DbUserRow | null | undefined) ?? null;
}

/**
 * Runs the session middleware for this route and puts the signed-in user in `ctx.state.user` (or null).
 * A session whose user is gone, deactivated, or signed in before their last password change is ended.
 * Public reads don't use it, so they never touch the sessions table.
 * @throws HttpError 403 'https_required' when cookies are Secure (production) and the request came over plain HTTP
 */
export const withSession: Middleware<AppState, AppContext> = (ctx, next) => {
  // A Secure session cookie can't be sent over plain HTTP: a clear 403 instead of koa-session's 500 (a proxy that
  // doesn't send X-Forwarded-Proto, or TRUST_PROXY unset; api/config.ts refuses the latter at start).
  if (ctx.secureCookies && !ctx.secure) throw forbidden(AUTH_MESSAGES.httpsRequired, 'https_required');
  return ctx.sessionMiddleware(ctx, async () => {
    ctx.state.user = null;
    const session = ctx.session;
    if (session?.userId) {
      const user = await findUserById(ctx.db, session.userId);
      if (user?.is_active && session.sv === user.session_version) ctx.state.user = user;
      else ctx.session = null;
    }
    await next();
  });
};

/**
 * `withSession`, then 401 for guests and 403 when the user's role is not among `roles` (any role when
 * empty). Errors carry Swedish messages.
 */
export function requireUser(...roles: UserRole[]): Middleware<AppState, AppContext> {
  return (ctx, next) =>
    withSession(ctx, async () => {
      const user = currentUser(ctx);
      if (!user) throw unauthorized(AUTH_MESSAGES.notSignedIn);
      if (roles.length && !roles.includes(user.role)) throw forbidden(AUTH_MESSAGES.forbidden);
      await next();
    });
}

/**
 * Signs `user` in on this request's session: a new session key (the old one is destroyed, so a key planted
 * before sign-in is worthless), the user's session_version, and the sign-in time for the absolute lifetime.
 */
export async function signIn(ctx: Ctx, user: DbUserRow): Promise<void> {
  const session = ctx.session;
  if (!session) throw new Error('signIn() needs withSession on the route');
  session.userId = user.id;
  session.sv = user.session_version;
  session.signedInAt = Date.now();
  await session.regenerate();
  ctx.state.user = user;
  await touchLastLogin(ctx.db, user.id);
}

/** Ends this request's session (its row is deleted and the cookie cleared). */
export function signOut(ctx: Ctx): void {
  ctx.session = null;
  ctx.state.user = null;
}

/**
 * After a password change: bumps the user's session_version (every other session becomes invalid at
 * once, on every process), moves this session to the new version, and deletes the other sessions' rows.
 * @returns how many other sessions were ended
 */
export async function endOtherSessions(ctx: Ctx, userId: string): Promise<number> {
  const before = await countUserSessions(ctx.db, userId);
  // The users trigger deletes every row of the old version (this session's too, saved again just below).
  const version = await bumpSessionVersion(ctx.db, userId);
  const session = ctx.session;
  if (session) {
    session.sv = version;
    await session.save();
  }
  return Math.max(0, before - (await countUserSessions(ctx.db, userId)));
}
