import { useEffect, useState, type ReactNode } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { PartnerCurrent, WineMedal } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { SYNC_MESSAGES } from '../../../api/contract/sync-rules';
import { db } from '../../lib/db';
import { startOutbox } from '../../lib/outbox/runtime';
import { ConfirmDialog } from '../../components/ui/dialog';
import { SyncPill } from './sync/sync-pill';
import { usePartnerCurrent, useLogoutPartner } from './api';

// The partner portal's frame and small parts, in the site's newspaper style (the admin panel's look): full-screen
// pages without the public navigation (spec 001 §2 'Routing groups').

/** A centred card page with the nameplate: login, registration, the access-denied screen. */
export function PartnerCardPage({
  title,
  kicker = 'Partnerportal',
  children,
  wide = false,
}: {
  title: string;
  kicker?: string;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <main id="main" className="grid min-h-dvh place-items-center px-4 py-10">
      <div className={`w-full ${wide ? 'max-w-2xl' : 'max-w-md'} border border-ink bg-white/60 p-6 shadow-sm sm:p-8`}>
        <Link to="/" className="font-display text-2xl font-black text-wine hover:underline">
          Vinpressen
        </Link>
        <p className="mt-4 font-sans text-xs font-bold tracking-[0.2em] text-wine uppercase">{kicker}</p>
        <h1 className="mt-1 text-2xl font-black hyphens-auto break-words sm:text-3xl" lang="sv">
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}

/** The person's name: first and last name, else the username. */
export function partnerPersonName(user: PartnerCurrent['user']): string {
  return [user.firstName, user.lastName].filter((s) => s?.trim()).join(' ') || user.username;
}

/**
 * The portal's header (spec 001 §2 'Partner dashboard'): nameplate, PARTNERPORTAL, the sync status pill,
 * the user's name, the company and 'Logga ut' (POST /api/partner/logout, then /partner/login; a failure shows
 * 'Utloggning misslyckades'). With changes not yet sent, 'Logga ut' asks first (README 'Offline drafts'): they stay on the
 * device and are sent when the same partner signs in again.
 */
export function PartnerHeader({ current }: { current: PartnerCurrent }) {
  const navigate = useNavigate();
  const logout = useLogoutPartner();
  const [unsent, setUnsent] = useState(0);
  const [asking, setAsking] = useState(false);

  /** Counts the partner's changes still on the device at the moment of the click: with any, ask first. */
  async function handleLogout() {
    const waiting = await db.outbox
      .where('userId')
      .equals(current.user.id)
      .count()
      .catch(() => 0);
    setUnsent(waiting);
    if (waiting > 0) setAsking(true);
    else signOut();
  }

  function signOut() {
    setAsking(false);
    logout.mutate(undefined, {
      onSuccess: () => {
        toast('Du är utloggad.', { id: 'partner-logout' });
        navigate('/partner/login');
      },
      onError: () => toast.error(M.logoutFailed, { description: 'Försök igen om en stund.' }),
    });
  }

  return (
    <header className="border-b-4 border-double border-ink bg-paper">
      <div className="mx-auto flex max-w-[1200px] flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <Link to="/" className="font-display text-xl font-black text-wine hover:underline">
            Vinpressen
          </Link>
          <Link to="/partner" className="font-sans text-base font-black tracking-[0.2em] text-ink uppercase hover:text-wine">
            Partnerportal
          </Link>
          <SyncPill userId={current.user.id} />
        </div>
        <div className="flex w-full items-center justify-between gap-3 font-sans text-sm sm:w-auto sm:justify-end">
          <p className="min-w-0 leading-tight sm:text-right">
            <span className="block font-semibold text-ink">{partnerPersonName(current.user)}</span>
            <span className="block break-words text-ink-soft">{current.partner.companyName}</span>
          </p>
          <button type="button" className="btn-outline shrink-0" onClick={() => void handleLogout()} disabled={logout.isPending}>
            Logga ut
          </button>
        </div>
      </div>
      <ConfirmDialog
        open={asking}
        title="Logga ut?"
        message={
          <p>
            {unsent === 1 ? 'En ändring' : `${unsent} ändringar`} har inte skickats till Vinpressen än. {unsent === 1 ? 'Den sparas' : 'De sparas'} på
            den här enheten och skickas när du loggar in igen med samma konto.
          </p>
        }
        confirmLabel="Logga ut ändå"
        busy={logout.isPending}
        onConfirm={signOut}
        onClose={() => setAsking(false)}
      />
    </header>
  );
}

/**
 * The guard of every signed-in partner screen (spec 001 §2, §6): GET /api/partner/current; while it loads a busy
 * placeholder; any error gives the 'Åtkomst nekad' screen with a login button; else `children(current)`.
 */
export function RequirePartner({ children }: { children: (current: PartnerCurrent) => ReactNode }) {
  const current = usePartnerCurrent();
  const userId = current.data?.user.id;
  useEffect(() => {
    // The outbox sends this partner's queued changes from now on (app start, online, visible, after a save).
    if (userId) startOutbox(userId);
  }, [userId]);
  if (current.isPending) {
    return (
      <div className="min-h-dvh" aria-busy="true">
        <span className="sr-only">Laddar…</span>
      </div>
    );
  }
  if (current.isError) return <AccessDenied />;
  return <>{children(current.data)}</>;
}

/**
 * 'Åtkomst nekad': the partner portal needs a signed-in partner. With changes waiting on the device (a session that
 * ended while offline) it says 'Logga in för att synka (n)'.
 */
export function AccessDenied() {
  const waiting = useLiveQuery(() => db.outbox.where('status').anyOf('queued', 'blocked_auth').count()) ?? 0;
  return (
    <PartnerCardPage title={M.accessDenied}>
      <p className="mt-3 text-ink-soft">Partnerportalen är bara för inloggade partner. Logga in med ditt partnerkonto för att fortsätta.</p>
      {waiting > 0 && (
        <p role="status" className="mt-3 border-l-4 border-wine bg-wine-light/50 px-3 py-2 font-sans text-sm font-semibold text-ink">
          {SYNC_MESSAGES.pillSignIn(waiting)}
        </p>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/partner/login" className="btn-primary py-3">
          Logga in
        </Link>
        <Link to="/partner/register" className="btn-outline py-3">
          Bli partner
        </Link>
      </div>
    </PartnerCardPage>
  );
}

/** A full-width page of the portal below the header (form, submit page). */
export function PartnerPage({ current, children }: { current: PartnerCurrent; children: ReactNode }) {
  return (
    <div className="min-h-dvh">
      <PartnerHeader current={current} />
      <main id="main" className="mx-auto max-w-[1200px] px-4 pt-6 pb-16 sm:px-6">
        {children}
      </main>
    </div>
  );
}

/** '← Tillbaka till partnerportalen' above a page's heading. */
export function BackToPortal() {
  return (
    <Link to="/partner" className="inline-flex min-h-11 items-center gap-1.5 font-sans text-sm font-semibold text-wine hover:underline">
      <span aria-hidden="true">←</span> Tillbaka till partnerportalen
    </Link>
  );
}

/** A 1–5 rating as five stars (spec 001 §2 'Mina viner'); the name reads 'Betyg 4 av 5'. */
export function RatingStars({ value }: { value: number | null }) {
  if (value === null) return <span className="font-sans text-sm text-muted">Inget betyg</span>;
  const rounded = Math.round(value);
  return (
    <span role="img" aria-label={`Betyg ${value.toLocaleString('sv-SE')} av 5`} className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((i) => (
        <svg
          key={i}
          aria-hidden="true"
          viewBox="0 0 20 20"
          width="18"
          height="18"
          className={i <= rounded ? 'text-gold' : 'text-rule'}
          fill="currentColor"
        >
          <path d="M10 1.6l2.5 5.3 5.8.7-4.3 4 1.1 5.7L10 14.5l-5.1 2.8 1.1-5.7-4.3-4 5.8-.7z" />
        </svg>
      ))}
    </span>
  );
}

/** The medal an admin awarded (spec 001 §2 'Medaljhantering'): a small gold badge with its name. */
export function MedalBadge({ medal }: { medal: WineMedal }) {
  return (
    <span className="inline-flex items-center gap-1 border border-gold px-2 py-0.5 font-sans text-[0.7rem] font-semibold tracking-widest text-gold uppercase">
      <svg aria-hidden="true" viewBox="0 0 16 16" width="12" height="12" fill="currentColor">
        <circle cx="8" cy="10" r="4.5" />
        <path d="M4.5 1h2.5l1 4h-2zM9 1h2.5l-1.5 4H8z" />
      </svg>
      Medalj: {medal.name}
    </span>
  );
}

/** A coloured notice: green for good news (the verified banner), wine-red for a problem. */
export function Notice({ tone, children, role }: { tone: 'good' | 'bad' | 'info'; children: ReactNode; role?: 'status' | 'alert' }) {
  const styles = {
    good: 'border-green bg-green/10',
    bad: 'border-wine bg-wine-light/50',
    info: 'border-gold bg-paper-dark',
  }[tone];
  return (
    <div role={role} className={`border-l-4 px-4 py-3 font-sans text-sm text-ink ${styles}`}>
      {children}
    </div>
  );
}
