// The masthead's site settings and the favicon: the values the site shows while they are unset (the others are in
// api/contract/site-settings-defaults.ts). Alone in this file because every page's first load carries it.

/** The masthead's settings and the favicon: the values shown while they are unset. */
export const MASTHEAD_SETTING_DEFAULTS = {
  'site.name': 'Vinpressen',
  'site.tagline': 'Sveriges vinguide',
  'logo.header': '/icons/icon.svg',
  'logo.favicon': '/favicon.svg',
} as const;
