import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { z } from 'zod';
import { ResetPasswordConfirmBody } from '../../../api/contract/auth';
import { AUTH_MESSAGES, AUTH_REDIRECT_DELAY_MS, PASSWORD_MIN_LENGTH } from '../../../api/contract/auth-rules';
import { ApiError } from '../../lib/api-client';
import { postResetConfirm } from './api/account-requests';
import { useAuth } from './auth-provider';
import { errorDetails } from '../../lib/error-text';
import { setServerFieldErrors } from '../../lib/forms';
import { PasswordField, TextField } from '../../components/ui/field';

/** Where the token waits once it has left the address bar (see ResetPasswordPage). */
interface ResetLocationState {
  resetToken?: string;
}

/**
 * /reset-password?token=… (spec 000 §2, §4, §5, §8): the page the reset e-mail links to. The token is read
 * from the address on load and then moved out of it into the history entry's state, so that it is not left
 * in the address bar, in screenshots or in later pages' Referer, while a reload still works.
 * Without a token the page says the link is invalid and offers a new one. The button is disabled while
 * sending or while either field is empty; after success the page goes to / after 2 seconds.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const urlToken = new URLSearchParams(location.search).get('token')?.trim() || undefined;
  const token = urlToken ?? (location.state as ResetLocationState | null)?.resetToken;

  useEffect(() => {
    document.title = 'Återställ lösenord – Vinpressen';
  }, []);

  useEffect(() => {
    if (!urlToken) return;
    const params = new URLSearchParams(location.search);
    params.delete('token');
    const search = params.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true, state: { resetToken: urlToken } satisfies ResetLocationState },
    );
  }, [urlToken, location.pathname, location.search, location.hash, navigate]);

  useEffect(() => {
    if (token) return;
    // The id keeps React's double effects in development from showing it twice.
    toast.error('Ogiltig länk', { id: 'reset-invalid-link', description: 'Återställningslänken saknar en giltig token.' });
  }, [token]);

  return (
    <div className="mx-auto w-full max-w-xl px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="border-b border-ink pb-6 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Ditt konto</p>
        <h1 className="mt-3 text-3xl font-black tracking-tight sm:text-4xl">ÅTERSTÄLL LÖSENORD</h1>
      </header>
      {token ? <ResetForm token={token} /> : <InvalidLink text={AUTH_MESSAGES.resetTokenMissing} />}
      <p className="mt-10 text-center">
        <Link
          to="/"
          className="inline-flex min-h-11 items-center gap-2 font-sans text-sm font-semibold text-wine hover:text-wine-dark hover:underline"
        >
          <span aria-hidden="true">←</span> Tillbaka till startsidan
        </Link>
      </p>
    </div>
  );
}

/** No token, or the server refused it: say so and offer a new link (the dialog's forgot-password view). */
function InvalidLink({ text, title = 'Ogiltig länk' }: { text: string; title?: string }) {
  const { openAuthDialog } = useAuth();
  return (
    <div role="alert" className="mt-8 border-l-4 border-wine bg-wine-light/60 px-5 py-5">
      <p className="font-display text-2xl font-bold text-ink">{title}</p>
      <p className="mt-2 leading-relaxed text-ink-soft">{text}</p>
      <button type="button" onClick={() => openAuthDialog('forgot')} className="btn-primary mt-5 px-5 py-3">
        Begär en ny länk
      </button>
    </div>
  );
}

/**
 * The reset page's form (spec 000 §5): ResetPasswordConfirmBody's new password (at least 6 characters) and a
 * confirmation equal to it. Both are required too, but the button waits for them rather than complaining.
 */
const ResetFormSchema = ResetPasswordConfirmBody.pick({ newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_MESSAGES.resetPasswordsDontMatch, path: ['confirmPassword'] });
type ResetValues = z.infer<typeof ResetFormSchema>;

function ResetForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    watch,
    formState: { errors },
  } = useForm<ResetValues>({ resolver: zodResolver(ResetFormSchema), defaultValues: { newPassword: '', confirmPassword: '' } });
  const [refused, setRefused] = useState<string>();
  const doneRef = useRef<HTMLDivElement>(null);
  const reset = useMutation({ mutationFn: postResetConfirm });
  const done = reset.isSuccess;
  const filled = Boolean(watch('newPassword') && watch('confirmPassword'));

  useEffect(() => {
    if (!done) return;
    doneRef.current?.focus();
    // replace: the history entry that held the token goes away with the page.
    const timer = window.setTimeout(() => navigate('/', { replace: true }), AUTH_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(
    ({ newPassword }) => {
      if (reset.isPending) return;
      setRefused(undefined);
      reset.mutate(
        { token, newPassword },
        {
          onSuccess: () => {
            toast.success('Lösenord återställt', { description: AUTH_MESSAGES.passwordResetDone });
          },
          onError: (err) => {
            const serverMessage = err instanceof ApiError ? err.serverMessage : undefined;
            toast.error('Fel', { description: serverMessage || 'Kunde inte återställa lösenordet.' });
            if (!(err instanceof ApiError) || err.status !== 400) return;
            const details = errorDetails(err);
            // A refused token means the link is spent or expired: no other password will help, a new link will.
            if (details.some((d) => d.path.endsWith('token'))) {
              setRefused(details.find((d) => d.path.endsWith('token'))?.message || serverMessage || AUTH_MESSAGES.resetTokenInvalid);
              return;
            }
            setServerFieldErrors(err, setError, ['newPassword']);
          },
        },
      );
    },
    (problems) => {
      // One toast says everything that is wrong (the confirmation first), and focus goes to the first field.
      const messages = [problems.confirmPassword?.message, problems.newPassword?.message].filter((m): m is string => Boolean(m));
      toast.error('Fel', { description: messages.join(' ') });
      setFocus(problems.newPassword ? 'newPassword' : 'confirmPassword');
    },
  );

  if (done) {
    return (
      <Notice ref={doneRef} title="Ditt lösenord är återställt">
        {AUTH_MESSAGES.passwordResetDone} Du skickas till startsidan om {AUTH_REDIRECT_DELAY_MS / 1000} sekunder.
      </Notice>
    );
  }

  if (refused) return <InvalidLink title="Länken fungerar inte" text={refused} />;

  return (
    <>
      <p className="mt-8 text-lg leading-relaxed text-ink-soft">Välj ett nytt lösenord för ditt konto på Vinpressen.</p>
      <form
        // Like the button, Enter waits until both fields are filled in.
        onSubmit={(e) => (filled ? onSubmit(e) : e.preventDefault())}
        noValidate
        className="mt-6 grid gap-5"
      >
        <PasswordField
          label="Nytt lösenord"
          autoComplete="new-password"
          placeholder={`Minst ${PASSWORD_MIN_LENGTH} tecken`}
          toggleLabel="nytt lösenord"
          required
          {...register('newPassword')}
          error={errors.newPassword?.message}
        />
        <TextField
          label="Bekräfta lösenord"
          type="password"
          autoComplete="new-password"
          required
          {...register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={reset.isPending || !filled}>
          {reset.isPending ? 'Återställer...' : 'Återställ lösenord'}
        </button>
      </form>
    </>
  );
}

function Notice({ ref, title, children }: { ref: React.Ref<HTMLDivElement>; title: string; children: ReactNode }) {
  return (
    <div ref={ref} tabIndex={-1} role="status" className="mt-8 border-l-4 border-green bg-paper-dark px-5 py-5 focus:outline-none">
      <p className="font-display text-2xl font-bold text-ink">{title}</p>
      <p className="mt-2 leading-relaxed text-ink-soft">{children}</p>
    </div>
  );
}
