import type { CurrentUser } from '../contract/auth';
import type { AuthType, UserRole } from '../contract/auth-rules';

/** A row of `users` (snake_case). `password_hash` is here so that presenters can be seen to leave it out. */
export interface DbUserRow {
  id: string;
  username: string;
  email: string;
  password_hash: string | null;
  first_name: string | null;
  last_name: string | null;
  role: UserRole;
  is_active: boolean;
  is_verified: boolean;
  /** rateLimitKey of the IP that registered the account, until its e-mail is verified (api/lib/rate-limits.ts). */
  registered_ip_key?: string | null;
  auth_type: AuthType;
  created_at: Date;
  updated_at: Date;
  password_changed_at: Date | null;
  last_login_at: Date | null;
  session_version: number;
}

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
