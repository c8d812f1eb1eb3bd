import type { HttpError } from './http-errors';

/** The fields of a Postgres error (node-postgres' DatabaseError) the API looks at. */
export interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** SQLSTATE unique_violation: a UNIQUE constraint or index refused the row. */
export const PG_UNIQUE_VIOLATION = '23505';
/** SQLSTATE foreign_key_violation: the row names something missing, or something still uses it. */
export const PG_FOREIGN_KEY_VIOLATION = '23503';

const pgError = (err: unknown): PgError => (typeof err === 'object' && err !== null ? (err as PgError) : {});

/** True when `err` is a unique violation — of `constraint` when one is named, else of any. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e.code === PG_UNIQUE_VIOLATION && (constraint === undefined || e.constraint === constraint);
}

/** True when `err` is a foreign key violation. */
export function isForeignKeyViolation(err: unknown): boolean {
  return pgError(err).code === PG_FOREIGN_KEY_VIOLATION;
}

/**
 * Runs `write`; a unique violation becomes the API's own answer: `conflicts` maps a constraint name to the error
 * to throw (violations of other constraints are rethrown as they are, for the error middleware's generic 409), or,
 * as a function, answers any unique violation. The race it closes: another request took the name or the slot
 * between our check and the insert (api/middlewares/errors.ts maps an unhandled one to 409 'conflict').
 */
export async function onUniqueViolation<T>(
  write: () => Promise<T>,
  conflicts: Readonly<Record<string, () => HttpError>> | (() => HttpError),
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (typeof conflicts === 'function') throw conflicts();
    const answer = conflicts[pgError(err).constraint ?? ''];
    throw answer ? answer() : err;
  }
}
