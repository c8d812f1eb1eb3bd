import { expect } from 'vitest';
import { ErrorBody } from '../contract/errors';

/**
 * Asserts that `body` is the one JSON error shape (README 'The error shape': `{error: {code, message, details?,
 * requestId?}}`, nothing else) and returns its `error`.
 */
export function expectError(body: unknown) {
  const parsed = ErrorBody.strict().safeParse(body);
  expect(parsed.success, JSON.stringify(body)).toBe(true);
  return parsed.data!.error;
}
