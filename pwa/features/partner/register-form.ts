import { AUTH_MESSAGES } from '../../../api/contract/auth-rules';
import type { PartnerRegisterBody } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M, PARTNER_PASSWORD_MIN_LENGTH } from '../../../api/contract/partner-rules';
import { ApiError } from '../../lib/api-client';
import { errorDetails } from '../../lib/error-text';

// The partner registration form's rules (spec 001 §3 'Registration payload', §5, §8), mirroring the server's
// PartnerRegisterBody so that a reader learns about a mistake before anything is sent.

export type RegisterField = keyof PartnerRegisterBody;
export type RegisterValues = Record<RegisterField, string>;
export type RegisterErrors = Partial<Record<RegisterField, string>>;

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

export const EMPTY_REGISTRATION: RegisterValues = Object.fromEntries(REGISTER_FIELDS.map((f) => [f, ''])) as RegisterValues;

// The server's e-mail check is zod's; this one only catches what is plainly not an address.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The client checks of spec 001 §5: every field but phone required, a plausible e-mail, a password of at least
 * 8 characters ('Lösenordet måste vara minst 8 tecken långt'), and a confirmation equal to it ('Kontrollera att
 * båda lösenorden är identiska', on the confirmation field).
 */
export function validateRegistration(v: RegisterValues): RegisterErrors {
  const errors: RegisterErrors = {};
  if (!v.companyName.trim()) errors.companyName = M.companyNameRequired;
  if (!v.contactName.trim()) errors.contactName = M.contactNameRequired;
  if (!v.firstName.trim()) errors.firstName = M.firstNameRequired;
  if (!v.lastName.trim()) errors.lastName = M.lastNameRequired;
  if (!v.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  else if (!EMAIL_SHAPE.test(v.email.trim())) errors.email = AUTH_MESSAGES.emailInvalid;
  if (!v.username.trim()) errors.username = AUTH_MESSAGES.usernameRequired;
  if (v.password.length < PARTNER_PASSWORD_MIN_LENGTH) errors.password = M.passwordTooShort;
  if (!v.confirmPassword) errors.confirmPassword = M.confirmPasswordRequired;
  else if (v.password !== v.confirmPassword) errors.confirmPassword = M.passwordsDontMatch;
  return errors;
}

/** The toast a failed check shows (spec 001 §5): the password rules have their own title and text. */
export function validationToast(errors: RegisterErrors): { title: string; description: string } | null {
  if (errors.password === M.passwordTooShort) return { title: M.passwordTooShortTitle, description: M.passwordTooShort };
  if (errors.confirmPassword === M.passwordsDontMatch) return { title: M.passwordsDontMatchTitle, description: M.passwordsDontMatch };
  return null;
}

/** True when a failed registration means the e-mail or username is taken (spec 001 §8: 'Email already registered' or 'already exists'). */
export function isDuplicateAccount(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  const text = `${err.serverMessage ?? ''} ${err.message}`;
  return text.includes(M.emailAlreadyRegistered) || text.includes('already exists');
}

/** The server's field messages ({details: [{path: 'body.email', message}]}) by field. */
export function serverRegisterErrors(err: unknown): RegisterErrors {
  if (!(err instanceof ApiError)) return {};
  const errors: RegisterErrors = {};
  for (const d of errorDetails(err)) {
    const field = d.path.split('.').pop() as RegisterField;
    if (REGISTER_FIELDS.includes(field)) errors[field] ??= d.message;
  }
  return errors;
}
