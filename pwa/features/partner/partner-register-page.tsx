import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { DUPLICATE_EMAIL_TOAST_MS, PARTNER_MESSAGES as M, PARTNER_PASSWORD_MIN_LENGTH } from '../../../api/contract/partner-rules';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { OFFLINE_TEXT } from '../../lib/error-text';
import { PasswordField, TextField } from '../../components/ui/field';
import { postPartnerRegister } from './api';
import { PartnerCardPage } from './partner-ui';
import {
  EMPTY_REGISTRATION,
  isDuplicateAccount,
  REGISTER_FIELDS,
  serverRegisterErrors,
  validateRegistration,
  validationToast,
  type RegisterErrors,
  type RegisterField,
  type RegisterValues,
} from './register-form';

/**
 * /partner-register and /partner/register (spec 001 §2 'Partner registration', §5, §8): company info (company
 * name, contact person, optional phone), personal info (first and last name) and account info (e-mail, username,
 * password, confirmation). The checks of register-form.ts run before sending, each message on its field; a taken
 * address gives the 8-second toast 'E-postadressen finns redan'. Success shows a confirmation that a verification
 * link was sent, with a button to the login.
 */
export function PartnerRegisterPage() {
  const [values, setValues] = useState<RegisterValues>(EMPTY_REGISTRATION);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [tried, setTried] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<RegisterField, HTMLInputElement | null>>>({});
  const register = useMutation({ mutationFn: postPartnerRegister });
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = 'Bli partner – Vinpressen';
  }, []);

  useEffect(() => {
    if (sentTo) doneRef.current?.focus();
  }, [sentTo]);

  function update(field: RegisterField, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (tried) setErrors(validateRegistration(next));
    else if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  }

  function focusFirst(problems: RegisterErrors) {
    const first = REGISTER_FIELDS.find((f) => problems[f]);
    if (first) inputs.current[first]?.focus();
    return Boolean(first);
  }

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (register.isPending) return;
    setTried(true);
    const problems = validateRegistration(values);
    setErrors(problems);
    if (focusFirst(problems)) {
      const t = validationToast(problems);
      if (t) toast.error(t.title, { id: 'partner-register-check', description: t.description });
      return;
    }
    const body = { ...values, email: values.email.trim(), phone: values.phone.trim() || null };
    register.mutate(body, {
      onSuccess: () => setSentTo(body.email),
      onError: (err) => {
        if (isDuplicateAccount(err)) {
          toast.error(M.emailExistsTitle, { id: 'partner-register-exists', description: M.emailExists, duration: DUPLICATE_EMAIL_TOAST_MS });
          const onUsername = err instanceof ApiError && err.serverMessage?.includes(M.usernameAlreadyExists);
          const fieldErrors: RegisterErrors = onUsername ? { username: 'Användarnamnet är upptaget.' } : { email: M.emailExistsTitle };
          setErrors(fieldErrors);
          focusFirst(fieldErrors);
          return;
        }
        const fromServer = serverRegisterErrors(err);
        setErrors(fromServer);
        focusFirst(fromServer);
        const description = isNetworkError(err) ? OFFLINE_TEXT : (err instanceof ApiError && err.serverMessage) || M.registrationFailed;
        toast.error(M.registrationFailedTitle, { id: 'partner-register-failed', description });
      },
    });
  }

  if (sentTo) {
    return (
      <PartnerCardPage title="Kolla din e-post">
        <div role="status" className="mt-4">
          <h2 ref={doneRef} tabIndex={-1} className="sr-only">
            Registreringen är klar
          </h2>
          <p className="text-lg text-ink">{M.registered}</p>
          <p className="mt-3 font-sans text-sm text-ink-soft">
            Länken gick till <strong className="break-all text-ink">{sentTo}</strong>. Hittar du inte mejlet? Titta i skräpposten; från inloggningen
            kan du be om en ny länk.
          </p>
        </div>
        <Link to="/partner/login" className="btn-primary mt-6 w-full py-3">
          Till inloggningen
        </Link>
      </PartnerCardPage>
    );
  }

  const field = (name: RegisterField) => ({
    value: values[name],
    onValueChange: (v: string) => update(name, v),
    error: errors[name],
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
  });

  return (
    <PartnerCardPage title="Bli partner" wide>
      <p className="mt-3 text-ink-soft">
        Registrera ditt företag för att lägga in era viner och skicka dem till Vinpressens experter för granskning. Alla fält utom telefon krävs.
      </p>
      <form className="mt-6 grid gap-8" onSubmit={handleSubmit} noValidate>
        <FormSection title="Företagsinformation">
          <TextField label="Företagsnamn" autoComplete="organization" required {...field('companyName')} />
          <TextField label="Kontaktperson" autoComplete="name" required {...field('contactName')} />
          <TextField label="Telefon" type="tel" autoComplete="tel" optional {...field('phone')} />
        </FormSection>
        <FormSection title="Personuppgifter">
          <TextField label="Förnamn" autoComplete="given-name" required {...field('firstName')} />
          <TextField label="Efternamn" autoComplete="family-name" required {...field('lastName')} />
        </FormSection>
        <FormSection title="Kontouppgifter">
          <TextField label="E-postadress" type="email" autoComplete="email" required {...field('email')} />
          <TextField label="Användarnamn" autoComplete="username" required {...field('username')} />
          <PasswordField
            label="Lösenord"
            autoComplete="new-password"
            hint={`Minst ${PARTNER_PASSWORD_MIN_LENGTH} tecken`}
            required
            {...field('password')}
          />
          <PasswordField label="Bekräfta lösenord" toggleLabel="bekräftelsen" autoComplete="new-password" required {...field('confirmPassword')} />
        </FormSection>
        <button type="submit" className="btn-primary w-full py-3" disabled={register.isPending}>
          {register.isPending ? 'Registrerar…' : 'Registrera'}
        </button>
      </form>
      <p className="mt-6 border-t border-rule pt-4 font-sans text-sm text-ink-soft">
        Har du redan ett partnerkonto?{' '}
        <Link to="/partner/login" className="font-semibold text-wine underline underline-offset-2 hover:text-wine-dark">
          Logga in
        </Link>
      </p>
    </PartnerCardPage>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-5 sm:grid-cols-2">
      <legend className="section-rule mb-4 w-full py-1.5 font-sans text-sm font-bold tracking-[0.18em] text-ink uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}
