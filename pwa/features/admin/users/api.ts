import { keepPreviousData } from '@tanstack/react-query';
import type { AdminUser, AdminUserCreate, AdminUserList, AdminUserUpdate } from '../../../../api/contract/admin-users';
import type { UserRole } from '../../../../api/contract/auth-rules';
import { apiRequest } from '../../../lib/api-client';
import { adminRawQueryOptions, useAdminMutation } from '../api/admin-query';

// The Users tab's calls (spec 001 §7): GET /api/users (list + stats), POST /api/users, PATCH /api/users/{id},
// POST /api/admin/users/{id}/verify and DELETE /api/admin/users/{id} (deactivation, never a hard delete).

/** The list's query key prefix: every write refetches all list variants. */
export const USERS_KEY = '/api/users';

/** The Users tab's filters: free-text search (username, e-mail, name) and an optional role. */
export interface UserFilters {
  q: string;
  role: UserRole | '';
}

/** GET /api/users?q=&role= as `{items, total, stats}`; the previous answer stays on screen while a new search loads. */
export function usersQueryOptions(
  filters: UserFilters,
): ReturnType<typeof adminRawQueryOptions<AdminUserList>> & { placeholderData: typeof keepPreviousData } {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.role) params.set('role', filters.role);
  const search = params.toString();
  const url = search ? `${USERS_KEY}?${search}` : USERS_KEY;
  return { ...adminRawQueryOptions<AdminUserList>(url, [USERS_KEY, { q, role: filters.role }]), placeholderData: keepPreviousData };
}

/** What the form saves: a new user (POST) or the changes of an existing one (PATCH). */
export type SaveUserInput = { mode: 'create'; body: AdminUserCreate } | { mode: 'edit'; id: string; body: AdminUserUpdate };

/**
 * Saves the user form: 'Användare skapad' / 'Användare uppdaterad'; a failure toasts 'Något gick fel. Försök
 * igen.' with the server's message under it (spec 001 §8). The caller shows the field messages.
 */
export function useSaveUser(onSaved: () => void) {
  return useAdminMutation<SaveUserInput, AdminUser>({
    request: (input) =>
      input.mode === 'create'
        ? apiRequest<AdminUser>('POST', USERS_KEY, input.body)
        : apiRequest<AdminUser>('PATCH', `${USERS_KEY}/${encodeURIComponent(input.id)}`, input.body),
    invalidates: [[USERS_KEY]],
    success: (_user, input) => (input.mode === 'create' ? 'Användare skapad' : 'Användare uppdaterad'),
    failure: { title: 'Något gick fel. Försök igen.', fallback: '' },
    onSuccess: onSaved,
  });
}

/** POST /api/admin/users/{id}/verify: 'Användare verifierad'; failure 'Verifiering misslyckades' (spec 001 §8). */
export function useVerifyUser() {
  return useAdminMutation<AdminUser, AdminUser>({
    request: (user) => apiRequest<AdminUser>('POST', `/api/admin/users/${encodeURIComponent(user.id)}/verify`),
    invalidates: [[USERS_KEY]],
    success: 'Användare verifierad',
    failure: { title: 'Verifiering misslyckades', fallback: 'Kunde inte verifiera användaren' },
  });
}

/** DELETE /api/admin/users/{id} deactivates: 'Användare borttagen'; failure 'Borttagning misslyckades' (spec 001 §8). */
export function useDeactivateUser(onDone: () => void) {
  return useAdminMutation<AdminUser, null>({
    request: (user) => apiRequest<null>('DELETE', `/api/admin/users/${encodeURIComponent(user.id)}`),
    invalidates: [[USERS_KEY]],
    success: 'Användare borttagen',
    failure: { title: 'Borttagning misslyckades', fallback: 'Kunde inte ta bort användaren. Försök igen.' },
    onSuccess: onDone,
  });
}
