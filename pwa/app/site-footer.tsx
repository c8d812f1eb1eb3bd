import { Link } from 'react-router-dom';
import { formatDate } from '../lib/dates';
import { useSiteSettings } from '../lib/api/site-settings-page';
import { CONTENT_WIDTH, NAV_LINKS, NEWSLETTER_HREF } from './nav-links';

/**
 * Footer (spec 000 §1–§2): the name with its logo, age note (the age limit, 25 by default) and responsible drinking,
 * the pages, contact and social links when set, © and the data source.
 */
export function SiteFooter() {
  const settings = useSiteSettings();
  const contact = [
    settings.contactEmail && { href: `mailto:${settings.contactEmail}`, label: settings.contactEmail },
    settings.contactPhone && { href: `tel:${settings.contactPhone.replace(/[^\d+]/g, '')}`, label: settings.contactPhone },
    settings.instagram && { href: settings.instagram, label: 'Instagram' },
    settings.facebook && { href: settings.facebook, label: 'Facebook' },
  ].filter((c): c is { href: string; label: string } => Boolean(c));
  return (
    <footer className="mt-12 border-t-4 border-double border-ink bg-paper-dark/60">
      <div className={`${CONTENT_WIDTH} grid gap-10 py-10 md:grid-cols-[minmax(0,4fr)_minmax(0,3fr)_minmax(0,5fr)] md:py-12`}>
        <div>
          <Link to="/" className="inline-flex items-center gap-3 font-display text-3xl font-black text-ink hover:text-wine">
            {settings.footerLogo && <img src={settings.footerLogo} alt="" width={40} height={40} className="size-10 object-contain" loading="lazy" />}
            {settings.siteName}
          </Link>
          <p className="mt-2 leading-relaxed text-ink-soft">
            Sveriges vinguide i tidningsformat: månadens viner, fynd, nyheter och gemenskapens egna recensioner.
          </p>
        </div>

        <div>
          <nav aria-labelledby="footer-pages-heading">
            <h2 id="footer-pages-heading" className="font-sans text-xs font-bold tracking-[0.2em] text-ink uppercase">
              Sidor
            </h2>
            <ul className="mt-3 grid gap-1.5">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-ink-soft underline-offset-4 hover:text-wine hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <Link to="/medals" className="text-ink-soft underline-offset-4 hover:text-wine hover:underline">
                  Medaljer för producenter
                </Link>
              </li>
              <li>
                <Link to={NEWSLETTER_HREF} className="text-ink-soft underline-offset-4 hover:text-wine hover:underline">
                  Nyhetsbrev
                </Link>
              </li>
            </ul>
          </nav>
          {contact.length > 0 && (
            <section aria-labelledby="footer-contact-heading">
              <h2 id="footer-contact-heading" className="mt-6 font-sans text-xs font-bold tracking-[0.2em] text-ink uppercase">
                Kontakt
              </h2>
              <ul className="mt-3 grid gap-1.5">
                {contact.map((c) => (
                  <li key={c.href}>
                    <a
                      href={c.href}
                      className="break-all text-ink-soft underline-offset-4 hover:text-wine hover:underline"
                      {...(c.href.startsWith('http') ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                    >
                      {c.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>

        <section aria-labelledby="footer-responsibility-heading">
          <h2 id="footer-responsibility-heading" className="font-sans text-xs font-bold tracking-[0.2em] text-ink uppercase">
            Ansvar
          </h2>
          <div className="mt-3 flex items-start gap-4">
            <span
              aria-hidden="true"
              className="grid size-14 shrink-0 place-items-center rounded-full border-2 border-wine font-display text-lg font-black text-wine"
            >
              {settings.ageLimit}+
            </span>
            <div className="grid gap-2 leading-relaxed">
              <p className="text-ink">
                {settings.footerText}
                <span className="sr-only"> Åldersgräns: {settings.ageLimit} år.</span>
              </p>
              <p className="text-ink-soft">{settings.footerResponsibility}</p>
            </div>
          </div>
        </section>
      </div>

      <div className="border-t border-rule">
        <div className={`${CONTENT_WIDTH} flex flex-col gap-1 py-4 font-sans text-xs text-muted sm:flex-row sm:justify-between`}>
          <p>
            © {settings.siteName} {formatDate(Date.now(), { year: 'numeric' })}
          </p>
          <p>Vindata från Systembolagets sortiment 2021, priser uppdaterade 2026-08-22.</p>
        </div>
      </div>
    </footer>
  );
}
