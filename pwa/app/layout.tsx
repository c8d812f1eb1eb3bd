import { lazy, Suspense, useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { AccountMenuButton, LoginButton } from '../features/auth/account-nav';
import { useAuth } from '../lib/auth/auth-provider';
import { HeaderSearch } from './header-search';
import { CONTENT_WIDTH, JoinLink, NAV_LINKS, SiteNavLink } from './nav-links';
import { NearViewport } from '../components/near-viewport';
import { ScrollManager } from './scroll-manager';
import { formatDate } from '../lib/dates';
import { useMastheadSettings, type MastheadSettings } from '../lib/api/site-settings';

// The phone menu (and Headless UI with it) is loaded when it is first opened, not with every page.
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));
// The footer, with the site settings it shows, when it comes near the viewport (the start page's first-load budget).
const SiteFooter = lazy(() => import('./site-footer').then((m) => ({ default: m.SiteFooter })));
// The verification link's landing (?epost=…) too: its messages cost the start page 1 KB of its 150 KB budget.
const EmailVerifiedNotice = lazy(() => import('../features/auth/email-verified-notice').then((m) => ({ default: m.EmailVerifiedNotice })));

/**
 * The frame around every public page (spec 000 §2 'Top navigation and footer'): a newspaper masthead with
 * the dateline, the search box ('Sök vin', to /viner), the top navigation with 'Logga in' and 'BLI MEDLEM' for
 * visitors or the avatar menu for members (a side drawer below 1024 px), <main> for the page, and the footer with
 * the age note (25+) and the responsible-drinking message. The name, tagline, logos, favicon, footer texts, age
 * limit, contact details and social links are the site settings (GET /api/settings/public, useSiteSettings; their
 * defaults until it answers). Needs AuthProvider above it.
 */
export function RootLayout() {
  const [params] = useSearchParams();
  const settings = useMastheadSettings();
  useFavicon(settings.favicon);
  useBodyFont();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <Masthead settings={settings} />
      {/* At least a screen tall, so the footer never shows (and is then pushed down) while a page or its data loads. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 focus:outline-none">
        <Outlet />
      </main>
      {/* Below the fold on every page (<main> is at least a screen tall): its code comes when it shows, so a page's
          first load never fetches it (the start page's budget). */}
      <NearViewport rootMargin="0px" placeholderClassName="mt-12 min-h-[36rem] md:min-h-[18rem]">
        <SiteFooter />
      </NearViewport>
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

/**
 * Asks for the body text's font (Source Serif 4, 400) at once. The footer, whose text used to ask for it with the
 * first paint, now loads when it comes into view; without this a page's text would swap fonts (and move) only after
 * it came in.
 */
function useBodyFont() {
  useEffect(() => {
    void document.fonts?.load('400 1em "Source Serif 4"');
  }, []);
}

/** The tab's icon: the setting 'logo.favicon' (the site's own /favicon.svg by default). */
function useFavicon(href: string) {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (link && link.getAttribute('href') !== href) link.setAttribute('href', href);
  }, [href]);
}

function Masthead({ settings }: { settings: MastheadSettings }) {
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
        {settings.tagline && <span className="font-serif italic">{settings.tagline}</span>}
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
            className="relative font-display text-[2.5rem] leading-none font-black tracking-tight text-ink hover:text-wine md:text-7xl lg:text-[5.5rem]"
            aria-label={`${settings.siteName} – till startsidan`}
          >
            {/* Beside the name, outside the flow: the name stays centred and nothing moves when the logo comes. */}
            {settings.headerLogo && (
              // Lazy: hidden on phones, where it is then never fetched (nor competes with the page's own requests).
              <img
                src={settings.headerLogo}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                className="absolute top-1/2 right-full mr-4 hidden size-12 -translate-y-1/2 object-contain md:block lg:mr-3 lg:size-10 xl:mr-4 xl:size-14"
              />
            )}
            {settings.siteName}
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
