import { lazy, Suspense } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { CurrentUser } from '../../../api/contract/auth';
import { isAdmin, useAuth } from '../../lib/auth/auth-provider';
import { preloadAuthDialog } from './load-auth-dialog';

// The account corner of the navigation (spec 000 §2): 'Logga in' for visitors, the avatar menu for members.
// Only the buttons are in the first download; the menu (Headless UI) comes with its own chunk, which holds
// neither the login/register dialog nor its form libraries (react-hook-form, zod): those come with the dialog
// (./load-auth-dialog.ts), so a signed-in member does not download them on every page for the avatar menu.

const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

/** The first letter of the username, upper-cased the Swedish way ('å' → 'Å'). */
export function initialOf(username: string): string {
  return (Array.from(username.trim())[0] ?? '?').toLocaleUpperCase('sv-SE');
}

/** The round avatar with the username's initial (40 px; its buttons are 44 px). */
export function AvatarCircle({ username, className = '' }: { username: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`grid size-10 shrink-0 place-items-center rounded-full bg-wine font-display text-xl leading-none font-bold text-white ${className}`}
    >
      {initialOf(username)}
    </span>
  );
}

/**
 * The account links of spec 000 §2, shared by the avatar menu and the phone drawer. Moderators sign in like
 * members, so they also get their way into the moderation tab (the spec's menu has no such item), and
 * partners theirs into the partner portal.
 */
export function accountLinks(user: Pick<CurrentUser, 'role' | 'authType'>): { to: string; label: string }[] {
  return [
    ...(user.role === 'moderator' ? [{ to: '/admin?tab=reviews', label: 'Moderera recensioner' }] : []),
    ...(user.role === 'partner' ? [{ to: '/partner', label: 'Partnerportal' }] : []),
    { to: '/mina-recensioner', label: 'Mina recensioner' },
    // Admins change their password at the identity provider (spec 000 §2, §6).
    ...(isAdmin(user) ? [] : [{ to: '/settings', label: 'Inställningar' }]),
  ];
}

/** The avatar button's accessible name: who is signed in. */
export const accountMenuLabel = (user: Pick<CurrentUser, 'username'>) => `Konto: ${user.username}`;

/**
 * The avatar that opens the account menu. Until the menu's code has arrived (or if it cannot) the same avatar
 * stands in its place, so nothing moves.
 */
export function AccountMenuButton({ user }: { user: CurrentUser }) {
  const standIn = (
    <span role="img" aria-label={accountMenuLabel(user)} className="grid size-11 place-items-center rounded-full">
      <AvatarCircle username={user.username} />
    </span>
  );
  return (
    <ErrorBoundary fallback={standIn}>
      <Suspense fallback={standIn}>
        <AccountMenu user={user} />
      </Suspense>
    </ErrorBoundary>
  );
}

/**
 * 'Logga in': opens the login/register dialog; its code starts loading as the pointer or focus arrives. On
 * phones only the icon shows (the name stays for screen readers).
 */
export function LoginButton({ className }: { className: string }) {
  const { openAuthDialog } = useAuth();
  return (
    <button
      type="button"
      onClick={() => openAuthDialog('login')}
      onPointerEnter={preloadAuthDialog}
      onFocus={preloadAuthDialog}
      className={className}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
        <circle cx="12" cy="8" r="4" />
        <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
      </svg>
      <span className="max-md:sr-only">Logga in</span>
    </button>
  );
}
