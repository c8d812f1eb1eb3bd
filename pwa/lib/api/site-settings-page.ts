import type { PublicSettings } from '../../../api/contract/admin-content';
import { MASTHEAD_SETTING_DEFAULTS, PAGE_SETTING_DEFAULTS, REQUIRED_SETTINGS } from '../../../api/contract/site-settings-defaults';
import { storedOr, usePublicSettings } from './site-settings';

/** What the footer and the newsletter box show of the site settings, each trimmed; '' means 'not shown'. */
export interface SiteSettings {
  siteName: string;
  footerLogo: string;
  contactEmail: string;
  contactPhone: string;
  instagram: string;
  facebook: string;
  newsletterHeading: string;
  newsletterText: string;
  /** Whole years, 18–99. */
  ageLimit: number;
  footerText: string;
  footerResponsibility: string;
}

type PageKey = keyof typeof PAGE_SETTING_DEFAULTS;

/**
 * The stored settings (`stored`: GET /api/settings/public, only those that are set) over their defaults: an unset
 * setting shows its default, and so does a required one stored empty or an age limit that is no whole number 18–99
 * (the API refuses both, but rows from before the rule may hold them). An optional one stored empty is ''.
 */
export function siteSettingsFrom(stored: PublicSettings | undefined): SiteSettings {
  const value = (key: PageKey) => storedOr(stored, key, PAGE_SETTING_DEFAULTS[key], REQUIRED_SETTINGS.includes(key));
  const age = Number(value('age.limit'));
  return {
    siteName: storedOr(stored, 'site.name', MASTHEAD_SETTING_DEFAULTS['site.name'], true),
    footerLogo: value('logo.footer'),
    contactEmail: value('contact.email'),
    contactPhone: value('contact.phone'),
    instagram: value('social.instagram'),
    facebook: value('social.facebook'),
    newsletterHeading: value('newsletter.heading'),
    newsletterText: value('newsletter.text'),
    ageLimit: Number.isInteger(age) && age >= 18 && age <= 99 ? age : Number(PAGE_SETTING_DEFAULTS['age.limit']),
    footerText: value('footer.text'),
    footerResponsibility: value('footer.responsibility'),
  };
}

/**
 * The footer's and the newsletter box's settings (GET /api/settings/public, the one query of
 * pwa/lib/api/site-settings.ts): their defaults while it loads, offline or on an error, so nothing is ever blank.
 */
export function useSiteSettings(): SiteSettings {
  return usePublicSettings(siteSettingsFrom);
}
