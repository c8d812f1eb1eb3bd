import type { ReactNode } from 'react';
import type { CurrentUser } from '../../api/contract/auth';
import { loadAuthDialog } from '../features/auth/load-auth-dialog';
import { AuthProvider } from '../lib/auth/auth-provider';

// Loaded only for partners, so visitors never download the outbox.
const partnerOutbox = () => import('../features/partner/outbox/runtime');

/** App start for a partner: the outbox sends what this partner queued on the device, from any page. */
function startSession(user: CurrentUser): void {
  if (user.role !== 'partner') return;
  // A fresh current-user answer means a valid session: a queue blocked by a 401 may go again.
  partnerOutbox().then(
    (m) => m.outboxSignedIn(user.id),
    () => {},
  );
}

/** On logout a partner's queued changes stay on the device but are no longer sent. */
async function endSession(user: CurrentUser): Promise<void> {
  if (user.role !== 'partner') return;
  await partnerOutbox().then((m) => m.outboxSignedOut());
}

/**
 * AuthProvider (pwa/lib/auth/auth-provider.tsx) with what the app plugs in: the login/register dialog of
 * pwa/features/auth, and the partner's outbox, which starts with a partner's session and stops at logout.
 */
export function AppAuthProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider loadDialog={loadAuthDialog} onSession={startSession} onLogout={endSession}>
      {children}
    </AuthProvider>
  );
}
