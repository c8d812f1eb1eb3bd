import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SIGNED_IN_TOAST, toast } from '../../lib/toast';
import { z } from 'zod';
import { LoginBody, RegisterBody, ResetPasswordBody, type CurrentUser } from '../../../api/contract/auth';
import { AUTH_MESSAGES, PASSWORD_MIN_LENGTH, RESET_TOKEN_TTL_MINUTES } from '../../../api/contract/auth-rules';
import { postLogin, postRegister, postResetRequest } from './api/account-requests';
import { CURRENT_USER_KEY } from '../../lib/api/session';
import type { AuthDialogView } from '../../lib/auth/auth-provider';
import { accountErrorText } from '../../lib/error-text';
import { filledEmail, setServerFieldErrors } from '../../lib/forms';
import { PasswordField, TextField } from '../../components/ui/field';
import { PaperDialog, PaperDialogHeader } from '../../components/ui/paper-dialog';

const TITLES: Record<AuthDialogView, { title: string; lede: string }> = {
  login: { title: 'Välkommen tillbaka', lede: 'Logga in för att recensera viner och betygsätta dem.' },
  register: { title: 'Bli en av oss', lede: 'Skapa ett konto för att recensera viner och dela dina omdömen med gemenskapen.' },
  forgot: { title: 'Glömt lösenordet?', lede: 'Ange din e-postadress så skickar vi en länk där du väljer ett nytt lösenord.' },
};

/**
 * The login/register dialog (spec 000 §2 'Login/register dialog', §4, §5, §8): two tabs, 'Logga in' and
 * 'Registrera', and a forgot-password view with a way back. Headless UI traps focus, closes on Escape and on
 * a click outside, and hands focus back to what opened it. After a sign-in or a registration (the server
 * signs the new member in) the current user is refetched, the dialog closes and `onSignedIn` runs.
 * `session` changes with every opening, which starts the forms afresh.
 */
export function AuthDialog({
  open,
  initialView,
  session,
  onClose,
  onSignedIn,
}: {
  open: boolean;
  initialView: AuthDialogView;
  session: number;
  onClose: () => void;
  onSignedIn?: (user: CurrentUser) => void;
}) {
  const queryClient = useQueryClient();

  function handleSignedIn(user: CurrentUser) {
    // Show the user at once, then ask the server (spec 000 §7: the current user is refetched).
    queryClient.setQueryData(CURRENT_USER_KEY, user);
    void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    onClose();
    onSignedIn?.(user);
  }

  return (
    <PaperDialog open={open} onClose={onClose} width="md">
      <AuthDialogContent key={session} initialView={initialView} onClose={onClose} onSignedIn={handleSignedIn} />
    </PaperDialog>
  );
}

