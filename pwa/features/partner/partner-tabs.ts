import { createContext, useContext } from 'react';

/** The partner dashboard's tabs in order (spec 001 §2 'Partner dashboard'), with the ?tab= value of each. */
export const PARTNER_TABS = [
  { id: 'oversikt', label: 'Översikt' },
  { id: 'mina-viner', label: 'Mina viner' },
  { id: 'bulk-upload', label: 'Bulk-upload' },
  { id: 'profil', label: 'Profil' },
  { id: 'hjalp', label: 'Hjälp' },
] as const;
export type PartnerTabId = (typeof PARTNER_TABS)[number]['id'];

/** The tab a `?tab=` value selects: a known id, else Översikt. */
export function partnerTabFromQuery(value: string | null): PartnerTabId {
  return PARTNER_TABS.find((t) => t.id === value)?.id ?? 'oversikt';
}

/** Switches the dashboard's tab (the overview's quick actions use it). */
export const PartnerTabContext = createContext<(tab: PartnerTabId) => void>(() => {});

export function useSwitchPartnerTab(): (tab: PartnerTabId) => void {
  return useContext(PartnerTabContext);
}
