import { z } from 'zod';
import { CurrentUser } from './auth';
import { pageLimit, pageOffset } from './paging';
import {
  AUTH_MESSAGES,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USER_ROLES,
} from './auth-rules';

/**
 * The admin panel's Users tab (spec 001 §2 'Users tab', §3 'Admin-managed user', §5 'Admin user form', §7):
 * GET/POST /api/users, GET/PATCH /api/users/{id}, POST /api/admin/users/{id}/verify and
 * DELETE /api/admin/users/{id} (deactivation: users are never deleted).
 */

/** The Users tab's Swedish messages (server answers; the toasts themselves are the PWA's, spec 001 §8). */
export const ADMIN_USER_MESSAGES = {
  notFound: 'Användaren finns inte.',
  usernameTaken: AUTH_MESSAGES.usernameTaken,
  emailTaken: AUTH_MESSAGES.emailTaken,
  usernameRequired: AUTH_MESSAGES.usernameRequired,
  usernameTooLong: AUTH_MESSAGES.usernameTooLong,
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  nameTooLong: AUTH_MESSAGES.nameTooLong,
  passwordRequired: AUTH_MESSAGES.passwordRequired,
  passwordTooShort: AUTH_MESSAGES.passwordTooShort,
  passwordTooLong: AUTH_MESSAGES.passwordTooLong,
  roleInvalid: 'Välj en roll: Användare, Partner, Moderator eller Administratör.',
  flagInvalid: 'Värdet måste vara sant eller falskt.',
  cannotDeactivateSelf: 'Du kan inte inaktivera ditt eget konto.',
  cannotDemoteSelf: 'Du kan inte ta bort din egen administratörsroll.',
  lastAdmin: 'Det måste finnas minst en aktiv administratör.',
  identityProviderHasNoPassword: 'Administratören loggar in via identitetsleverantören och har inget lösenord här.',
  searchTooLong: 'Sökningen får vara högst 200 tecken.',
  filterInvalid: "Filtret måste vara 'true' eller 'false'.",
  pageInvalid: 'Ogiltig sidindelning.',
  invalidId: 'Ogiltigt id',
} as const;
const M = ADMIN_USER_MESSAGES;

/** Longest search text, in characters. */
export const ADMIN_SEARCH_MAX_LENGTH = 200;
/** Default and largest page of GET /api/users (the tab lists every user; the limit keeps one answer bounded). */
export const ADMIN_USER_PAGE_MAX = 1000;

const Email = z
  .string({ message: M.emailRequired })
  .trim()
  .min(1, { message: M.emailRequired })
  .max(EMAIL_MAX_LENGTH, { message: M.emailInvalid })
  .pipe(z.email({ message: M.emailInvalid }));

const Username = z
  .string({ message: M.usernameRequired })
  .trim()
  .min(1, { message: M.usernameRequired })
  .max(USERNAME_MAX_LENGTH, { message: M.usernameTooLong });

/** First/last name: '' and whitespace mean "none" (stored as null). */
const Name = z
  .string({ message: M.nameTooLong })
  .trim()
  .max(NAME_MAX_LENGTH, { message: M.nameTooLong })
  .nullish()
  .transform((v) => (v ? v : null));

/** A name in PATCH: missing = unchanged; null, '' or whitespace = cleared. */
const PatchName = z
  .string({ message: M.nameTooLong })
  .trim()
  .max(NAME_MAX_LENGTH, { message: M.nameTooLong })
  .nullable()
  .transform((v) => (v ? v : null))
  .optional();

const Role = z.enum(USER_ROLES, { message: M.roleInvalid });
const Flag = z.boolean({ message: M.flagInvalid });

