import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import { NewsletterSignup } from '../../../api/contract/newsletter';
import { TextField } from '../../components/ui/fields';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { useSubscribeToNewsletter } from './api/subscribe';

/** The form's values as typed: the consent box may be unticked until the schema says otherwise. */
interface SignupValues {
  email: string;
  phone: string;
  gdprConsent: boolean;
}

const FIELDS: readonly (keyof SignupValues)[] = ['email', 'phone', 'gdprConsent'];
const EMPTY: SignupValues = { email: '', phone: '', gdprConsent: false };

/**
 * The newsletter signup 'Håll dig uppdaterad' (spec 000 §2 'Home page' item 5, §5): e-mail and phone (both
 * required) and a required GDPR consent, sent with 'Bli medlem idag!' to POST /api/newsletter. The browser checks
 * the fields first (required, type=email), then the API's own schema (api/contract/newsletter.ts: e.g. 'Ange ett
 * giltigt telefonnummer') under the field. A refusal shows the server's Swedish message in the error toast, and its
 * per-field `details` under the fields. The form clears after a successful signup.
 *
 * The anchor #nyhetsbrev ('BLI MEDLEM') is the place the page gives the section (pwa/app/home-newsletter.tsx), so
 * that it exists before this code has loaded.
 */
export function NewsletterSection() {
  const headingId = useId();
  const fieldId = useId();
  const subscribe = useSubscribeToNewsletter();
  const sending = subscribe.isPending;
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SignupValues, unknown, NewsletterSignup>({
    // The schema's input says gdprConsent: true; the box starts unticked, which the schema then refuses.
    resolver: zodResolver(NewsletterSignup) as unknown as Resolver<SignupValues, unknown, NewsletterSignup>,
    defaultValues: EMPTY,
  });

  const onValid = (signup: NewsletterSignup) => {
    // Guards a second click while sending.
    if (sending) return;
    subscribe.mutate(signup, {
      onSuccess: () => {
        toast.success('Tack för din anmälan!', { description: 'Du får nu våra vintips och nyheter via e-post.' });
        reset(EMPTY);
      },
      onError: (err) => {
        for (const [field, message] of fieldErrors(err)) setError(field, { type: 'server', message });
        toast.error('Anmälan misslyckades', { description: signupErrorText(err) });
      },
    });
  };

  const consentError = errors.gdprConsent?.message;

  return (
    <section aria-labelledby={headingId} className="my-10 md:my-14">
      <div className="border-y-4 border-double border-ink bg-paper-dark px-5 py-10 md:px-12 md:py-12">
        <div className="grid gap-8 md:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] md:gap-12">
          <div>
            <p className="font-sans text-xs font-bold tracking-[0.2em] text-wine uppercase">Nyhetsbrev</p>
            <h2 id={headingId} className="mt-2 text-3xl leading-tight font-black text-ink md:text-4xl">
              Håll dig uppdaterad
            </h2>
            <p className="mt-3 text-lg leading-relaxed text-ink-soft">
              Månadens vintips, nya fynd och gemenskapens favoriter – direkt till dig. Gratis, och du kan avsluta när du vill.
            </p>
          </div>

          <form onSubmit={handleSubmit(onValid)} aria-labelledby={headingId} className="grid gap-5 md:border-l md:border-rule md:pl-12">
            <div className="grid gap-5 sm:grid-cols-2">
              <Controller
                control={control}
                name="email"
                render={({ field, fieldState }) => (
                  <TextField
                    id={`${fieldId}-email`}
                    label="E-postadress"
                    name={field.name}
                    type="email"
                    required
                    autoComplete="email"
                    inputMode="email"
                    placeholder="namn@exempel.se"
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="phone"
                render={({ field, fieldState }) => (
                  <TextField
                    id={`${fieldId}-phone`}
                    label="Telefonnummer"
                    name={field.name}
                    type="tel"
                    required
                    autoComplete="tel"
                    inputMode="tel"
                    placeholder="070-123 45 67"
                    value={field.value}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </div>

            <div>
              <div className="flex items-start gap-3">
                <input
                  id={`${fieldId}-gdpr`}
                  type="checkbox"
                  required
                  {...register('gdprConsent')}
                  aria-invalid={consentError ? true : undefined}
                  aria-describedby={consentError ? `${fieldId}-gdpr-error` : undefined}
                  className="mt-1 size-5 shrink-0 accent-wine"
                />
                <label htmlFor={`${fieldId}-gdpr`} className="text-base leading-snug text-ink">
                  Jag godkänner att ni sparar mina kontaktuppgifter för nyhetsbrevet enligt GDPR
                </label>
              </div>
              {consentError && (
                <p id={`${fieldId}-gdpr-error`} className="mt-1.5 font-sans text-sm font-semibold text-wine">
                  {consentError}
                </p>
              )}
            </div>

            <div>
              <button type="submit" className="btn-primary w-full px-6 py-3 text-base sm:w-auto" disabled={sending}>
                {sending ? 'Skickar...' : 'Bli medlem idag!'}
              </button>
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}

/** The server's per-field messages (`error.details[]`, paths like 'body.phone') for the form's own fields. */
function fieldErrors(err: unknown): [keyof SignupValues, string][] {
  if (!(err instanceof ApiError)) return [];
  const details = (err.body as { error?: { details?: { path?: unknown; message?: unknown }[] } } | null)?.error?.details ?? [];
  const found: [keyof SignupValues, string][] = [];
  for (const d of details) {
    if (typeof d.path !== 'string' || typeof d.message !== 'string') continue;
    const field = d.path.replace(/^body\./, '') as keyof SignupValues;
    if (FIELDS.includes(field)) found.push([field, d.message]);
  }
  return found;
}

/** The error toast's description: the server's own message, else a hint that fits the failure. */
function signupErrorText(err: unknown): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  if (isNetworkError(err)) return 'Ingen anslutning just nu. Försök igen när du är online.';
  return 'Kontrollera uppgifterna och försök igen.';
}
