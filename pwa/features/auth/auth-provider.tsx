import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { CurrentUser } from '../../../api/contract/auth';
import { AUTH_401_EVENT } from '../../lib/api-client';
import { CURRENT_USER_KEY, currentUserQueryOptions, postLogout } from '../../lib/api/session';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';
export type AuthDialogView = 'login' | 'register' | 'forgot';
export interface AuthDialogOptions {
  /** Runs once the visitor has signed in or registered through the dialog (e.g. to open the review dialog). */
  onSignedIn?: (user: CurrentUser) => void;
}

export interface AuthContextValue {
  status: AuthStatus;
  user: CurrentUser | null;
  /** Asks the server again who is signed in. */
  refresh: () => Promise<void>;
  /** Signs out (a failing call is ignored), clears the user and leaves for the start page (admins: /admin-login). */
  logout: () => Promise<void>;
  /** Opens the login/register dialog; when someone is already signed in, runs onSignedIn at once instead. */
  openAuthDialog: (view?: AuthDialogView, opts?: AuthDialogOptions) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

type AuthDialogModule = typeof import('./account-ui');
let dialogModule: Promise<AuthDialogModule> | undefined;

/**
 * The dialog's code (and Headless UI with it) is fetched when first wanted, never with the start page.
 * Not React.lazy: a failed download (offline before the service worker has it) must be retryable.
 */
function loadAuthDialog(): Promise<AuthDialogModule> {
  dialogModule ??= import('./account-ui').catch((err: unknown) => {
    dialogModule = undefined;
    throw err;
  });
  return dialogModule;
}

/** Starts fetching the dialog's code early, e.g. when the pointer reaches 'Logga in'. */
export function preloadAuthDialog(): void {
  loadAuthDialog().catch(() => {});
}

/** Admins sign in through the identity provider, so they have no settings page and no 'Inställningar' (spec 000 §2, §6). */
export function isAdmin(user: Pick<CurrentUser, 'role' | 'authType'>): boolean {
  return user.role === 'admin' || user.authType === 'admin';
}

/**
 * The authentication state of spec 000 §4: 'loading' until the first current-user answer, then
 * 'authenticated' with the user or 'unauthenticated'. A 5xx or network failure that outlasts the retries
 * counts as signed out; so does the global `auth:401` event, raised by any call the server answered with 401.
 * Also owns the login/register dialog, so any screen can open it. Must sit inside the router (logout
 * navigates) and the QueryClientProvider.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(currentUserQueryOptions());
  const user = query.isError ? null : (query.data ?? null);
  const status: AuthStatus = query.isPending ? 'loading' : user ? 'authenticated' : 'unauthenticated';

  // App start for a partner: the outbox sends what this partner queued on the device, from any page. Loaded
  // only for partners, so visitors never download it.
  const partnerId = user?.role === 'partner' ? user.id : undefined;
  useEffect(() => {
    if (!partnerId) return;
    import('../../lib/outbox/runtime').then(
      // A fresh current-user answer means a valid session: a queue blocked by a 401 may go again.
      (m) => m.outboxSignedIn(partnerId),
      () => {},
    );
  }, [partnerId]);

  useEffect(() => {
    const handleUnauthorized = () => queryClient.setQueryData(CURRENT_USER_KEY, null);
    window.addEventListener(AUTH_401_EVENT, handleUnauthorized);
    return () => window.removeEventListener(AUTH_401_EVENT, handleUnauthorized);
  }, [queryClient]);

  const [dialog, setDialog] = useState<{ open: boolean; view: AuthDialogView; session: number } & AuthDialogOptions>();
  const [DialogComponent, setDialogComponent] = useState<AuthDialogModule['AuthDialog']>();

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }), [queryClient]);

  const logout = useCallback(async () => {
    const toAdminLogin = user?.authType === 'admin';
    try {
      await postLogout();
    } catch {
      // Spec 000 §7/§8: a failed logout is ignored; the user is cleared and redirected anyway.
    }
    // A partner's queued changes stay on the device but are no longer sent.
    if (user?.role === 'partner') await import('../../lib/outbox/runtime').then((m) => m.outboxSignedOut()).catch(() => {});
    // A re-check still under way must not bring the user back.
    await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    // AUTH_MESSAGES.loggedOut, written out: that object would bring every account message into the first download.
    toast('Du är utloggad.', { id: 'auth-logout' });
    // Spec 000 §4 sends everyone to /admin-login; only identity-provider admins have any business there.
    navigate(toAdminLogin ? '/admin-login' : '/');
  }, [navigate, queryClient, user]);

  const openAuthDialog = useCallback(
    (view: AuthDialogView = 'login', opts: AuthDialogOptions = {}) => {
      if (user) {
        opts.onSignedIn?.(user);
        return;
      }
      loadAuthDialog().then(
        (m) => {
          setDialogComponent(() => m.AuthDialog);
          setDialog((d) => ({ open: true, view, session: (d?.session ?? 0) + 1, onSignedIn: opts.onSignedIn }));
        },
        () => toast.error('Inloggningen kunde inte öppnas', { description: 'Kontrollera din anslutning och försök igen.' }),
      );
    },
    [user],
  );

  const value = useMemo<AuthContextValue>(() => ({ status, user, refresh, logout, openAuthDialog }), [status, user, refresh, logout, openAuthDialog]);

  return (
    <AuthContext.Provider value={value}>
      {children}
      {/* Mounted from the first opening on, so that it can also animate closed. */}
      {dialog && DialogComponent && (
        <DialogComponent
          open={dialog.open}
          initialView={dialog.view}
          session={dialog.session}
          onClose={() => setDialog((d) => d && { ...d, open: false })}
          onSignedIn={dialog.onSignedIn}
        />
      )}
    </AuthContext.Provider>
  );
}

/** The authentication state and actions; throws outside AuthProvider. */
export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}
