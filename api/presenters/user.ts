import type { CurrentUser } from '../contract/auth';
import type { DbUserRow } from '../queries/users';

/** The signed-in user's own view (spec 000 §3 'Current user'): an explicit allow-list, never the hash. */
export function presentCurrentUser(row: DbUserRow): CurrentUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    isActive: row.is_active,
    isVerified: row.is_verified,
    authType: row.auth_type,
    createdAt: row.created_at.toISOString(),
  };
}
