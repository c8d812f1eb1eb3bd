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

/**
 * The tab a `?tab=` value selects (spec 001 §2): a known tab id; 'articles' opens the content tab (the
 * article editor itself comes with the content issue); anything else, or nothing, the dashboard.
 */
export function tabFromQuery(value: string | null): AdminTabId {
  if (value === 'articles') return 'content';
  return ADMIN_TABS.find((t) => t.id === value)?.id ?? 'dashboard';
}

/** Switches the admin panel's tab (the dashboard's quick actions use it). */
export const AdminTabContext = createContext<(tab: AdminTabId) => void>(() => {});

/** The function that switches the admin panel to another tab. */
export function useSwitchAdminTab(): (tab: AdminTabId) => void {
  return useContext(AdminTabContext);
}
