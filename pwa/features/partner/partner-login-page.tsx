import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { PartnerLoginBody } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { CURRENT_USER_KEY } from '../../lib/api/session';
import { useAuth } from '../auth/auth-provider';
import { OFFLINE_TEXT } from '../../lib/error-text';
import { filledEmail } from '../../lib/forms';
import { PasswordField, TextField } from '../../components/ui/field';
import { outboxSignedIn } from '../../lib/outbox/runtime';
import { PARTNER_CURRENT_KEY, PARTNER_KEY, postPartnerLogin, postResendVerification, rememberPartnerOnDevice } from './api';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { Notice, PartnerCardPage } from './partner-ui';

/** The error code of POST /api/partner/login for an account whose e-mail is not verified yet (403). */
export const EMAIL_NOT_VERIFIED = 'email_not_verified';

function errorCode(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const code = (err.body as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === 'string' ? code : undefined;
}

/** The login form: PartnerLoginBody's password rule, an e-mail that must be there (the server judges its format). */
const LoginFormSchema = PartnerLoginBody.extend({ email: filledEmail() });
type LoginValues = z.input<typeof LoginFormSchema>;

/**
 * /partner-login and /partner/login (spec 001 §2 'Partner login', §8): e-mail and password (show/hide), a link to
 * the registration, 'Glömt lösenordet?' (a dialog with the e-mail prefilled), a green banner after a verified
 * link (?verified=true) and a red one after a dead link (?verified=false). An unverified account is refused with
 * the Swedish explanation and a 'Skicka ny verifieringslänk' action. Success goes to /partner; a partner who is
 * already signed in goes there at once.
 */
export function PartnerLoginPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const verified = params.get('verified');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '', password: '' } });
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);

  useEffect(() => {
    document.title = 'Partnerinloggning – Vinpressen';
  }, []);

  const login = useMutation({ mutationFn: postPartnerLogin });
  const resend = useMutation({ mutationFn: postResendVerification });

  if (user?.role === 'partner' && !login.isPending) return <Navigate to="/partner" replace />;

  const onSubmit = handleSubmit(({ email, password }) => {
    if (login.isPending) return;
    setUnverifiedEmail(null);
    resend.reset();
    login.mutate(
      { email, password },
      {
        onSuccess: async (result) => {
          queryClient.removeQueries({ queryKey: PARTNER_KEY });
          queryClient.setQueryData(PARTNER_CURRENT_KEY, result);
          // Changes queued on this device by this partner go again; another account's are set aside.
          await rememberPartnerOnDevice(result);
          outboxSignedIn(result.user.id);
          await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
          const name = result.user.firstName?.trim();
          toast.success('Inloggad!', { id: 'partner-login', description: name ? `Välkommen, ${name}!` : 'Välkommen till partnerportalen.' });
          navigate('/partner');
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status === 403 && errorCode(err) === EMAIL_NOT_VERIFIED) {
            setUnverifiedEmail(email);
            return;
          }
          const description = isNetworkError(err) ? OFFLINE_TEXT : (err instanceof ApiError && err.serverMessage) || M.loginFailed;
          toast.error(M.loginFailedTitle, { id: 'partner-login-failed', description });
        },
      },
    );
  });

  function handleResend() {
    if (!unverifiedEmail) return;
    resend.mutate(
      { email: unverifiedEmail },
      {
        onError: (err) =>
          toast.error('Kunde inte skicka länken', {
            description: isNetworkError(err) ? OFFLINE_TEXT : (err instanceof ApiError && err.serverMessage) || 'Försök igen om en stund.',
          }),
      },
    );
  }

  return (
    <PartnerCardPage title="Logga in som partner">
      <p className="mt-3 text-ink-soft">För producenter och importörer som vill visa sina viner på Vinpressen.</p>

      <div className="mt-5 grid gap-3 empty:hidden" aria-live="polite">
        {verified === 'true' && (
          <Notice tone="good" role="status">
            {M.verifiedBanner}
          </Notice>
        )}
        {verified === 'false' && (
          <Notice tone="bad" role="alert">
            {M.verificationInvalid}
          </Notice>
        )}
        {unverifiedEmail && (
          <Notice tone="bad" role="alert">
            <p>{M.notVerified}</p>
            {resend.isSuccess ? (
              <p className="mt-2 font-semibold">{resend.data?.message || M.verificationResent}</p>
            ) : (
              <button type="button" className="btn-outline mt-3 bg-paper" onClick={handleResend} disabled={resend.isPending}>
                Skicka ny verifieringslänk
              </button>
            )}
          </Notice>
        )}
      </div>

      <form className="mt-6 grid gap-5" onSubmit={onSubmit} noValidate>
        <TextField label="E-postadress" type="email" autoComplete="email" {...register('email')} error={errors.email?.message} required />
        <PasswordField label="Lösenord" autoComplete="current-password" {...register('password')} error={errors.password?.message} required />
        <div className="-mt-2 text-right">
          <button
            type="button"
            className="min-h-11 font-sans text-sm font-semibold text-wine underline-offset-2 hover:underline"
            onClick={() => setForgotOpen(true)}
          >
            Glömt lösenordet?
          </button>
        </div>
        <button type="submit" className="btn-primary w-full py-3" disabled={login.isPending}>
          {login.isPending ? 'Loggar in…' : 'Logga in'}
        </button>
      </form>

      <p className="mt-6 border-t border-rule pt-4 font-sans text-sm text-ink-soft">
        Inget partnerkonto än?{' '}
        <Link to="/partner/register" className="font-semibold text-wine underline underline-offset-2 hover:text-wine-dark">
          Registrera ditt företag
        </Link>
      </p>

      <ForgotPasswordDialog open={forgotOpen} initialEmail={forgotOpen ? getValues('email') : ''} onClose={() => setForgotOpen(false)} />
    </PartnerCardPage>
  );
}
