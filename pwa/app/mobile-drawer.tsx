import { Dialog, DialogPanel, DialogTitle, Transition, TransitionChild } from '@headlessui/react';
import { useRef } from 'react';
import { accountLinks, AvatarCircle } from '../features/auth/account-nav';
import { useAuth } from '../lib/auth/auth-provider';
import { JoinLink, NAV_LINKS, SiteNavLink } from './nav-links';

/**
 * The phone menu (spec 000 §2 'Mobile has a side drawer with the same items'): a modal side panel with the
 * links, and the account items: for members the username, e-mail, 'Mina recensioner', 'Inställningar' (not
 * for admins) and 'Logga ut'; for visitors 'Logga in' and 'BLI MEDLEM'. Headless UI traps focus, closes on
 * Escape and on a click outside, and returns focus to the menu button. The masthead closes it when the
 * reader navigates.
 */
export function MobileDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { status, user, logout, openAuthDialog } = useAuth();
  // 'BLI MEDLEM' and 'Logga in' wait until the drawer is gone: while it is open the page is scroll-locked and
  // focus is trapped in the panel, and on closing Headless UI hands focus back to the menu button.
  const afterClose = useRef<(() => void) | null>(null);
  function closeThen(action: () => void) {
    afterClose.current = action;
    onClose();
  }
  function handleAfterLeave() {
    const run = afterClose.current;
    afterClose.current = null;
    // Focus goes back to the menu button as the dialog unmounts; move on after that.
    if (run) window.requestAnimationFrame(run);
  }

  return (
    <Transition show={open} appear afterLeave={handleAfterLeave}>
      <Dialog onClose={onClose} className="relative z-50 lg:hidden">
        <TransitionChild>
          <div
            aria-hidden="true"
            className="fixed inset-0 bg-ink/50 transition-opacity duration-200 ease-out data-closed:opacity-0 motion-reduce:transition-none"
          />
        </TransitionChild>
        <div className="fixed inset-0 flex">
          <TransitionChild>
            <DialogPanel className="flex h-full w-[85%] max-w-sm flex-col overflow-y-auto bg-paper shadow-xl transition-transform duration-200 ease-out data-closed:-translate-x-full motion-reduce:transition-none">
              <div className="flex items-center justify-between border-b-4 border-double border-ink px-5 py-4">
                <div>
                  <DialogTitle className="font-sans text-xs font-bold tracking-[0.2em] text-muted uppercase">Meny</DialogTitle>
                  <p className="font-display text-3xl leading-tight font-black text-ink">Vinpressen</p>
                </div>
                <button type="button" aria-label="Stäng meny" onClick={onClose} className="grid size-11 place-items-center text-ink hover:text-wine">
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
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              </div>

              <nav aria-label="Huvudmeny" className="px-5">
                <ul>
                  <li className="border-b border-rule">
                    <SiteNavLink to="/" label="Startsidan" onClick={onClose} className="block py-4" />
                  </li>
                  {NAV_LINKS.map((link) => (
                    <li key={link.to} className="border-b border-rule">
                      <SiteNavLink {...link} onClick={onClose} className="block py-4" />
                    </li>
                  ))}
                </ul>
              </nav>

              {user ? (
                <section aria-label="Ditt konto" className="mx-5 mt-6 border-t-4 border-double border-ink pt-4">
                  <div className="flex items-center gap-3">
                    <AvatarCircle username={user.username} />
                    <div className="min-w-0">
                      <p className="truncate font-display text-lg leading-tight font-bold text-ink">{user.username}</p>
                      <p className="truncate font-sans text-sm text-muted">{user.email}</p>
                    </div>
                  </div>
                  <ul className="mt-3">
                    {accountLinks(user).map((link) => (
                      <li key={link.to} className="border-b border-rule">
                        <SiteNavLink {...link} onClick={onClose} className="block py-4" />
                      </li>
                    ))}
                  </ul>
                  <button type="button" onClick={() => closeThen(() => void logout())} className="btn-outline mt-5 w-full py-3">
                    Logga ut
                  </button>
                </section>
              ) : (
                <div className="grid gap-3 px-5 py-6">
                  {status === 'unauthenticated' && (
                    <button type="button" onClick={() => closeThen(() => openAuthDialog('login'))} className="btn-outline w-full py-3">
                      Logga in
                    </button>
                  )}
                  <JoinLink className="btn-primary w-full py-3" deferUntil={closeThen} />
                  <p className="text-sm text-ink-soft">Få månadens vintips i nyhetsbrevet.</p>
                </div>
              )}

              <p className="mt-auto border-t border-rule px-5 py-4 font-sans text-xs text-muted">
                För dig som är 25 år eller äldre. Njut av vin med måtta.
              </p>
            </DialogPanel>
          </TransitionChild>
        </div>
      </Dialog>
    </Transition>
  );
}
