import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { ADMIN_SIGN_IN_ERROR_MESSAGES, ADMIN_SIGN_IN_ERRORS, type AdminSignInError } from '../../../api/contract/admin-sign-in';
import { apiRequest } from '../../lib/api-client';
import { isAdmin, useAuth } from '../auth/auth-provider';

/** Milliseconds between the 'Omdirigerar...' toast and leaving for /api/login (spec 001 §9). */
export const SIGN_IN_REDIRECT_MS = 500;

interface AdminSignInInfo {
  available: boolean;
  providerName: string;
}

function signInError(value: string | null): AdminSignInError | null {
  return ADMIN_SIGN_IN_ERRORS.find((e) => e === value) ?? null;
}

/**
 * /admin-login (spec 001 §2 'Admin login'): a signed-in admin goes straight to /admin; everyone else gets
 * one button 'Logga in via {provider}' (the configured identity provider's name) that shows the toast
 * 'Omdirigerar...' and after 500 ms navigates to /api/login. A refusal from the callback (`?fel=`) is
 * explained above the button.
 */
export function AdminLoginPage() {
  const { status, user } = useAuth();
  const [params] = useSearchParams();
  const error = signInError(params.get('fel'));
  const [leaving, setLeaving] = useState(false);
  const info = useQuery({
    queryKey: ['/api/auth/admin-sign-in'],
    queryFn: () => apiRequest<AdminSignInInfo>('GET', '/api/auth/admin-sign-in'),
    staleTime: 60_000,
  });

  useEffect(() => {
    document.title = 'Administratörsinloggning – Vinpressen';
  }, []);

  useEffect(() => {
    if (!leaving) return;
    const timer = window.setTimeout(() => window.location.assign('/api/login'), SIGN_IN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [leaving]);

  if (status === 'authenticated' && user && isAdmin(user)) return <Navigate to="/admin" replace />;

  const providerName = info.data?.providerName ?? 'identitetsleverantören';
  const unavailable = info.data?.available === false;

  function handleSignIn() {
    toast('Omdirigerar...', { id: 'admin-login-redirect' });
    setLeaving(true);
  }

  return (
    <main id="main" className="grid min-h-dvh place-items-center px-4 py-10">
      <div className="w-full max-w-md border border-ink bg-white/60 p-6 shadow-sm sm:p-8">
        <Link to="/" className="font-display text-2xl font-black text-wine hover:underline">
          Vinpressen
        </Link>
        <h1 className="mt-4 text-2xl font-black hyphens-auto break-words sm:text-3xl" lang="sv">
          Administratörsinloggning
        </h1>
        <p className="mt-3 text-ink-soft">
          Endast behöriga administratörer får åtkomst till adminpanelen. Du loggar in hos {providerName}; Vinpressen sparar inga
          administratörslösenord.
        </p>
        {error && (
          <p role="alert" className="mt-5 border-l-4 border-wine bg-wine-light/50 px-4 py-3 font-sans text-sm text-ink">
            {ADMIN_SIGN_IN_ERROR_MESSAGES[error]}
          </p>
        )}
        {unavailable && (
          <p role="alert" className="mt-5 border-l-4 border-wine bg-wine-light/50 px-4 py-3 font-sans text-sm text-ink">
            Ingen identitetsleverantör är konfigurerad, så administratörer kan inte logga in just nu.
          </p>
        )}
        <button type="button" className="btn-primary mt-6 w-full py-3" onClick={handleSignIn} disabled={leaving || unavailable || info.isPending}>
          Logga in via {providerName}
        </button>
      </div>
    </main>
  );
}
