import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { NewsletterSignup } from '../../../api/contract/newsletter';
import { FieldError, TextField } from '../../components/ui/field';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { setServerFieldErrors } from '../../lib/forms';
import { useSubscribeToNewsletter } from './api/subscribe';
import { useSiteSettings } from '../../lib/api/site-settings-page';

/** The form's values as typed: the consent box may be unticked until the schema says otherwise. */
interface SignupValues {
  email: string;
  phone: string;
  gdprConsent: boolean;
}

/** The fields the server's error details may name ('body.phone' → phone). */
const FIELDS: readonly (keyof SignupValues)[] = ['email', 'phone', 'gdprConsent'];
const EMPTY: SignupValues = { email: '', phone: '', gdprConsent: false };

/**
 * The newsletter signup 'Håll dig uppdaterad' (spec 000 §2 'Home page' item 5, §5): e-mail and phone (both
 * required) and a required GDPR consent, sent with 'Bli medlem idag!' to POST /api/newsletter. The browser checks
 * the fields first (required, type=email), then the API's own schema (api/contract/newsletter.ts: e.g. 'Ange ett
 * giltigt telefonnummer') under the field. A refusal shows the server's Swedish message in the error toast, and its
 * per-field `details` under the fields (pwa/lib/forms.ts). Fields from the kit (pwa/components/ui/field.tsx); the
 * consent keeps its own larger box and text. The form clears after a successful signup.
 *
 * The anchor #nyhetsbrev ('BLI MEDLEM') is the place the page gives the section (pwa/app/home-newsletter.tsx), so
 * that it exists before this code has loaded.
 */
export function NewsletterSection() {
  // The heading and the text are the settings 'newsletter.heading' and 'newsletter.text' ('Håll dig uppdaterad' …).
  const settings = useSiteSettings();
  const headingId = useId();
  const fieldId = useId();
  const subscribe = useSubscribeToNewsletter();
  const sending = subscribe.isPending;
  const {
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
        setServerFieldErrors(err, setError, FIELDS);
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
              {settings.newsletterHeading}
            </h2>
            {settings.newsletterText && <p className="mt-3 text-lg leading-relaxed text-ink-soft">{settings.newsletterText}</p>}
          </div>

          <form onSubmit={handleSubmit(onValid)} aria-labelledby={headingId} className="grid gap-5 md:border-l md:border-rule md:pl-12">
            <div className="grid gap-5 sm:grid-cols-2">
              <TextField
                id={`${fieldId}-email`}
                label="E-postadress"
                type="email"
                required
                autoComplete="email"
                inputMode="email"
                placeholder="namn@exempel.se"
                {...register('email')}
                error={errors.email?.message}
              />
              <TextField
                id={`${fieldId}-phone`}
                label="Telefonnummer"
                type="tel"
                required
                autoComplete="tel"
                inputMode="tel"
                placeholder="070-123 45 67"
                {...register('phone')}
                error={errors.phone?.message}
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
              {consentError && <FieldError id={`${fieldId}-gdpr-error`}>{consentError}</FieldError>}
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

/** The error toast's description: the server's own message, else a hint that fits the failure. */
function signupErrorText(err: unknown): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  if (isNetworkError(err)) return 'Ingen anslutning just nu. Försök igen när du är online.';
  return 'Kontrollera uppgifterna och försök igen.';
}
