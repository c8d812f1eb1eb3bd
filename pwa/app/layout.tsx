import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { AccountMenuButton, LoginButton } from '../features/auth/account-nav';
import { useAuth } from '../lib/auth/auth-provider';
import { HeaderSearch } from './header-search';
import { CONTENT_WIDTH, JoinLink, NAV_LINKS, NEWSLETTER_HREF, SiteNavLink } from './nav-links';
import { ScrollManager } from './scroll-manager';
import { formatDate } from '../lib/dates';

// The phone menu (and Headless UI with it) is loaded when it is first opened, not with every page.
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));
// The verification link's landing (?epost=…) too: its messages cost the start page 1 KB of its 150 KB budget.
const EmailVerifiedNotice = lazy(() => import('../features/auth/email-verified-notice').then((m) => ({ default: m.EmailVerifiedNotice })));

/**
 * The frame around every public page (spec 000 §2 'Top navigation and footer'): a newspaper masthead with
 * the dateline, the search box ('Sök vin', to /viner), the top navigation with 'Logga in' and 'BLI MEDLEM' for
 * visitors or the avatar menu for members (a side drawer below 1024 px), <main> for the page, and the footer with
 * the age note (25+) and the responsible-drinking message. Needs AuthProvider above it.
 */
export function RootLayout() {
  const [params] = useSearchParams();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Masthead />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollManager />
      {params.has('epost') && (
        <Suspense fallback={null}>
          <EmailVerifiedNotice />
        </Suspense>
      )}
    </div>
  );
}

/** 'Hoppa till innehållet': hidden until focused; moves focus into <main> without touching the router's history. */
function SkipLink() {
  function handleClick(e: MouseEvent<HTMLAnchorElement>) {
    e.preventDefault();
    const main = document.getElementById('main');
    main?.focus();
    main?.scrollIntoView({ block: 'start' });
  }
  return (
    <a
      href="#main"
      onClick={handleClick}
      className="sr-only z-50 bg-ink px-4 py-3 font-sans text-sm font-semibold text-paper focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Hoppa till innehållet
    </a>
  );
}

function Masthead() {
  const today = new Date();
  const { key } = useLocation();
  // The drawer belongs to the location it was opened on, so any navigation (links, back/forward) closes it.
  const [drawerOpenAt, setDrawerOpenAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenAt === key;
  const [drawerUsed, setDrawerUsed] = useState(false);

  return (
    <header className={CONTENT_WIDTH}>
      <div className="flex items-center justify-between gap-4 border-b border-rule py-2 font-sans text-xs text-ink-soft">
        <time dateTime={formatDate(today, { dateStyle: 'short' })}>{formatDate(today, { dateStyle: 'full' })}</time>
        <span className="font-serif italic">Sveriges vinguide</span>
      </div>

      {/* Below 1024 px the menu button and the account corner flank the nameplate and the search box has a row of
          its own under it; from 1024 px the box sits at the left of the nameplate, vertically centred on it. */}
      <div className="relative pt-4 pb-3 md:pt-6 md:pb-5 lg:py-7">
        <div className="relative flex items-center justify-center">
          <button
            type="button"
            aria-label="Öppna meny"
            aria-expanded={drawerOpen}
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpenAt(key);
            }}
            className="absolute left-0 grid size-11 place-items-center text-ink hover:text-wine lg:hidden"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="24"
              height="24"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            >
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
          <Link
            to="/"
            className="font-display text-[2.5rem] leading-none font-black tracking-tight text-ink hover:text-wine md:text-7xl lg:text-[5.5rem]"
            aria-label="Vinpressen – till startsidan"
          >
            Vinpressen
          </Link>
          {/* The account corner sits beside the nameplate, as on a newspaper's front page, so the bar below keeps
              its links centred whatever the reader's state. */}
          <div className="absolute right-0">
            <AccountCorner />
          </div>
        </div>
        <HeaderSearch className="mt-3 md:mt-5 lg:absolute lg:top-1/2 lg:left-0 lg:mt-0 lg:w-56 lg:-translate-y-1/2 xl:w-64" />
      </div>

      {/* From 1024 px, three columns keep the links centred under the nameplate with 'BLI MEDLEM' at the right
          (seven links and the button don't fit one line below that: the menu button opens them in the drawer). */}
      <nav aria-label="Huvudmeny" className="section-rule hidden min-h-11 lg:grid lg:grid-cols-[1fr_auto_1fr] lg:items-center">
        <ul className="col-start-2 flex items-center">
          {NAV_LINKS.map((link) => (
            <li key={link.to} className="border-l border-rule first:border-l-0">
              <SiteNavLink {...link} className="block px-3 py-3 text-xs xl:px-4 xl:text-sm" />
            </li>
          ))}
        </ul>
        <div className="justify-self-end">
          <VisitorOnly>
            <JoinLink className="btn-primary my-1.5 px-3 py-1.5 text-xs whitespace-nowrap lg:px-4" />
          </VisitorOnly>
        </div>
      </nav>
      {/* Below 1024 px the masthead closes with the same double rule the desktop nav carries. */}
      <div aria-hidden="true" className="section-rule h-1.5 lg:hidden" />

      {/* Mounted from the first opening on, so that it can also animate closed. */}
      {drawerUsed && (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpen} onClose={() => setDrawerOpenAt(null)} />
        </Suspense>
      )}
    </header>
  );
}

