import { createContext, useContext } from 'react';

/** The admin panel's tabs in order (spec 001 §2 'Admin panel'), with their Swedish names. */
export const ADMIN_TABS = [
  { id: 'dashboard', label: 'Översikt' },
  { id: 'wines', label: 'Viner' },
  { id: 'partner-review', label: 'Partnergranskning' },
  { id: 'users', label: 'Användare' },
  { id: 'reviews', label: 'Recensioner' },
  { id: 'content', label: 'Innehåll' },
  { id: 'newsletter', label: 'Nyhetsbrev' },
] as const;
export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];
export type AdminTab = (typeof ADMIN_TABS)[number];

/** Who uses the panel: admins see every tab, moderators only decide pending reviews. */
export type PanelRole = 'admin' | 'moderator';

/** The tabs a moderator sees: only Recensioner (the API refuses them every other admin route). */
const MODERATOR_TABS: readonly AdminTabId[] = ['reviews'];

/** The tabs `role` sees, in the panel's order. */
export function tabsFor(role: PanelRole): readonly AdminTab[] {
  return role === 'admin' ? ADMIN_TABS : ADMIN_TABS.filter((t) => MODERATOR_TABS.includes(t.id));
}

/**
 * The tab a `?tab=` value selects (spec 001 §2): a known tab id; 'articles' opens the content tab (the
 * article editor itself comes with the content issue); anything else, or nothing, the dashboard. A moderator
 * always gets Recensioner, whatever the address says.
 */
export function tabFromQuery(value: string | null, role: PanelRole = 'admin'): AdminTabId {
  if (role === 'moderator') return 'reviews';
  if (value === 'articles') return 'content';
  return ADMIN_TABS.find((t) => t.id === value)?.id ?? 'dashboard';
}

/** What a tab may be opened with: `new` opens the Wines tab's form for a new wine (?tab=wines&new=1). */
export interface AdminTabOptions {
  openNew?: boolean;
}

/** The address parameter of AdminTabOptions.openNew; the tab that honours it removes it. */
export const OPEN_NEW_PARAM = 'new';

/** Switches the admin panel's tab (the dashboard's quick actions use it). */
export const AdminTabContext = createContext<(tab: AdminTabId, options?: AdminTabOptions) => void>(() => {});

/** The function that switches the admin panel to another tab. */
export function useSwitchAdminTab(): (tab: AdminTabId, options?: AdminTabOptions) => void {
  return useContext(AdminTabContext);
}
