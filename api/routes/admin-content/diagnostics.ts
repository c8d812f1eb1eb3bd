import { createHash } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { ParameterizedContext } from 'koa';
import type { AppContext, AppState } from '../../app-context';
import type { Diagnostics } from '../../contract/admin-content';
import { SESSION_COOKIE } from '../../auth/session';
import { currentUser } from '../../middlewares/auth';
import { latestMigration, pingDatabase, serverVersion } from '../../queries/database';

type Ctx = ParameterizedContext<AppState, AppContext>;

/** A promise that settles within `ms`, else `fallback` (a stuck dependency must not stall the admin page). */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  return Promise.race([promise.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms).unref())]);
}

async function databaseFacts(ctx: Ctx): Promise<Diagnostics['database']> {
  try {
    const start = performance.now();
    await pingDatabase(ctx.db);
    const latencyMs = Math.round((performance.now() - start) * 10) / 10;
    return { ok: true, serverVersion: await serverVersion(ctx.db), latencyMs, latestMigration: await latestMigration(ctx.db) };
  } catch (err) {
    ctx.log.warn({ err }, 'diagnostics: database check failed');
    return { ok: false, serverVersion: null, latencyMs: null, latestMigration: null };
  }
}

/**
 * A short one-way fingerprint of the session (12 hex digits of a domain-separated SHA-256 of the cookie's key):
 * enough to tell two sessions apart on the diagnostics page, useless for taking one over. Neither the cookie,
 * the key nor the sessions table's row id (the key's plain SHA-256) is ever shown.
 */
export function sessionFingerprint(sessionKey: string): string {
  return createHash('sha256').update('vinpressen-diagnostics\0').update(sessionKey).digest('hex').slice(0, 12);
}

/**
 * The facts the admin's diagnostics sub-tab shows (spec 001 §2 'Diagnostics'): this request's host and
 * protocol, NODE_ENV, the package version, uptime, the database (reachable, server version, round trip in ms,
 * newest migration), the job queue, the session cookie's settings and whether this request carried it, and
 * what the current-user call answers. Built from an allow-list of facts: no environment variable other than
 * NODE_ENV is read, so no secret (DATABASE_URL, SESSION_SECRET, SMTP_URL, keys) can appear.
 */
export async function collectDiagnostics(ctx: Ctx, version: string): Promise<Diagnostics> {
  const user = currentUser(ctx);
  // The cookie options koa-session runs with (ctx.sessionOptions once it is mounted on the route).
  const options = ctx.sessionOptions ?? {};
  const cookieName = options.key ?? SESSION_COOKIE;
  const sessionKey = ctx.cookies.get(cookieName, { signed: options.signed ?? true });
  const [database, jobsReady] = await Promise.all([databaseFacts(ctx), within(ctx.jobs.isReady(), 3000, false)]);
  return {
    generatedAt: new Date().toISOString(),
    server: {
      host: ctx.host,
      protocol: ctx.protocol,
      nodeEnv: process.env.NODE_ENV ?? 'development',
      version,
      nodeVersion: process.version,
      uptimeSeconds: Math.round(process.uptime()),
      instance: `${os.hostname()} (pid ${process.pid})`,
    },
    database,
    jobs: { ready: jobsReady },
    session: {
      authenticated: Boolean(user),
      fingerprint: user && sessionKey ? sessionFingerprint(sessionKey) : null,
      userEmail: user?.email ?? null,
      cookieName,
      cookiePresent: ctx.cookies.get(cookieName, { signed: false }) !== undefined,
      secure: Boolean(options.secure),
      httpOnly: options.httpOnly !== false,
      sameSite: typeof options.sameSite === 'string' ? options.sameSite : options.sameSite === true ? 'strict' : 'ej angiven',
      domain: options.domain ?? null,
    },
    authTest: user
      ? { status: 200, user: { id: user.id, email: user.email, role: user.role, authType: user.auth_type, isActive: user.is_active } }
      : { status: 401, user: null },
  };
}
