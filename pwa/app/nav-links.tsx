import type { MouseEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';

/** The public navigation (spec 000 §2 'Top navigation and footer'), plus the recipe page and the articles. */
export const NAV_LINKS: readonly { to: string; label: string; alsoActiveOn?: readonly string[] }[] = [
  { to: '/aktuella-viner', label: 'Aktuella vintips', alsoActiveOn: ['/nya-viner'] },
  { to: '/fynd', label: 'Fynd' },
  { to: '/folkets-val', label: 'Folkets val' },
  { to: '/viner', label: 'Alla viner' },
  { to: '/recept', label: 'Recept' },
  { to: '/artiklar', label: 'Artiklar' },
  { to: '/om-oss', label: 'Om oss' },
];

// The newsletter's anchor on the start page (pwa/app/home-newsletter.tsx).
export const NEWSLETTER_ANCHOR = 'nyhetsbrev';
export const NEWSLETTER_HREF = `/#${NEWSLETTER_ANCHOR}`;
export const CONTENT_WIDTH = 'mx-auto w-full max-w-[1200px] px-4 md:px-6';

/**
 * A navigation link, marked as the current page (aria-current) by NavLink. /nya-viner is the same page as
 * /aktuella-viner (spec 000 §2), so that link is also current there.
 */
export function SiteNavLink({
  to,
  label,
  alsoActiveOn = [],
  className = '',
  onClick,
}: {
  to: string;
  label: string;
  alsoActiveOn?: readonly string[];
  className?: string;
  onClick?: () => void;
}) {
  const { pathname } = useLocation();
  const classes = (active: boolean) =>
    `font-sans text-sm font-semibold tracking-[0.12em] whitespace-nowrap uppercase lg:tracking-[0.06em] xl:tracking-[0.1em] transition-colors hover:text-wine ${
      active ? 'text-wine underline decoration-2 underline-offset-[0.6em]' : 'text-ink'
    } ${className}`;

  // NavLink only knows its own path, so the alias gets a plain Link marked by hand.
  if (alsoActiveOn.includes(pathname)) {
    return (
      <Link to={to} onClick={onClick} aria-current="page" className={classes(true)}>
        {label}
      </Link>
    );
  }
  return (
    <NavLink to={to} end={to === '/'} onClick={onClick} className={({ isActive }) => classes(isActive)}>
      {label}
    </NavLink>
  );
}

/**
 * 'BLI MEDLEM' (spec 000 §2): on the start page it scrolls smoothly to the newsletter and moves focus there;
 * on other pages it is a link to /#nyhetsbrev, where the home page brings the section into view.
 * `deferUntil` lets the drawer run the action only once it has closed.
 */
export function JoinLink({ className, deferUntil }: { className: string; deferUntil?: (action: () => void) => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  function handleClick(e: MouseEvent<HTMLAnchorElement>) {
    const onHome = pathname === '/' && document.getElementById(NEWSLETTER_ANCHOR) !== null;
    if (!onHome && !deferUntil) return; // the link navigates by itself
    e.preventDefault();
    const action = onHome ? scrollToNewsletter : () => navigate(NEWSLETTER_HREF);
    if (deferUntil) deferUntil(action);
    else action();
  }

  return (
    <Link to={NEWSLETTER_HREF} onClick={handleClick} className={className}>
      BLI MEDLEM
    </Link>
  );
}

function scrollToNewsletter() {
  const target = document.getElementById(NEWSLETTER_ANCHOR);
  if (!target) return;
  const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}
