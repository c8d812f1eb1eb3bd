import { z } from 'zod';
import {
  AUTH_MESSAGES as M,
  AUTH_TYPES,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USER_ROLES,
} from './auth-rules';

// Request and response shapes of the account endpoints (spec 000 §7; 001 §3 'Change-password payload').

const Email = z
  .string({ message: M.emailRequired })
  .trim()
  .min(1, { message: M.emailRequired })
  .max(EMAIL_MAX_LENGTH, { message: M.emailInvalid })
  .pipe(z.email({ message: M.emailInvalid }));

/** A new password: 6–256 characters, kept exactly as typed (no trimming). */
const NewPassword = (tooShort: string) =>
  z.string({ message: tooShort }).min(PASSWORD_MIN_LENGTH, { message: tooShort }).max(PASSWORD_MAX_LENGTH, { message: M.passwordTooLong });

/** Optional first/last name: '' and whitespace mean "not given" (stored as null). */
const OptionalName = z
  .string()
  .trim()
  .max(NAME_MAX_LENGTH, { message: M.nameTooLong })
  .nullish()
  .transform((v) => (v ? v : null));

/** The signed-in user (spec 000 §3 'Current user'). Never carries the password hash. */
export const CurrentUser = z
  .object({
    id: z.uuid(),
    username: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: z.enum(USER_ROLES),
    isActive: z.boolean(),
    isVerified: z.boolean(),
    authType: z.enum(AUTH_TYPES),
    createdAt: z.string(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

/** POST /api/auth/login {email, password}: both non-empty after trimming (spec 000 §5). */
export const LoginBody = z
  .object({
    email: Email,
    password: z
      .string({ message: M.passwordRequired })
      .max(PASSWORD_MAX_LENGTH, { message: M.passwordTooLong })
      .refine((p) => p.trim().length > 0, { message: M.passwordRequired }),
  })
  .meta({ id: 'LoginBody' });
export type LoginBody = z.infer<typeof LoginBody>;

/** POST /api/auth/register {username, email, password, firstName, lastName}; names optional (spec 000 §2, §5). */
export const RegisterBody = z
  .object({
    username: z
      .string({ message: M.usernameRequired })
      .trim()
      .min(1, { message: M.usernameRequired })
      .max(USERNAME_MAX_LENGTH, { message: M.usernameTooLong }),
    email: Email,
    password: NewPassword(M.passwordTooShort),
    firstName: OptionalName,
    lastName: OptionalName,
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.input<typeof RegisterBody>;

/** POST /api/auth/reset-password {email}. */
export const ResetPasswordBody = z.object({ email: Email }).meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.infer<typeof ResetPasswordBody>;

/** POST /api/auth/reset-password-confirm {token, newPassword} (spec 000 §5 'Reset page'). */
export const ResetPasswordConfirmBody = z
  .object({
    token: z.string({ message: M.tokenRequired }).trim().min(1, { message: M.tokenRequired }).max(200, { message: M.resetTokenInvalid }),
    newPassword: NewPassword(M.passwordTooShort),
  })
  .meta({ id: 'ResetPasswordConfirmBody' });
export type ResetPasswordConfirmBody = z.infer<typeof ResetPasswordConfirmBody>;

/**
 * POST /api/user/change-password and /api/partner/change-password (spec 000 §5 'Change password'):
 * the mismatch is reported on confirmNewPassword.
 */
export const ChangePasswordBody = z
  .object({
    currentPassword: z
      .string({ message: M.currentPasswordRequired })
      .min(1, { message: M.currentPasswordRequired })
      .max(PASSWORD_MAX_LENGTH, { message: M.passwordTooLong }),
    newPassword: NewPassword(M.newPasswordTooShort),
    confirmNewPassword: z.string({ message: M.confirmNewPasswordRequired }).min(1, { message: M.confirmNewPasswordRequired }),
  })
  .refine((b) => b.newPassword === b.confirmNewPassword, { message: M.newPasswordsDontMatch, path: ['confirmNewPassword'] })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/** A plain acknowledgement with a Swedish message. */
export const MessageResult = z.object({ message: z.string() }).meta({ id: 'MessageResult' });
export type MessageResult = z.infer<typeof MessageResult>;

/** Answer of change-password: sessionInvalidated is true when other sessions of the user were ended. */
export const ChangePasswordResult = z.object({ message: z.string(), sessionInvalidated: z.boolean() }).meta({ id: 'ChangePasswordResult' });
export type ChangePasswordResult = z.infer<typeof ChangePasswordResult>;
