import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { PartnerRegisterBody } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { ApiError } from '../../lib/api-client';

// The partner registration form's rules (spec 001 §3 'Registration payload', §5, §8): the server's own
// PartnerRegisterBody, so that a reader learns about a mistake before anything is sent.

/**
 * The form's schema: PartnerRegisterBody's checks of spec 001 §5 (every field but phone required, a valid e-mail, a
 * password of at least 8 characters, 'Lösenordet måste vara minst 8 tecken långt', and a confirmation equal to it,
 * 'Kontrollera att båda lösenorden är identiska', on the confirmation field). The phone is only trimmed ('' → null):
 * its format is the server's to judge, and its answer lands on the field.
 */
export const RegisterFormSchema = PartnerRegisterBody.safeExtend({
  phone: z
    .string()
    .trim()
    .transform((v) => v || null),
});
export type RegisterValues = z.input<typeof RegisterFormSchema>;
export type RegisterField = keyof RegisterValues;

/** The fields in the order the form shows them (the first with a problem gets the focus). */
export const REGISTER_FIELDS: readonly RegisterField[] = [
  'companyName',
  'contactName',
  'phone',
  'firstName',
  'lastName',
  'email',
  'username',
  'password',
  'confirmPassword',
];

export const EMPTY_REGISTRATION = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, ''])) as Record<RegisterField, string>;

/** The toast a failed check shows (spec 001 §5): the password rules have their own title and text. */
export function validationToast(errors: FieldErrors<RegisterValues>): { title: string; description: string } | null {
  if (errors.password?.message === M.passwordTooShort) return { title: M.passwordTooShortTitle, description: M.passwordTooShort };
  if (errors.confirmPassword?.message === M.passwordsDontMatch) return { title: M.passwordsDontMatchTitle, description: M.passwordsDontMatch };
  return null;
}

/** True when a failed registration means the e-mail or username is taken (spec 001 §8: 'Email already registered' or 'already exists'). */
export function isDuplicateAccount(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const text = `${err.serverMessage ?? ''} ${err.message}`;
  return text.includes(M.emailAlreadyRegistered) || text.includes('already exists');
}
