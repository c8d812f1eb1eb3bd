import { Menu, MenuButton, MenuHeading, MenuItem, MenuItems, MenuSection, MenuSeparator } from '@headlessui/react';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../../../api/contract/auth';
import { accountLinks, accountMenuLabel, AvatarCircle } from './account-nav';
import { useAuth } from '../../lib/auth/auth-provider';

const itemClass =
  'flex min-h-11 w-full items-center px-4 py-2.5 text-left font-sans text-sm font-semibold text-ink data-focus:bg-paper-dark data-focus:text-wine';

/**
 * The avatar menu (spec 000 §2): the username's initial in a circle opens a menu with the username and
 * e-mail, 'Mina recensioner', 'Inställningar' (not for admins) and 'Logga ut'. Headless UI gives it the
 * menu keyboard model (arrows, Home/End, type-ahead, Escape) and returns focus to the avatar.
 */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const { logout } = useAuth();
  return (
    <Menu>
      <MenuButton aria-label={accountMenuLabel(user)} className="group grid size-11 place-items-center rounded-full">
        <AvatarCircle username={user.username} className="transition-colors group-hover:bg-wine-dark group-data-open:bg-ink" />
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className="z-40 w-72 max-w-[calc(100vw-2rem)] origin-top-right border border-ink bg-paper py-1 shadow-xl transition duration-150 ease-out [--anchor-gap:8px] focus:outline-none data-closed:scale-95 data-closed:opacity-0 motion-reduce:transition-none"
      >
        <MenuSection>
          <MenuHeading className="border-b border-rule px-4 pt-2.5 pb-3">
            <span className="block font-display text-lg leading-tight font-bold text-ink">{user.username}</span>
            <span className="block truncate font-sans text-sm text-muted" title={user.email}>
              {user.email}
            </span>
          </MenuHeading>
          {accountLinks(user).map((link) => (
            <MenuItem key={link.to}>
              <Link to={link.to} className={itemClass}>
                {link.label}
              </Link>
            </MenuItem>
          ))}
        </MenuSection>
        <MenuSeparator className="my-1 h-px bg-rule" />
        <MenuItem>
          <button type="button" onClick={() => void logout()} className={itemClass}>
            Logga ut
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
