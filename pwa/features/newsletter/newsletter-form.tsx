import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ApiError, isNetworkError } from '../../lib/api-client';
import { useSubscribeToNewsletter } from './api/subscribe';

/** The newsletter anchor: 'BLI MEDLEM' and the wine page's subscribe button go to /#nyhetsbrev (spec 000 §2). */
export const NEWSLETTER_ANCHOR = 'nyhetsbrev';

/**
 * The newsletter signup 'Håll dig uppdaterad' (spec 000 §2 'Home page' item 5, §5): e-mail and phone (both
 * required) and a required GDPR consent, sent with 'Bli medlem idag!' to POST /api/newsletter. The browser
 * checks the fields first; the server's Swedish message (e.g. 'Ange ett giltigt telefonnummer') is shown in
 * the error toast. The form clears after a successful signup.
 */
export function NewsletterSection({ id = NEWSLETTER_ANCHOR }: { id?: string }) {
  const headingId = useId();
  const fieldId = useId();
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [consent, setConsent] = useState(false);
  const subscribe = useSubscribeToNewsletter();
  const sending = subscribe.isPending;

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The browser's own validation (required, type=email) has run; this guards a second click while sending.
    if (sending || !consent) return;
    subscribe.mutate(
      { email: email.trim(), phone: phone.trim(), gdprConsent: true },
      {
        onSuccess: () => {
          toast.success('Tack för din anmälan!', { description: 'Du får nu våra vintips och nyheter via e-post.' });
          setEmail('');
          setPhone('');
          setConsent(false);
        },
        onError: (err) => {
          toast.error('Anmälan misslyckades', { description: signupErrorText(err) });
        },
      },
    );
  }

  const inputClass =
    'mt-1.5 block w-full border border-ink/70 bg-paper px-3 py-2.5 font-sans text-base text-ink placeholder:text-muted focus:border-wine focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-wine';
  const labelClass = 'block font-sans text-xs font-bold tracking-[0.15em] text-ink uppercase';

  return (
    // tabIndex -1: 'BLI MEDLEM' moves focus here after scrolling, so keyboard users land on the form.
    <section id={id} aria-labelledby={headingId} tabIndex={-1} className="my-10 scroll-mt-4 focus:outline-none md:my-14">
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

          <form onSubmit={handleSubmit} aria-labelledby={headingId} className="grid gap-5 md:border-l md:border-rule md:pl-12">
            <div className="grid gap-5 sm:grid-cols-2">
              <div>
                <label htmlFor={`${fieldId}-email`} className={labelClass}>
                  E-postadress
                </label>
                <input
                  id={`${fieldId}-email`}
                  name="email"
                  type="email"
                  required
                  autoComplete="email"
                  inputMode="email"
                  placeholder="namn@exempel.se"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  className={inputClass}
                />
              </div>
              <div>
                <label htmlFor={`${fieldId}-phone`} className={labelClass}>
                  Telefonnummer
                </label>
                <input
                  id={`${fieldId}-phone`}
                  name="phone"
                  type="tel"
                  required
                  autoComplete="tel"
                  inputMode="tel"
                  placeholder="070-123 45 67"
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                  className={inputClass}
                />
              </div>
            </div>

            <div className="flex items-start gap-3">
              <input
                id={`${fieldId}-gdpr`}
                name="gdprConsent"
                type="checkbox"
                required
                checked={consent}
                onChange={(e) => setConsent(e.target.checked)}
                className="mt-1 size-5 shrink-0 accent-wine"
              />
              <label htmlFor={`${fieldId}-gdpr`} className="text-base leading-snug text-ink">
                Jag godkänner att ni sparar mina kontaktuppgifter för nyhetsbrevet enligt GDPR
              </label>
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
