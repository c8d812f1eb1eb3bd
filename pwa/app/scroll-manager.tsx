import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Scroll handling for the declarative router: a new page (link, redirect) opens at the top; back and
 * forward are left to the browser's own scroll restoration; an address with #anchor is left to the page
 * that owns the anchor (the home page scrolls to #nyhetsbrev itself).
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger: every new page opens at the top.
  useEffect(() => {
    if (navigationType === 'POP' || hash) return;
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash, navigationType]);
  return null;
}
