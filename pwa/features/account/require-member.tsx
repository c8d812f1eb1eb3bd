import { useEffect, type ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { CurrentUser } from '../../../api/contract/auth';
import { isAdmin, useAuth } from '../auth/auth-provider';

/**
 * A page for signed-in members only (spec 000 §2 'Settings page'): nothing is decided until the first
 * current-user answer has come; a guest then goes to /, and with `refuseAdmins` an admin goes to /admin
 * with the toast 'Åtkomst nekad'. Signing out on the page (or a 401 anywhere) also leaves it.
 */
export function RequireMember({ children, refuseAdmins = false }: { children: (user: CurrentUser) => ReactNode; refuseAdmins?: boolean }) {
  const { status, user } = useAuth();
  if (status === 'loading') {
    return (
      <div className="min-h-[60vh]" aria-busy="true">
        <span className="sr-only">Laddar…</span>
      </div>
    );
  }
  if (!user) return <Navigate to="/" replace />;
  if (refuseAdmins && isAdmin(user)) return <AdminRefused />;
  return children(user);
}

function AdminRefused() {
  const navigate = useNavigate();
  useEffect(() => {
    // The id keeps React's double effects in development from showing it twice.
    toast.error('Åtkomst nekad', { id: 'settings-admin', description: 'Administratörer hanterar sitt lösenord hos identitetsleverantören.' });
    navigate('/admin', { replace: true });
  }, [navigate]);
  return null;
}