/**
 * The account corner of the masthead (spec 000 §2): 'Logga in' for visitors (only its icon on phones), the
 * avatar menu for members. Until the first current-user answer an invisible 'Logga in' holds the place, so
 * nothing flashes and nothing moves.
 */
function AccountCorner() {
  const { user } = useAuth();
  if (user) return <AccountMenuButton user={user} />;
  return (
    <VisitorOnly>
      <LoginButton className="flex min-h-11 min-w-11 items-center justify-center gap-2 px-2 font-sans text-xs font-semibold tracking-[0.12em] whitespace-nowrap text-ink uppercase transition-colors hover:text-wine" />
    </VisitorOnly>
  );
}

/** Shows its content to visitors; keeps its place invisibly while loading; gone for members (spec 000 §2). */
function VisitorOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'authenticated') return null;
  if (status === 'loading') {
    return (
      <div aria-hidden="true" inert className="invisible">
        {children}
      </div>
    );
  }
  return children;
}

/** Footer (spec 000 §1–§2): age note (25 or older), responsible drinking, the pages, © and the data source. */
function SiteFooter() {
  return (
    <footer className="mt-12 border-t-4 border-double border-ink bg-paper-dark/60">
      <div className={`${CONTENT_WIDTH} grid gap-10 py-10 md:grid-cols-[minmax(0,4fr)_minmax(0,3fr)_minmax(0,5fr)] md:py-12`}>
        <div>
          <Link to="/" className="font-display text-3xl font-black text-ink hover:text-wine">
            Vinpressen
          </Link>
          <p className="mt-2 leading-relaxed text-ink-soft">
            Sveriges vinguide i tidningsformat: månadens viner, fynd, nyheter och gemenskapens egna recensioner.
          </p>
        </div>

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

        <section aria-labelledby="footer-responsibility-heading">
          <h2 id="footer-responsibility-heading" className="font-sans text-xs font-bold tracking-[0.2em] text-ink uppercase">
            Ansvar
          </h2>
          <div className="mt-3 flex items-start gap-4">
            <span
              aria-hidden="true"
              className="grid size-14 shrink-0 place-items-center rounded-full border-2 border-wine font-display text-lg font-black text-wine"
            >
              25+
            </span>
            <div className="grid gap-2 leading-relaxed">
              <p className="text-ink">Vinpressen vänder sig till dig som är 25 år eller äldre.</p>
              <p className="text-ink-soft">
                Njut av vin med måtta. Alkohol kan skada din hälsa, och den som är gravid eller ska köra bör avstå helt.
              </p>
            </div>
          </div>
        </section>
      </div>

      <div className="border-t border-rule">
        <div className={`${CONTENT_WIDTH} flex flex-col gap-1 py-4 font-sans text-xs text-muted sm:flex-row sm:justify-between`}>
          <p>© Vinpressen {formatDate(Date.now(), { year: 'numeric' })}</p>
          <p>Vindata från Systembolagets sortiment 2021, priser uppdaterade 2026-08-22.</p>
        </div>
      </div>
    </footer>
  );
}
