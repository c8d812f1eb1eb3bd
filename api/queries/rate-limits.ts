import type { Knex } from 'knex';

/**
 * Deletes expired counters of the `rate_limits` table that rate-limiter-flexible keeps (api/lib/rate-limits.ts;
 * `expire` is ms since epoch). Hourly maintenance. @returns how many
 */
export async function purgeExpiredRateLimits(db: Knex): Promise<number> {
  return db('rate_limits').where('expire', '<', Date.now()).delete();
}
