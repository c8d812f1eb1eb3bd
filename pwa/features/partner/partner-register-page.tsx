import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { DUPLICATE_EMAIL_TOAST_MS, PARTNER_MESSAGES as M, PARTNER_PASSWORD_MIN_LENGTH } from '../../../api/contract/partner-rules';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { OFFLINE_TEXT } from '../../lib/error-text';
import { setServerFieldErrors } from '../../lib/forms';
import { PasswordField, TextField } from '../../components/ui/field';
import { postPartnerRegister } from './api';
import { PartnerCardPage } from './partner-ui';
import {
  EMPTY_REGISTRATION,
  isDuplicateAccount,
  REGISTER_FIELDS,
  RegisterFormSchema,
  validationToast,
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
  const {
    register: field,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RegisterValues, unknown, z.output<typeof RegisterFormSchema>>({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: EMPTY_REGISTRATION,
  });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const register = useMutation({ mutationFn: postPartnerRegister });
  const doneRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = 'Bli partner – Vinpressen';
  }, []);

  useEffect(() => {
    if (sentTo) doneRef.current?.focus();
  }, [sentTo]);

  const onSubmit = handleSubmit(
    (body) => {
      if (register.isPending) return;
      register.mutate(body, {
        onSuccess: () => setSentTo(body.email),
        onError: (err) => {
          if (isDuplicateAccount(err)) {
            toast.error(M.emailExistsTitle, { id: 'partner-register-exists', description: M.emailExists, duration: DUPLICATE_EMAIL_TOAST_MS });
            const onUsername = err instanceof ApiError && err.serverMessage?.includes(M.usernameAlreadyExists);
            if (onUsername) setError('username', { type: 'server', message: 'Användarnamnet är upptaget.' }, { shouldFocus: true });
            else setError('email', { type: 'server', message: M.emailExistsTitle }, { shouldFocus: true });
            return;
          }
          setServerFieldErrors(err, setError, REGISTER_FIELDS);
          const description = isNetworkError(err) ? OFFLINE_TEXT : (err instanceof ApiError && err.serverMessage) || M.registrationFailed;
          toast.error(M.registrationFailedTitle, { id: 'partner-register-failed', description });
        },
      });
    },
    (problems) => {
      const t = validationToast(problems);
      if (t) toast.error(t.title, { id: 'partner-register-check', description: t.description });
    },
  );

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

  const props = (name: RegisterField) => ({ ...field(name), error: errors[name]?.message });

  return (
    <PartnerCardPage title="Bli partner" wide>
      <p className="mt-3 text-ink-soft">
        Registrera ditt företag för att lägga in era viner och skicka dem till Vinpressens experter för granskning. Alla fält utom telefon krävs.
      </p>
      <form className="mt-6 grid gap-8" onSubmit={onSubmit} noValidate>
        <FormSection title="Företagsinformation">
          <TextField label="Företagsnamn" autoComplete="organization" required {...props('companyName')} />
          <TextField label="Kontaktperson" autoComplete="name" required {...props('contactName')} />
          <TextField label="Telefon" type="tel" autoComplete="tel" optional {...props('phone')} />
        </FormSection>
        <FormSection title="Personuppgifter">
          <TextField label="Förnamn" autoComplete="given-name" required {...props('firstName')} />
          <TextField label="Efternamn" autoComplete="family-name" required {...props('lastName')} />
        </FormSection>
        <FormSection title="Kontouppgifter">
          <TextField label="E-postadress" type="email" autoComplete="email" required {...props('email')} />
          <TextField label="Användarnamn" autoComplete="username" required {...props('username')} />
          <PasswordField
            label="Lösenord"
            autoComplete="new-password"
            hint={`Minst ${PARTNER_PASSWORD_MIN_LENGTH} tecken`}
            required
            {...props('password')}
          />
          <PasswordField label="Bekräfta lösenord" toggleLabel="bekräftelsen" autoComplete="new-password" required {...props('confirmPassword')} />
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
