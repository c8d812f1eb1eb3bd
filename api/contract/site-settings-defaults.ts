// What the public site needs of its settings at run time, and nothing more: each public setting's default, and which
// ones may never show empty. The rest of each setting (kind, range, description) is in api/contract/site-settings.ts,
// which takes its defaults from here. The masthead's are in their own file, the only one every page's first load carries.
import { MASTHEAD_SETTING_DEFAULTS } from './masthead-settings';

export { MASTHEAD_SETTING_DEFAULTS };

/** The other settings (the footer, the newsletter box, the server's Folkets val rule): their values while unset. '' shows nothing. */
export const PAGE_SETTING_DEFAULTS = {
  'logo.footer': '/icons/icon.svg',
  'contact.email': 'redaktionen@vinpressen.se',
  'contact.phone': '',
  'social.instagram': '',
  'social.facebook': '',
  'newsletter.heading': 'Håll dig uppdaterad',
  'newsletter.text': 'Månadens vintips, nya fynd och gemenskapens favoriter – direkt till dig. Gratis, och du kan avsluta när du vill.',
  'age.limit': '25',
  'footer.text': 'Vinpressen vänder sig till dig som är 25 år eller äldre.',
  'footer.responsibility': 'Njut av vin med måtta. Alkohol kan skada din hälsa, och den som är gravid eller ska köra bör avstå helt.',
  'folkets_val.min_reviews': '3',
  'folkets_val.min_rating': '4',
} as const;

export type SiteSettingKey = keyof typeof MASTHEAD_SETTING_DEFAULTS | keyof typeof PAGE_SETTING_DEFAULTS;

/** Every setting's default (what 'Migrera data nu' stores). */
export const SITE_SETTING_DEFAULTS: Readonly<Record<SiteSettingKey, string>> = { ...MASTHEAD_SETTING_DEFAULTS, ...PAGE_SETTING_DEFAULTS };

/** The settings that may not be empty: the site always shows them (an empty stored one shows its default). */
export const REQUIRED_SETTINGS: readonly SiteSettingKey[] = [
  'site.name',
  'newsletter.heading',
  'age.limit',
  'footer.text',
  'footer.responsibility',
  'folkets_val.min_reviews',
  'folkets_val.min_rating',
];