function AuthDialogContent({
  initialView,
  onClose,
  onSignedIn,
}: {
  initialView: AuthDialogView;
  onClose: () => void;
  onSignedIn: (user: CurrentUser) => void;
}) {
  const [view, setView] = useState<AuthDialogView>(initialView);
  // Moving between login and the forgot view puts focus in the new view's first field; switching tabs
  // leaves it on the tab, where the arrow keys work.
  const [focusOnMount, setFocusOnMount] = useState(false);
  const [email, setEmail] = useState('');
  const { title, lede } = TITLES[view];

  function goTo(next: AuthDialogView) {
    setFocusOnMount(true);
    setView(next);
  }

  return (
    <>
      <PaperDialogHeader kicker="Vinpressen" title={title} lede={lede} onClose={onClose} />

      {view === 'forgot' ? (
        <ForgotPasswordView initialEmail={email} autoFocus={focusOnMount} onBack={() => goTo('login')} />
      ) : (
        <TabGroup selectedIndex={view === 'register' ? 1 : 0} onChange={(i) => setView(i === 1 ? 'register' : 'login')}>
          <TabList className="mx-5 mt-5 grid grid-cols-2 border-y border-ink sm:mx-7">
            {(['Logga in', 'Registrera'] as const).map((label) => (
              <Tab
                key={label}
                className="min-h-11 border-b-[3px] border-transparent px-3 font-sans text-sm font-bold tracking-[0.12em] text-ink-soft uppercase transition-colors hover:text-wine focus-visible:outline-offset-[-3px] data-selected:border-wine data-selected:text-wine"
              >
                {label}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="px-5 pt-5 pb-6 sm:px-7 sm:pb-7">
            <TabPanel>
              <LoginForm email={email} onEmailChange={setEmail} autoFocus={focusOnMount} onForgot={() => goTo('forgot')} onSignedIn={onSignedIn} />
            </TabPanel>
            <TabPanel>
              <RegisterForm email={email} onEmailChange={setEmail} onSignedIn={onSignedIn} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      )}
    </>
  );
}

/** Login's form: LoginBody's password rule, an e-mail that is only required to be there (spec 000 §5). */
const LoginFormSchema = LoginBody.extend({ email: filledEmail() });
type LoginValues = z.input<typeof LoginFormSchema>;

/** Login (spec 000 §5): e-mail and password must be non-empty after trimming, else nothing is sent. */
function LoginForm({
  email,
  onEmailChange,
  autoFocus,
  onForgot,
  onSignedIn,
}: {
  email: string;
  onEmailChange: (v: string) => void;
  autoFocus: boolean;
  onForgot: () => void;
  onSignedIn: (user: CurrentUser) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues, unknown, z.output<typeof LoginFormSchema>>({
    resolver: zodResolver(LoginFormSchema),
    defaultValues: { email, password: '' },
  });
  const login = useMutation({ mutationFn: postLogin });

  const onValid = handleSubmit((body) => {
    if (login.isPending) return;
    login.mutate(body, {
      onSuccess: (user) => {
        toast.success('Inloggad!', { id: SIGNED_IN_TOAST, description: `Välkommen tillbaka, ${user.username}!` });
        onSignedIn(user);
      },
      onError: (err) => {
        toast.error('Inloggning misslyckades', { description: accountErrorText(err, 'Kontrollera din e-postadress och lösenord.') });
      },
    });
  });

  return (
    <form onSubmit={onValid} noValidate className="grid gap-5">
      <TextField
        label="E-postadress"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        data-autofocus
        autoFocus={autoFocus}
        {...register('email', { onChange: (e) => onEmailChange(e.target.value) })}
        error={errors.email?.message}
      />
      <div>
        <PasswordField label="Lösenord" autoComplete="current-password" required {...register('password')} error={errors.password?.message} />
        <button
          type="button"
          onClick={onForgot}
          className="mt-1 -ml-1 min-h-11 px-1 font-sans text-sm text-wine underline underline-offset-4 hover:text-wine-dark"
        >
          Glömt lösenordet?
        </button>
      </div>
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={login.isPending}>
        {login.isPending ? 'Loggar in...' : 'Logga in'}
      </button>
    </form>
  );
}

/**
 * Register's form: RegisterBody's username and optional names, a required e-mail, password and confirmation.
 * The password's length and the confirmation are checked after, each with its own toast (spec 000 §5).
 */
const RegisterFormSchema = RegisterBody.pick({ username: true, firstName: true, lastName: true }).extend({
  email: filledEmail(),
  password: z.string().min(1, { message: AUTH_MESSAGES.passwordRequired }),
  confirmPassword: z.string().min(1, { message: 'Bekräfta lösenordet' }),
});
type RegisterValues = z.input<typeof RegisterFormSchema>;
const REGISTER_FIELDS = ['username', 'email', 'password', 'firstName', 'lastName'] as const;

/**
 * Register (spec 000 §5): username, e-mail, password and its confirmation are required, first and last name
 * optional; the passwords must match and be at least 6 characters, each refusal with its own toast.
 */
function RegisterForm({
  email,
  onEmailChange,
  onSignedIn,
}: {
  email: string;
  onEmailChange: (v: string) => void;
  onSignedIn: (user: CurrentUser) => void;
}) {
  const {
    register: field,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<RegisterValues, unknown, z.output<typeof RegisterFormSchema>>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { username: '', email, password: '', confirmPassword: '', firstName: '', lastName: '' },
  });
  const register = useMutation({ mutationFn: postRegister });

  const onValid = handleSubmit(({ confirmPassword, ...body }) => {
    if (register.isPending) return;
    if (body.password !== confirmPassword) {
      toast.error(AUTH_MESSAGES.passwordsDontMatchTitle, { description: AUTH_MESSAGES.passwordsDontMatch });
      setFocus('confirmPassword');
      return;
    }
    if (body.password.length < PASSWORD_MIN_LENGTH) {
      toast.error(AUTH_MESSAGES.passwordTooShortTitle, { description: AUTH_MESSAGES.passwordTooShort });
      setFocus('password');
      return;
    }
    register.mutate(body, {
      onSuccess: (user) => {
        toast.success('Registrering lyckades!', {
          description: `Välkommen till Vinpressen, ${user.username}! Du är nu inloggad. Vi har skickat en länk för att bekräfta din e-postadress.`,
        });
        onSignedIn(user);
      },
      onError: (err) => {
        // The server's field messages (e.g. an invalid e-mail) go under their fields as well.
        setServerFieldErrors(err, setError, REGISTER_FIELDS);
        // A 400 carries the server's reason (e.g. an invalid e-mail), better than "the name may be taken".
        toast.error('Registrering misslyckades', {
          description: accountErrorText(err, 'Användarnamnet eller e-postadressen kanske redan finns.', [400, 403, 429]),
        });
      },
    });
  });

  return (
    <form onSubmit={onValid} noValidate className="grid gap-5">
      <TextField
        label="Användarnamn"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        required
        data-autofocus
        {...field('username')}
        error={errors.username?.message}
      />
      <TextField
        label="E-postadress"
        type="email"
        autoComplete="email"
        inputMode="email"
        required
        {...field('email', { onChange: (e) => onEmailChange(e.target.value) })}
        error={errors.email?.message}
      />
      <PasswordField
        label="Lösenord"
        autoComplete="new-password"
        required
        hint={`Minst ${PASSWORD_MIN_LENGTH} tecken`}
        {...field('password')}
        error={errors.password?.message}
      />
      <PasswordField
        label="Bekräfta lösenord"
        autoComplete="new-password"
        toggleLabel="bekräftelsen"
        required
        {...field('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Förnamn" autoComplete="given-name" optional {...field('firstName')} error={errors.firstName?.message} />
        <TextField label="Efternamn" autoComplete="family-name" optional {...field('lastName')} error={errors.lastName?.message} />
      </div>
      <button type="submit" className="btn-primary w-full py-3 text-base" disabled={register.isPending}>
        {register.isPending ? 'Registrerar...' : 'Skapa konto'}
      </button>
    </form>
  );
}

/** The forgot view's form: an e-mail that must be there (ResetPasswordBody's format check is the server's). */
const ForgotFormSchema = ResetPasswordBody.extend({ email: filledEmail() });
type ForgotValues = z.input<typeof ForgotFormSchema>;

/** Forgot password (spec 000 §4, §5): the e-mail must be non-empty; the answer is the same for any address. */
function ForgotPasswordView({ initialEmail, autoFocus, onBack }: { initialEmail: string; autoFocus: boolean; onBack: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues, unknown, z.output<typeof ForgotFormSchema>>({
    resolver: zodResolver(ForgotFormSchema),
    defaultValues: { email: initialEmail },
  });
  const [sentTo, setSentTo] = useState<string>();
  const backRef = useRef<HTMLButtonElement>(null);
  const request = useMutation({ mutationFn: postResetRequest });

  // The form (and the focused button with it) gives way to the confirmation; focus moves on to 'back'.
  useEffect(() => {
    if (sentTo) backRef.current?.focus();
  }, [sentTo]);

  const onValid = handleSubmit(({ email }) => {
    if (request.isPending) return;
    request.mutate(
      { email },
      {
        onSuccess: () => {
          toast.success('Återställningslänk skickad!', { description: 'Kontrollera din e-post för instruktioner om lösenordsåterställning.' });
          setSentTo(email);
        },
        onError: (err) => {
          toast.error('Misslyckades att skicka återställningslänk', {
            description: accountErrorText(err, 'Kontrollera att e-postadressen är korrekt.', [429]),
          });
        },
      },
    );
  });

  return (
    <div className="px-5 pt-5 pb-6 sm:px-7 sm:pb-7">
      {sentTo ? (
        <div role="status" className="border-l-4 border-green bg-paper-dark px-4 py-3">
          <p className="font-semibold text-ink">Kolla din inkorg</p>
          <p className="mt-1 text-ink-soft">
            Om det finns ett konto för <span className="font-semibold break-all text-ink">{sentTo}</span> har vi skickat en länk dit. Länken gäller i{' '}
            {RESET_TOKEN_TTL_MINUTES} minuter.
          </p>
        </div>
      ) : (
        <form onSubmit={onValid} noValidate className="grid gap-5">
          <TextField
            label="E-postadress"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            data-autofocus
            autoFocus={autoFocus}
            {...register('email')}
            error={errors.email?.message}
          />
          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={request.isPending}>
            {request.isPending ? 'Skickar...' : 'Skicka återställningslänk'}
          </button>
        </form>
      )}
      <button
        type="button"
        ref={backRef}
        onClick={onBack}
        className="mt-4 inline-flex min-h-11 items-center gap-2 font-sans text-sm font-semibold text-wine hover:text-wine-dark hover:underline"
      >
        <span aria-hidden="true">←</span> Tillbaka till inloggning
      </button>
    </div>
  );
}
