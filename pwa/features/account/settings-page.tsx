import { useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '../../lib/toast';
import { ChangePasswordBody, type CurrentUser } from '../../../api/contract/auth';
import { accountTypeLabel, AUTH_MESSAGES, AUTH_REDIRECT_DELAY_MS, PASSWORD_MIN_LENGTH } from '../../../api/contract/auth-rules';
import { ApiError } from '../../lib/api-client';
import { accountErrorText } from '../../lib/error-text';
import { setServerFieldErrors } from '../../lib/forms';
import { CURRENT_USER_KEY } from '../../lib/api/session';
import { PasswordField } from '../../components/ui/field';
import { useChangePassword } from './api/change-password';
import { useResendVerification } from './api/resend-verification';
import { RequireMember } from './require-member';

/**
 * /settings (spec 000 §2 'Settings page', §4, §5, §8; 001 §2): for signed-in members other than admins.
 * Account info, the change-password form with show/hide toggles and its checks shown on the fields,
 * security tips, 'ÅTERSTÄLL' and a link home. When the server reports that the user's other sessions were
 * ended, 'Session ogiltiggjord' shows and the page goes to / after 2 seconds.
 */
export function SettingsPage() {
  useEffect(() => {
    document.title = 'Inställningar – Vinpressen';
  }, []);
  return <RequireMember refuseAdmins>{(user) => <Settings user={user} />}</RequireMember>;
}

function Settings({ user }: { user: CurrentUser }) {
  const fullName = user.firstName && user.lastName ? `${user.firstName} ${user.lastName}` : null;
  return (
    <div className="mx-auto w-full max-w-[1200px] px-4 pt-8 pb-16 sm:px-6 lg:pt-12">
      <header className="border-b border-ink pb-6 text-center">
        <p className="font-sans text-xs font-semibold tracking-[0.2em] text-wine uppercase">Ditt konto</p>
        <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl">Inställningar</h1>
        <p className="mx-auto mt-4 max-w-2xl text-xl leading-relaxed text-balance text-ink-soft italic">
          Dina kontouppgifter och ditt lösenord på Vinpressen.
        </p>
      </header>

      <div className="mt-10 grid gap-12 lg:grid-cols-12">
        <div className="grid gap-12 lg:col-span-7">
          <section aria-labelledby="settings-account">
            <SectionHeading id="settings-account">Kontoinformation</SectionHeading>
            <dl className="mt-2 divide-y divide-rule border-b border-rule">
              <InfoRow term="Användarnamn">{user.username}</InfoRow>
              <InfoRow term="E-postadress">
                <span className="break-all">{user.email}</span>
              </InfoRow>
              {user.role !== 'partner' && (
                <InfoRow term="Bekräftad">
                  <EmailVerification verified={user.isVerified} />
                </InfoRow>
              )}
              <InfoRow term="Kontotyp">{accountTypeLabel(user.role)}</InfoRow>
              {fullName && <InfoRow term="Namn">{fullName}</InfoRow>}
            </dl>
          </section>

          <ChangePasswordSection user={user} />
        </div>

        <aside aria-labelledby="settings-tips" className="lg:col-span-5">
          <div className="border-t-4 border-double border-ink pt-4 lg:sticky lg:top-6">
            <h2 id="settings-tips" className="font-sans text-sm font-bold tracking-[0.18em] uppercase">
              Säkerhetstips
            </h2>
            <ul className="mt-4 divide-y divide-rule border-b border-rule">
              {SECURITY_TIPS.map((tip) => (
                <li key={tip} className="flex gap-3 py-3 leading-relaxed text-ink-soft">
                  <span aria-hidden="true" className="font-display font-bold text-wine">
                    §
                  </span>
                  <span>{tip}</span>
                </li>
              ))}
            </ul>
            <Link to="/" className="btn-outline mt-6 py-3">
              Tillbaka till startsidan
            </Link>
          </div>
        </aside>
      </div>
    </div>
  );
}

const SECURITY_TIPS = [
  'Välj ett långt lösenord – en fras av flera ord är både stark och lätt att minnas.',
  'Använd inte samma lösenord som på andra webbplatser.',
  'Låt en lösenordshanterare skapa och komma ihåg unika lösenord åt dig.',
  'Dela aldrig ditt lösenord. Vinpressen ber dig aldrig om det via e-post eller telefon.',
  'När du byter lösenord loggas du ut på dina andra enheter.',
  'Logga ut när du har använt en delad eller offentlig dator.',
];

/**
 * Whether the address is confirmed (README 'Accounts and sessions'): a confirmed address binds the account to it. An
 * unconfirmed one shows 'Bekräfta din e-postadress' and a button that mails a new link.
 */
function EmailVerification({ verified }: { verified: boolean }) {
  const resend = useResendVerification();
  if (verified) {
    return <span className="font-sans text-base font-semibold text-green">Ja, e-postadressen är bekräftad</span>;
  }
  return (
    <div className="border-l-4 border-wine bg-paper-dark/60 px-3 py-2 font-sans text-sm">
      <p className="font-bold text-ink">{AUTH_MESSAGES.emailNotVerifiedYet}</p>
      <p className="mt-1 text-ink-soft">Öppna länken vi skickade till adressen. Ingen länk? Vi skickar en ny.</p>
      <button
        type="button"
        className="btn-outline mt-2 px-3 py-1.5 text-sm"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (res) => toast.success(res.message, { id: 'resend-verification' }),
            onError: (err) =>
              toast.error('Kunde inte skicka länken', { id: 'resend-verification', description: accountErrorText(err, 'Försök igen om en stund.') }),
          })
        }
      >
        {resend.isPending ? 'Skickar…' : 'Skicka ny länk'}
      </button>
    </div>
  );
}

function SectionHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="border-b border-rule pb-2 text-2xl font-bold sm:text-3xl">
      {children}
    </h2>
  );
}

function InfoRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="font-sans text-xs font-bold tracking-[0.15em] text-muted uppercase sm:pt-1">{term}</dt>
      <dd className="text-lg text-ink">{children}</dd>
    </div>
  );
}

const EMPTY: ChangePasswordBody = { currentPassword: '', newPassword: '', confirmNewPassword: '' };
const FIELD_ORDER = ['currentPassword', 'newPassword', 'confirmNewPassword'] as const;

/**
 * The change-password form (spec 000 §5): ChangePasswordBody's rules, each message on its own field (the mismatch on
 * the confirmation); once the reader has tried to send, the messages follow the typing.
 */
function ChangePasswordSection({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordBody>({ resolver: zodResolver(ChangePasswordBody), defaultValues: EMPTY });
  const [sessionInvalidated, setSessionInvalidated] = useState(false);
  // A new key remounts the fields, which also hides any password left visible.
  const [formKey, setFormKey] = useState(0);
  const noticeRef = useRef<HTMLDivElement>(null);
  const change = useChangePassword(user.role);

  useEffect(() => {
    if (!sessionInvalidated) return;
    noticeRef.current?.focus();
    const timer = window.setTimeout(() => {
      navigate('/');
      // Only now: should this session have ended too, the notice must still have had its 2 seconds.
      void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    }, AUTH_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [sessionInvalidated, navigate, queryClient]);

  function handleReset(e?: FormEvent<HTMLFormElement>) {
    e?.preventDefault();
    reset(EMPTY);
    setFormKey((k) => k + 1);
  }

  const onSubmit = handleSubmit((values) => {
    if (change.isPending) return;
    change.mutate(values, {
      onSuccess: (result) => {
        toast.success(AUTH_MESSAGES.passwordChanged);
        handleReset();
        if (result.sessionInvalidated) setSessionInvalidated(true);
      },
      onError: (err) => {
        toast.error('Fel', { description: (err instanceof ApiError && err.serverMessage) || 'Kunde inte ändra lösenord.' });
        if (!(err instanceof ApiError) || err.status !== 400) return;
        const set = setServerFieldErrors(err, setError, FIELD_ORDER);
        // The wrong-password answer belongs on the current password's field.
        if (err.serverMessage === AUTH_MESSAGES.currentPasswordWrong && !set.includes('currentPassword')) {
          setError('currentPassword', { type: 'server', message: err.serverMessage }, { shouldFocus: set.length === 0 });
        }
      },
    });
  });

  return (
    <section aria-labelledby="settings-password">
      <SectionHeading id="settings-password">Byt lösenord</SectionHeading>
      {sessionInvalidated ? (
        <div ref={noticeRef} tabIndex={-1} role="alert" className="mt-6 border-l-4 border-wine bg-wine-light/60 px-5 py-4 focus:outline-none">
          <p className="font-display text-xl font-bold text-ink">Session ogiltiggjord</p>
          <p className="mt-2 leading-relaxed text-ink-soft">
            Ditt lösenord är ändrat och du har loggats ut på alla andra enheter där du var inloggad. Du skickas till startsidan om{' '}
            {AUTH_REDIRECT_DELAY_MS / 1000} sekunder.
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} onReset={handleReset} noValidate className="mt-6 grid max-w-xl gap-5">
          {/* Lets password managers file the new password under the right account. */}
          <input type="text" name="username" autoComplete="username" value={user.username} readOnly hidden />
          {/* Keyed, so that a reset also hides any password left visible; the buttons keep their focus. */}
          <div key={formKey} className="grid gap-5">
            <PasswordField
              label="Nuvarande lösenord"
              autoComplete="current-password"
              toggleLabel="nuvarande lösenord"
              {...register('currentPassword')}
              error={errors.currentPassword?.message}
            />
            <PasswordField
              label="Nytt lösenord"
              autoComplete="new-password"
              toggleLabel="nytt lösenord"
              hint={`Minst ${PASSWORD_MIN_LENGTH} tecken`}
              {...register('newPassword', { deps: 'confirmNewPassword' })}
              error={errors.newPassword?.message}
            />
            <PasswordField
              label="Bekräfta nytt lösenord"
              autoComplete="new-password"
              toggleLabel="bekräftelsen"
              {...register('confirmNewPassword')}
              error={errors.confirmNewPassword?.message}
            />
          </div>
          <div className="mt-1 flex flex-wrap gap-3">
            <button type="submit" className="btn-primary px-6 py-3" disabled={change.isPending}>
              {change.isPending ? 'Byter lösenord...' : 'Byt lösenord'}
            </button>
            <button type="reset" className="btn-outline px-6 py-3" disabled={change.isPending}>
              ÅTERSTÄLL
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
