import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { CurrentUser } from '../../../api/contract/auth';
import { isAdmin, useAuth } from '../auth/auth-provider';

/** Milliseconds before a signed-out visitor is sent to /admin-login (spec 001 §9). */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/**
 * The guard of /admin and /admin-new (spec 001 §2 'Admin panel'): nothing is
 * decided until the first current-user answer; a signed-out visitor gets the destructive toast
 * 'Unauthorized / You are logged out. Logging in again...' and goes to /admin-login after 500 ms; a signed-in
 * user who is not an admin gets 'Åtkomst nekad' and goes to the start page (the server refuses them the admin
 * API anyway). Admins get `children(user)`.
 */
export function AdminGuard({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { status, user } = useAuth();
  if (status === 'loading') return <Busy />;
  if (!user) return <LoggedOut />;
  if (!isAdmin(user)) return <NotAnAdmin />;
  return <>{children(user)}</>;
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

function NotAnAdmin() {
  const navigate = useNavigate();
  useEffect(() => {
    toast.error('Åtkomst nekad', { id: 'admin-refused', description: 'Adminpanelen är bara för administratörer.' });
    navigate('/', { replace: true });
  }, [navigate]);
  return null;
}
