import { z } from 'zod';

/**
 * Paging of every list endpoint (spec 000 §7: lists answer `{items, total, limit, offset}`): the `limit` and `offset`
 * query parameters (strings in the URL, coerced to whole numbers, with defaults) and the page answer.
 */

/**
 * `limit`: a whole number from 1 to `max`, `fallback` when absent. Its messages name the field ('limit måste vara
 * minst 1'), or are all `message` when one is given (the admin users and newsletter lists: 'Ogiltig sidindelning.').
 */
export function pageLimit(max: number, fallback: number, message?: string) {
  return z.coerce
    .number({ message: message ?? 'limit måste vara ett heltal' })
    .int({ message: message ?? 'limit måste vara ett heltal' })
    .min(1, { message: message ?? 'limit måste vara minst 1' })
    .max(max, { message: message ?? `limit får vara högst ${max}` })
    .default(fallback);
}

/** `offset`: how many items to skip, a whole number from 0 to `max`, 0 when absent; messages as pageLimit's. */
export function pageOffset(max: number, message?: string) {
  return z.coerce
    .number({ message: message ?? 'offset måste vara ett heltal' })
    .int({ message: message ?? 'offset måste vara ett heltal' })
    .min(0, { message: message ?? 'offset får inte vara negativt' })
    .max(max, message === undefined ? undefined : { message })
    .default(0);
}

/** The fields of a page answer: `items`, `total` (all matching items, every page) and the `limit`/`offset` used. */
export function pageOf<T extends z.ZodType>(item: T) {
  return { items: z.array(item), total: z.number().int().min(0), limit: z.number().int(), offset: z.number().int() };
}
