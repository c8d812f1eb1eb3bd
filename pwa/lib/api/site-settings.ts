import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '../../../api/contract/admin-content';
import { MASTHEAD_SETTING_DEFAULTS } from '../../../api/contract/masthead-settings';
import { apiRequest } from '../api-client';

// The site settings on the public pages (api/contract/site-settings.ts). This part is in every page's first load: the
// one query and the masthead's settings; the footer and the newsletter box read the rest through
// pwa/lib/api/site-settings-page.ts, in their own lazily loaded code.

/** The query key of GET /api/settings/public; the admin's settings and logos invalidate it after a save. */
export const PUBLIC_SETTINGS_KEY = ['/api/settings/public'] as const;

/**
 * GET /api/settings/public (cached by the server and dropped on every change): only the settings that are set.
 * `select` shapes them for the caller.
 */
export function usePublicSettings<T>(select: (stored: PublicSettings | undefined) => T): T {
  const query = useQuery({ queryKey: PUBLIC_SETTINGS_KEY, queryFn: () => apiRequest<PublicSettings>('GET', '/api/settings/public'), select });
  return query.data ?? select(undefined);
}

/** A stored setting, trimmed, or `fallback` when it is unset (or, if `required`, empty). */
export function storedOr(stored: PublicSettings | undefined, key: string, fallback: string, required = false): string {
  const own = stored?.[key]?.trim();
  return own === undefined || (own === '' && required) ? fallback : own;
}

/** The masthead's settings and the favicon; '' means 'not shown' (the name is never empty). */
export interface MastheadSettings {
  siteName: string;
  tagline: string;
  headerLogo: string;
  favicon: string;
}

const D = MASTHEAD_SETTING_DEFAULTS;
const masthead = (stored: PublicSettings | undefined): MastheadSettings => ({
  siteName: storedOr(stored, 'site.name', D['site.name'], true),
  tagline: storedOr(stored, 'site.tagline', D['site.tagline']),
  headerLogo: storedOr(stored, 'logo.header', D['logo.header']),
  favicon: storedOr(stored, 'logo.favicon', D['logo.favicon']) || D['logo.favicon'],
});

/** The masthead's settings: their defaults while the answer is on its way, offline or on an error. */
export function useMastheadSettings(): MastheadSettings {
  return usePublicSettings(masthead);
}
