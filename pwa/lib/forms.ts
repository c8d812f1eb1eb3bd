import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { AUTH_MESSAGES } from '../../api/contract/auth-rules';
import { ApiError } from './api-client';
import { errorDetails } from './error-text';

/**
 * Puts the server's field messages onto a react-hook-form form: each `{path, message}` of the API's error
 * details (path 'body.email' or 'email', see pwa/lib/error-text.ts) whose field is one of `fields` becomes
 * that field's error (the first message per field wins). The first field with a message, in `fields` order,
 * gets the focus. Returns the fields that got a message ([] for any other error, e.g. a network failure).
 */
export function setServerFieldErrors<T extends FieldValues>(err: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): Path<T>[] {
  if (!(err instanceof ApiError)) return [];
  const messages = new Map<Path<T>, string>();
  for (const d of errorDetails(err)) {
    const field = d.path.replace(/^body\./, '').split('.')[0] as Path<T>;
    if (fields.includes(field) && !messages.has(field)) messages.set(field, d.message);
  }
  const set = fields.filter((f) => messages.has(f));
  set.forEach((field, i) => setError(field, { type: 'server', message: messages.get(field) }, { shouldFocus: i === 0 }));
  return set;
}

/**
 * An e-mail field as the sign-in and reset forms check it before sending (spec 000 §5, spec 001 §5): non-empty
 * after trimming (`message` otherwise, by default 'E-postadress krävs'); the value is trimmed. Its format is left
 * to the server, whose answer names the problem.
 */
export const filledEmail = (message: string = AUTH_MESSAGES.emailRequired) => z.string().trim().min(1, { message });
