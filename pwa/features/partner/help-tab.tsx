import { Link } from 'react-router-dom';
import { SectionHeading } from '../../components/ui/blocks';
import { usePublicSettings } from './api';

/** The way of a wine through the portal (spec 001 §2 'Hjälp', §4). */
const STEPS = [
  { title: 'Utkast', text: 'Lägg till vinet i formuläret eller via Excel-mallen. Det sparas som utkast, som du kan ändra så länge du vill.' },
  { title: 'Skicka in', text: 'När namn, beskrivning, pris och betyg finns skickar du in vinet. Region, druvsort och årgång rekommenderas.' },
  { title: 'Expertgranskning', text: 'Vinpressens experter granskar vinet. Under granskningen kan vinet inte ändras.' },
  {
    title: 'Publicering',
    text: 'Ett godkänt vin publiceras på Vinpressen, ibland med märket ”Granskad av Vinpressen” och en medalj. Avvisas vinet ser du anledningen under Mina viner.',
  },
] as const;

/**
 * Hjälp (spec 001 §2): the flow draft → submit → expert review → publication, and the support contact by e-mail
 * and phone from the public site settings ('contact.email', 'contact.phone'); what is not set is left out, and
 * with neither the reader is pointed to /om-oss.
 */
export function HelpTab() {
  const settings = usePublicSettings();
  const email = settings.data?.['contact.email']?.trim();
  const phone = settings.data?.['contact.phone']?.trim();

  return (
    <div className="grid gap-10 lg:grid-cols-12">
      <section aria-labelledby="help-flow" className="lg:col-span-7">
        <SectionHeading>
          <span id="help-flow">Så fungerar det</span>
        </SectionHeading>
        <ol className="grid gap-4">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-4">
              <span
                aria-hidden="true"
                className="grid size-10 shrink-0 place-items-center rounded-full bg-wine font-display text-lg font-bold text-white"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-bold">{step.title}</h3>
                <p className="text-ink-soft">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="help-contact" className="lg:col-span-5">
        <SectionHeading>
          <span id="help-contact">Support</span>
        </SectionHeading>
        <p className="text-ink-soft">Har du frågor om portalen eller en granskning? Kontakta oss.</p>
        {settings.isPending ? (
          <p className="mt-3 font-sans text-sm text-muted" aria-busy="true">
            Hämtar kontaktuppgifter…
          </p>
        ) : email || phone ? (
          <dl className="mt-4 grid gap-3 font-sans">
            {email && (
              <div>
                <dt className="text-xs font-bold tracking-[0.15em] text-muted uppercase">E-post</dt>
                <dd>
                  <a href={`mailto:${email}`} className="text-lg font-semibold break-all text-wine underline underline-offset-2">
                    {email}
                  </a>
                </dd>
              </div>
            )}
            {phone && (
              <div>
                <dt className="text-xs font-bold tracking-[0.15em] text-muted uppercase">Telefon</dt>
                <dd>
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="text-lg font-semibold text-wine underline underline-offset-2">
                    {phone}
                  </a>
                </dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="mt-3 font-sans text-sm text-ink-soft">
            Supportens e-post och telefon är inte inlagda än. Du når redaktionen via{' '}
            <Link to="/om-oss" className="font-semibold text-wine underline underline-offset-2">
              Om oss
            </Link>
            .
          </p>
        )}
      </section>
    </div>
  );
}
