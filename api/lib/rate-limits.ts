import type { Knex } from 'knex';
import type { ParameterizedContext } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext, AppState } from '../app-context';
import { sha256Hex } from '../auth/sha256';
import { HttpError } from './http-errors';

type Ctx = ParameterizedContext<AppState, AppContext>;

/**
 * Fixed-window abuse limits (points per window in seconds). Counters live in Postgres (`rate_limits`), so every
 * API process counts together.
 * - register: accounts CREATED per client IP whose e-mail is not verified yet (a verification gives the point
 *   back; refused input and taken usernames never count), so a roomful of guests on one Wi-Fi can all join;
 * - resetIp / resetAccount: reset-link (and partner verification-resend) requests per IP and per address;
 * - resendVerification: a signed-in member's requests for a new verification link.
 */
export const RATE_LIMITS = {
  register: { points: 20, duration: 60 * 60 },
  resetIp: { points: 30, duration: 60 * 60 },
  resetAccount: { points: 5, duration: 60 * 60 },
  resendVerification: { points: 5, duration: 60 * 60 },
} as const;

export type LimitName = keyof typeof RATE_LIMITS;

/**
 * Progressive delays for password sign-in: after `free` failed attempts within `windowSeconds`, the next attempt
 * must wait `baseSeconds · 2^(n − free − 1)` seconds after failure n, at most `maxSeconds`. Nobody is locked out:
 * the owner waits at most `maxSeconds`, and the owner's known device (a device cookie from an earlier sign-in,
 * see api/services/sign-in.ts) is throttled apart from everyone else, so an attacker's guesses don't delay it.
 * - account: failures against one e-mail address from devices the account has not signed in on;
 * - ip: failures from one client IP (high: a tasting's guests share one address);
 * - device: failures from one known device (a stolen device cookie gives no free guesses).
 */
export const SIGN_IN_THROTTLES = {
  account: { free: 5, baseSeconds: 1, maxSeconds: 15 * 60, windowSeconds: 24 * 60 * 60 },
  ip: { free: 100, baseSeconds: 1, maxSeconds: 5 * 60, windowSeconds: 60 * 60 },
  device: { free: 5, baseSeconds: 1, maxSeconds: 15 * 60, windowSeconds: 24 * 60 * 60 },
} as const;

export type ThrottleName = keyof typeof SIGN_IN_THROTTLES;

/**
 * The wait (seconds) required after the n-th failure of a throttle (0 while failures are free).
 * E.g. account: failures 1–5 → 0, 6 → 1, 7 → 2, 8 → 4 … capped at 900.
 */
export function progressiveDelaySeconds(name: ThrottleName, failures: number): number {
  const t = SIGN_IN_THROTTLES[name];
  if (failures <= t.free) return 0;
  return Math.min(t.maxSeconds, t.baseSeconds * 2 ** Math.min(30, failures - t.free - 1));
}

/** 'För många försök. Försök igen om 15 minuter.' — minutes rounded up, at least 1. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  if (retryAfterSeconds < 60) return `För många försök. Försök igen om ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'sekund' : 'sekunder'}.`;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `För många försök. Försök igen om ${minutes} ${minutes === 1 ? 'minut' : 'minuter'}.`;
}

function tooMany(ctx: Ctx, msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  ctx.set('Retry-After', String(seconds));
  return new HttpError(429, 'too_many_requests', tooManyAttemptsMessage(seconds));
}

/** Keys are e-mail addresses, IPs or device ids: hashed so the table holds no addresses and no key is too long. */
export const rateLimitKey = (value: string) => sha256Hex(value.trim().toLowerCase());

function limiter(db: Knex, keyPrefix: string, points: number, duration: number): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: db,
    storeType: 'knex',
    tableName: 'rate_limits',
    tableCreated: true,
    clearExpiredByTimeout: false,
    keyPrefix,
    points,
    duration,
  });
}

/** The app's limiters, sharing the `rate_limits` table (created by a migration). */
export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterPostgres>;
  /** Failure counts per throttle (never block by themselves). */
  private readonly failures: Record<ThrottleName, RateLimiterPostgres>;
  /** The current wait per throttle: a blocked key until the wait is over. */
  private readonly waits: Record<ThrottleName, RateLimiterPostgres>;

  constructor(db: Knex) {
    this.limiters = Object.fromEntries(
      Object.entries(RATE_LIMITS).map(([name, { points, duration }]) => [name, limiter(db, name, points, duration)]),
    ) as Record<LimitName, RateLimiterPostgres>;
    const names = Object.keys(SIGN_IN_THROTTLES) as ThrottleName[];
    this.failures = Object.fromEntries(
      names.map((n) => [n, limiter(db, `signInFail:${n}`, Number.MAX_SAFE_INTEGER, SIGN_IN_THROTTLES[n].windowSeconds)]),
    ) as Record<ThrottleName, RateLimiterPostgres>;
    this.waits = Object.fromEntries(names.map((n) => [n, limiter(db, `signInWait:${n}`, 1, 1)])) as Record<ThrottleName, RateLimiterPostgres>;
  }

  /**
   * Throws 429 (Retry-After, Swedish message) when `key` has used up `name`'s points, without using one.
   * @throws HttpError 429
   */
  async assertNotBlocked(ctx: Ctx, name: LimitName, key: string): Promise<void> {
    const res = await this.limiters[name].get(rateLimitKey(key));
    if (res && res.consumedPoints >= RATE_LIMITS[name].points) throw tooMany(ctx, res.msBeforeNext);
  }

  /**
   * Uses one point of `name` for `key`.
   * @throws HttpError 429 when the points were already used up
   */
  async consume(ctx: Ctx, name: LimitName, key: string): Promise<void> {
    try {
      await this.limiters[name].consume(rateLimitKey(key), 1);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooMany(ctx, err.msBeforeNext);
      throw err;
    }
  }

  /** Uses one point of `name` for `key` without refusing (the outcome is already decided, e.g. an account made). */
  async count(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].penalty(rateLimitKey(key), 1);
  }

  /** Gives one point of `name` back to a key stored as `rateLimitKey(…)` (e.g. a registration got verified). */
  async refundHashed(name: LimitName, hashedKey: string): Promise<void> {
    await this.limiters[name].reward(hashedKey, 1);
  }

  /**
   * Throws 429 with Retry-After when any of the sign-in throttles `checks` still asks `key` to wait.
   * @throws HttpError 429
   */
  async assertSignInAllowed(ctx: Ctx, checks: [ThrottleName, string][]): Promise<void> {
    const waits = await Promise.all(checks.map(([name, key]) => this.waits[name].get(rateLimitKey(key))));
    const longest = Math.max(0, ...waits.map((w) => (w && w.consumedPoints > 1 ? w.msBeforeNext : 0)));
    if (longest > 0) throw tooMany(ctx, longest);
  }

  /** Counts a failed sign-in against each throttle and starts its wait when its free failures are used up. */
  async recordSignInFailure(checks: [ThrottleName, string][]): Promise<void> {
    await Promise.all(
      checks.map(async ([name, key]) => {
        const res = await this.failures[name].penalty(rateLimitKey(key), 1);
        const wait = progressiveDelaySeconds(name, res.consumedPoints);
        if (wait > 0) await this.waits[name].block(rateLimitKey(key), wait);
      }),
    );
  }

  /** Forgets the failures and the wait of a throttle key (after a successful sign-in). */
  async clearSignIn(name: ThrottleName, key: string): Promise<void> {
    await Promise.all([this.failures[name].delete(rateLimitKey(key)), this.waits[name].delete(rateLimitKey(key))]);
  }
}
