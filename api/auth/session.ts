import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type Koa from 'koa';
import createSession, { type CreateSessionOptions } from 'koa-session';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../app-context';
import { deleteSession, findSessionData, upsertSession } from '../queries/sessions';
import type { PendingSignIn } from './oidc';
import { sha256Hex } from './sha256';

/** The data a session holds. `sv` is the user's session_version at sign-in (see signIn). */
export interface SessionData {
  userId?: string;
  sv?: number;
  /** ms since epoch, set at sign-in: the absolute lifetime is counted from here. */
  signedInAt?: number;
  /** An admin sign-in started at the identity provider, until its callback (api/routes/admin-auth/router.ts). */
  oidc?: PendingSignIn | null;
}

/**
 * koa-session 7's session object as this app uses it: SessionData plus the methods of its `Session` class
 * (node_modules/koa-session/dist/commonjs/session.d.ts). koa-session 7 ships no types for `ctx.session`.
 */
export type AppSession = SessionData & {
  regenerate(): Promise<void> | undefined;
  save(): Promise<void> | undefined;
};

// koa-session defines `ctx.session` and `ctx.sessionOptions` on every context of the app (api/app.ts mounts it per
// route, see api/middlewares/auth.ts withSession): typed here once. `session` is null after sign-out (setting it to
// null ends the session) and absent on routes that don't run withSession.
declare module 'koa' {
  interface ExtendableContext {
    session?: AppSession | null;
    /** The options it runs with; koa-session hands them to `ctx.cookies.set`, so cookie options (domain) count too. */
    sessionOptions?: CreateSessionOptions & { domain?: string };
  }
}

export const SESSION_COOKIE = 'vinpressen.sid';
/** Sliding expiry: a session unused for 14 days ends; koa-session renews it in the second half of that span. */
export const SESSION_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** Absolute lifetime: after 90 days the user signs in again however active they were. */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * koa-session's external store in the `sessions` table. The row id is the SHA-256 of the cookie's random
 * key, so the table alone signs nobody in; `user_id` lets a password change end the user's other sessions.
 */
export class PostgresSessionStore {
  constructor(private readonly db: Knex) {}

  get(key: string): Promise<Record<string, unknown> | null> {
    return findSessionData(this.db, sha256Hex(key));
  }

  set(key: string, sess: Record<string, unknown> & SessionData, maxAge: number): Promise<void> {
    const ttl = typeof maxAge === 'number' && Number.isFinite(maxAge) ? maxAge : SESSION_MAX_AGE_MS;
    return upsertSession(this.db, sha256Hex(key), sess.userId ?? null, sess, ttl);
  }

  destroy(key: string): Promise<void> {
    return deleteSession(this.db, sha256Hex(key));
  }
}

/**
 * The session middleware (koa-session 7 with the Postgres store): cookie `vinpressen.sid`, signed with
 * `app.keys`, httpOnly, SameSite=Lax, Secure when `secure`; a 256-bit random key; sliding 14-day expiry;
 * 90-day absolute lifetime. Mounted per route (see api/middlewares/auth.ts), so public reads never touch it.
 */
export function createSessionMiddleware(
  app: Koa<AppState, AppContext>,
  store: PostgresSessionStore,
  opts: { secure: boolean },
): Middleware<AppState, AppContext> {
  return createSession(
    {
      key: SESSION_COOKIE,
      maxAge: SESSION_MAX_AGE_MS,
      renew: true,
      rolling: false,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      secure: opts.secure,
      store: {
        get: (key: string) => store.get(key),
        set: (key: string, sess: Record<string, unknown>, maxAge: number) => store.set(key, sess, maxAge),
        destroy: (key: string) => store.destroy(key),
      },
      genid: () => randomBytes(32).toString('base64url'),
      valid: (_ctx: unknown, data: SessionData) => !data.signedInAt || Date.now() - data.signedInAt < SESSION_ABSOLUTE_MS,
    },
    app,
  );
}
