import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { CurrentUser } from '../../../api/contract/auth';
import { isAdmin, useAuth } from '../../lib/auth/auth-provider';
import type { PanelRole } from './admin-tabs';

/** Milliseconds before a signed-out visitor is sent to /admin-login (spec 001 §9). */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/** The user's role in the admin panel: 'admin' (role admin or an identity-provider account), 'moderator', or null. */
export function panelRole(user: Pick<CurrentUser, 'role' | 'authType'>): PanelRole | null {
  if (isAdmin(user)) return 'admin';
  return user.role === 'moderator' ? 'moderator' : null;
}

/**
 * The guard of /admin and /admin-new (spec 001 §2 'Admin panel'): nothing is
 * decided until the first current-user answer; a signed-out visitor gets the destructive toast
 * 'Unauthorized / You are logged out. Logging in again...' and goes to /admin-login after 500 ms; a signed-in
 * user who may not enter gets 'Åtkomst nekad' and goes to the start page (the server refuses them the admin
 * API anyway). After a logout the user chose ('Logga ut': 'Du är utloggad.' and its own redirect) the guard
 * stays silent: no 'Unauthorized'. Admins get `children(user, 'admin')`; with `allowModerators` (the panel at /admin, where they
 * decide pending reviews) moderators get `children(user, 'moderator')` too.
 */
export function AdminGuard({
  children,
  allowModerators = false,
}: {
  children: (user: CurrentUser, role: PanelRole) => ReactNode;
  allowModerators?: boolean;
}) {
  const { status, user, loggedOutByChoice } = useAuth();
  if (status === 'loading') return <Busy />;
  if (!user) return loggedOutByChoice ? <Busy /> : <LoggedOut />;
  const role = panelRole(user);
  if (role === 'admin' || (role === 'moderator' && allowModerators)) return <>{children(user, role)}</>;
  return (
    <NotAllowed text={allowModerators ? 'Adminpanelen är bara för administratörer och moderatorer.' : 'Adminpanelen är bara för administratörer.'} />
  );
}

function Busy() {
  return (
    <div className="min-h-dvh" aria-busy="true">
      <span className="sr-only">Laddar…</span>
    </div>
  );
}

function LoggedOut() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error('Unauthorized', { id: 'admin-unauthorized', description: 'You are logged out. Logging in again...' });
    const timer = window.setTimeout(() => navigate('/admin-login', { replace: true }), UNAUTHORIZED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return <Busy />;
}

function NotAllowed({ text }: { text: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error('Åtkomst nekad', { id: 'admin-refused', description: text });
    navigate('/', { replace: true });
  }, [navigate, text]);
  return null;
}
