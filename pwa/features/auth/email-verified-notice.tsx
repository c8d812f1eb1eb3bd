import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { AUTH_MESSAGES } from '../../../api/contract/auth-rules';
import { useAuth } from './auth-provider';

/**
 * Where the member's verification link lands (GET /api/auth/verify redirects to ?epost=bekraftad or ?epost=ogiltig;
 * README 'Accounts and sessions'): says how it went in a toast, reads the signed-in user again (now confirmed), and
 * takes the parameter out of the address so a reload or a shared link doesn't say it again. Renders nothing.
 */
export function EmailVerifiedNotice() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('epost');
  const { status, refresh } = useAuth();
  useEffect(() => {
    // After the first current-user answer: a re-read asked for while that one is under way would be merged into it.
    if ((outcome !== 'bekraftad' && outcome !== 'ogiltig') || status === 'loading') return;
    if (outcome === 'bekraftad') {
      toast.success(AUTH_MESSAGES.emailVerified, { id: 'email-verified' });
      void refresh();
    } else {
      toast.error(AUTH_MESSAGES.emailVerifyFailed, { id: 'email-verified' });
    }
    const next = new URLSearchParams(params);
    next.delete('epost');
    setParams(next, { replace: true });
  }, [outcome, params, setParams, status, refresh]);
  return null;
}
