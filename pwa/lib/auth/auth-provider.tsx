import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { CurrentUser } from '../../../api/contract/auth';
import { AUTH_401_EVENT } from '../api-client';
import { CURRENT_USER_KEY, currentUserQueryOptions, postLogout } from '../api/session';

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
  /**
   * True from a logout the user chose until someone signs in again: screens that guard a sign-in (the admin
   * panel) then say nothing, since 'Du är utloggad.' already did, instead of 'Unauthorized' (a lost session).
   */
  loggedOutByChoice: boolean;
  /** Opens the login/register dialog; when someone is already signed in, runs onSignedIn at once instead. */
  openAuthDialog: (view?: AuthDialogView, opts?: AuthDialogOptions) => void;
}

/** The props the login/register dialog takes (pwa/features/auth/auth-dialog.tsx). */
export interface AuthDialogProps {
  open: boolean;
  initialView: AuthDialogView;
  /** Grows with every opening, so the dialog starts fresh each time. */
  session: number;
  onClose: () => void;
  onSignedIn?: (user: CurrentUser) => void;
}

/**
 * What the app plugs into the provider, so that this module imports no feature: the dialog's code, fetched on
 * first use (a rejected promise shows 'Inloggningen kunde inte öppnas' and the next opening tries again), and what
 * else starts and stops with a session (the partner's outbox).
 */
export interface AuthProviderOptions {
  loadDialog: () => Promise<ComponentType<AuthDialogProps>>;
  /** Runs when the server names a signed-in user, again whenever the user (id or role) changes. */
  onSession?: (user: CurrentUser) => void;
  /** Awaited on logout, after the server call and before the user is cleared. */
  onLogout?: (user: CurrentUser) => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Admins sign in through the identity provider, so they have no settings page and no 'Inställningar' (spec 000 §2, §6). */
export function isAdmin(user: Pick<CurrentUser, 'role' | 'authType'>): boolean {
  return user.role === 'admin' || user.authType === 'admin';
}

/**
 * The authentication state of spec 000 §4: 'loading' until the first current-user answer, then
 * 'authenticated' with the user or 'unauthenticated'. A 5xx or network failure that outlasts the retries
 * counts as signed out; so does the global `auth:401` event, raised by any call the server answered with 401.
 * Also owns the login/register dialog, so any screen can open it. Must sit inside the router (logout
 * navigates) and the QueryClientProvider. The app gives it the dialog and the session hooks (pwa/app/auth.tsx).
 */
export function AuthProvider({ children, loadDialog, onSession, onLogout }: AuthProviderOptions & { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const query = useQuery(currentUserQueryOptions());
  const user = query.isError ? null : (query.data ?? null);
  const status: AuthStatus = query.isPending ? 'loading' : user ? 'authenticated' : 'unauthenticated';
  const [loggedOutByChoice, setLoggedOutByChoice] = useState(false);
  if (user && loggedOutByChoice) setLoggedOutByChoice(false);

  // Once per signed-in user (not per refetch, which brings a new object): e.g. the partner's outbox starts.
  const sessionRef = useRef(onSession);
  sessionRef.current = onSession;
  const sessionKey = user ? `${user.role}:${user.id}` : undefined;
  const sessionUser = useRef(user);
  sessionUser.current = user;
  useEffect(() => {
    if (sessionKey && sessionUser.current) sessionRef.current?.(sessionUser.current);
  }, [sessionKey]);

  useEffect(() => {
    const handleUnauthorized = () => queryClient.setQueryData(CURRENT_USER_KEY, null);
    window.addEventListener(AUTH_401_EVENT, handleUnauthorized);
    return () => window.removeEventListener(AUTH_401_EVENT, handleUnauthorized);
  }, [queryClient]);

  const [dialog, setDialog] = useState<{ open: boolean; view: AuthDialogView; session: number } & AuthDialogOptions>();
  const [DialogComponent, setDialogComponent] = useState<ComponentType<AuthDialogProps>>();

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }), [queryClient]);

  const logout = useCallback(async () => {
    const toAdminLogin = user?.authType === 'admin';
    try {
      await postLogout();
    } catch {
      // Spec 000 §7/§8: a failed logout is ignored; the user is cleared and redirected anyway.
    }
    if (user && onLogout) await onLogout(user).catch(() => {});
    // A re-check still under way must not bring the user back.
    await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
    setLoggedOutByChoice(true);
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    // AUTH_MESSAGES.loggedOut, written out: that object would bring every account message into the first download.
    toast('Du är utloggad.', { id: 'auth-logout' });
    // Spec 000 §4 sends everyone to /admin-login; only identity-provider admins have any business there.
    navigate(toAdminLogin ? '/admin-login' : '/');
  }, [navigate, queryClient, user, onLogout]);

  const openAuthDialog = useCallback(
    (view: AuthDialogView = 'login', opts: AuthDialogOptions = {}) => {
      if (user) {
        opts.onSignedIn?.(user);
        return;
      }
      loadDialog().then(
        (Component) => {
          setDialogComponent(() => Component);
          setDialog((d) => ({ open: true, view, session: (d?.session ?? 0) + 1, onSignedIn: opts.onSignedIn }));
        },
        () => toast.error('Inloggningen kunde inte öppnas', { description: 'Kontrollera din anslutning och försök igen.' }),
      );
    },
    [user, loadDialog],
  );

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, refresh, logout, loggedOutByChoice, openAuthDialog }),
    [status, user, refresh, logout, loggedOutByChoice, openAuthDialog],
  );

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
