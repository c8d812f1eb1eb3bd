import type { Knex } from 'knex';
import type { ParameterizedContext } from 'koa';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { AppContext, AppState } from '../app-context';
import { sha256Hex } from '../auth/reset-tokens';
import { HttpError } from './http-errors';

/**
 * Abuse limits (points per window in seconds). Counters live in Postgres (`rate_limits`), so every API
 * process counts together.
 * - loginIp / loginAccount: FAILED sign-ins per client IP and per e-mail address (a success clears the
 *   account's counter);
 * - register: registration attempts per IP;
 * - resetIp / resetAccount: reset-link requests per IP and per e-mail address.
 */
export const RATE_LIMITS = {
  loginIp: { points: 30, duration: 15 * 60 },
  loginAccount: { points: 5, duration: 15 * 60 },
  register: { points: 5, duration: 60 * 60 },
  resetIp: { points: 10, duration: 60 * 60 },
  resetAccount: { points: 3, duration: 60 * 60 },
} as const;

export type LimitName = keyof typeof RATE_LIMITS;

/** 'För många försök. Försök igen om 15 minuter.' — minutes rounded up, at least 1. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `För många försök. Försök igen om ${minutes} ${minutes === 1 ? 'minut' : 'minuter'}.`;
}

function tooMany(ctx: ParameterizedContext<AppState, AppContext>, msBeforeNext: number): HttpError {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  ctx.set('Retry-After', String(seconds));
  return new HttpError(429, 'too_many_requests', tooManyAttemptsMessage(seconds));
}

/** Keys are e-mail addresses or IPs: hashed so the table holds no addresses and no key is too long. */
const keyOf = (value: string) => sha256Hex(value.trim().toLowerCase());

/** The app's limiters, sharing the `rate_limits` table (created by a migration). */
export class RateLimits {
  private readonly limiters: Record<LimitName, RateLimiterPostgres>;

  constructor(db: Knex) {
    this.limiters = Object.fromEntries(
      Object.entries(RATE_LIMITS).map(([name, { points, duration }]) => [
        name,
        new RateLimiterPostgres({
          storeClient: db,
          storeType: 'knex',
          tableName: 'rate_limits',
          tableCreated: true,
          clearExpiredByTimeout: false,
          keyPrefix: name,
          points,
          duration,
        }),
      ]),
    ) as Record<LimitName, RateLimiterPostgres>;
  }

  /**
   * Throws 429 (Retry-After, Swedish message) when `key` has used up `name`'s points, without using one.
   * @throws HttpError 429
   */
  async assertNotBlocked(ctx: ParameterizedContext<AppState, AppContext>, name: LimitName, key: string): Promise<void> {
    const res = await this.limiters[name].get(keyOf(key));
    if (res && res.consumedPoints >= RATE_LIMITS[name].points) throw tooMany(ctx, res.msBeforeNext);
  }

  /** Uses one point of `name` for `key`; never throws for the limit itself (see `consume`). */
  async penalise(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].penalty(keyOf(key), 1);
  }

  /**
   * Uses one point of `name` for `key`.
   * @throws HttpError 429 when the points were already used up
   */
  async consume(ctx: ParameterizedContext<AppState, AppContext>, name: LimitName, key: string): Promise<void> {
    try {
      await this.limiters[name].consume(keyOf(key), 1);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw tooMany(ctx, err.msBeforeNext);
      throw err;
    }
  }

  /** Forgets `key`'s count for `name` (after a successful sign-in). */
  async reset(name: LimitName, key: string): Promise<void> {
    await this.limiters[name].delete(keyOf(key));
  }
}

/** Deletes expired counters (hourly maintenance). @returns how many */
export async function purgeExpiredRateLimits(db: Knex): Promise<number> {
  return db('rate_limits').where('expire', '<', Date.now()).delete();
}