/** A password as typed (never trimmed): 6–256 characters (spec 000 §9: minimum 6). */
const Password = z
  .string({ message: M.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { message: M.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { message: M.passwordTooLong });

/** One user as the admin sees it (spec 001 §3 'Admin-managed user'). Never carries the password hash. */
export const AdminUser = CurrentUser.extend({
  lastLoginAt: z.string().nullable().meta({ description: 'ISO 8601; null when never signed in' }),
}).meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof AdminUser>;

/** The Users tab's stats cards: counts over ALL users, whatever the list's filters. */
export const AdminUserStats = z
  .object({
    total: z.number().int(),
    active: z.number().int(),
    verified: z.number().int(),
    byRole: z.object({ user: z.number().int(), partner: z.number().int(), moderator: z.number().int(), admin: z.number().int() }),
  })
  .meta({ id: 'AdminUserStats' });
export type AdminUserStats = z.infer<typeof AdminUserStats>;

/** Answer of GET /api/users: one page of the matching users (newest first), how many match, and the stats. */
export const AdminUserList = z
  .object({
    items: z.array(AdminUser),
    total: z.number().int().meta({ description: 'Users matching the filters (all pages)' }),
    stats: AdminUserStats,
  })
  .meta({ id: 'AdminUserList' });
export type AdminUserList = z.infer<typeof AdminUserList>;

/** A query-string boolean: exactly 'true' or 'false'. */
export const QueryFlag = z.enum(['true', 'false'], { message: M.filterInvalid }).transform((v) => v === 'true');

/** Query of GET /api/users. Filters combine. */
export const AdminUserListQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(ADMIN_SEARCH_MAX_LENGTH, { message: M.searchTooLong })
      .optional()
      .meta({ description: 'Matches username, e-mail, first name, last name or full name (case-insensitive, part of the text)' }),
    role: Role.optional(),
    isActive: QueryFlag.optional().meta({ description: "'true' or 'false'" }),
    limit: pageLimit(ADMIN_USER_PAGE_MAX, ADMIN_USER_PAGE_MAX, M.pageInvalid).meta({
      description: `1–${ADMIN_USER_PAGE_MAX}, default ${ADMIN_USER_PAGE_MAX}`,
    }),
    offset: pageOffset(1_000_000_000, M.pageInvalid).meta({ description: 'Users to skip (newest first); default 0' }),
  })
  .strict();
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

/**
 * POST /api/users body (spec 001 §5 'Admin user form'): username and e-mail required (unique regardless of
 * letter case), password required (6–256), names optional, role one of user/partner/moderator/admin
 * (default user), isActive (default true), isVerified (default false).
 */
export const AdminUserCreate = z
  .object({
    username: Username,
    email: Email,
    firstName: Name,
    lastName: Name,
    password: Password,
    role: Role.default('user'),
    isActive: Flag.default(true),
    isVerified: Flag.default(false),
  })
  .strict()
  .meta({ id: 'AdminUserCreate' });
export type AdminUserCreate = z.input<typeof AdminUserCreate>;

/**
 * PATCH /api/users/{id} body: the create form's fields, all optional. A password that is missing, null, or
 * blank (only whitespace) leaves the password unchanged (spec 001 §5: blank on edit is omitted); a new one
 * ends every session of the user. A name sent as null or '' is cleared.
 */
export const AdminUserUpdate = z
  .object({
    username: Username.optional(),
    email: Email.optional(),
    firstName: PatchName,
    lastName: PatchName,
    password: z
      .string({ message: M.passwordTooShort })
      .max(PASSWORD_MAX_LENGTH, { message: M.passwordTooLong })
      .refine((p) => p.trim() === '' || p.length >= PASSWORD_MIN_LENGTH, { message: M.passwordTooShort })
      .transform((p) => (p.trim() === '' ? undefined : p))
      .nullish()
      .meta({ description: 'Missing, null or blank: unchanged. Otherwise 6–256 characters, as typed' }),
    role: Role.optional(),
    isActive: Flag.optional(),
    isVerified: Flag.optional(),
  })
  .strict()
  .meta({ id: 'AdminUserUpdate' });
export type AdminUserUpdate = z.input<typeof AdminUserUpdate>;

/** The {id} of the user routes. */
export const AdminUserParams = z.object({ id: z.uuid({ message: M.invalidId }) });
