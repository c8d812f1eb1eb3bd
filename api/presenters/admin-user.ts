import type { AdminUser } from '../contract/admin-users';
import type { DbUserRow } from '../queries/users';
import { presentCurrentUser } from './user';

/**
 * A user as the admin panel sees it (spec 001 §3 'Admin-managed user'): the signed-in user's own allow-list
 * (presentCurrentUser: id, username, email, names, role, isActive, isVerified, authType, createdAt) plus
 * lastLoginAt. Never the password hash, the session version or the password-change time.
 */
export function presentAdminUser(row: DbUserRow): AdminUser {
  return {
    ...presentCurrentUser(row),
    lastLoginAt: row.last_login_at ? row.last_login_at.toISOString() : null,
  };
}
