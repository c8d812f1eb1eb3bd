import { isCleanText } from './text-rules';

// The one rule for addresses the site writes into links and images: content buttons and links (the block builder and
// the HTML editor, through sanitize-html), image addresses, wine and logo addresses, social links in the settings.
// No zod here: the PWA imports this file at run time (it draws stored blocks with the same rule).
//
// Why so strict: browsers read '\' as '/' and skip leading spaces and tabs/newlines inside a URL, so '/\evil.example',
// '//evil.example', ' //evil.example' and '/\t/evil.example' all leave the site although they look like site paths.

/** The absolute URL schemes a link may have. */
export const LINK_SCHEMES = ['http:', 'https:', 'mailto:'] as const;
export type LinkScheme = (typeof LINK_SCHEMES)[number];

/** What a place accepts besides the common rule. */
export interface LinkRule {
  /** Absolute URLs of these schemes; default http:, https: and mailto:. */
  schemes?: readonly LinkScheme[];
  /** Site paths ('/', '/fynd', '/api/images/…'); default true. */
  sitePaths?: boolean;
  /** Fragments of the same page ('#', '#recept'); default false. */
  fragments?: boolean;
}

/**
 * True when `value` is a safe address under `rule`. Never: whitespace, a backslash or a forbidden character
 * (api/contract/text-rules.ts) anywhere, or the empty string. Then one of:
 * - a site path: '/' alone, or '/' followed by a character that is neither '/' nor '\' ('//host' is another site);
 * - a fragment '#…' (when `rule.fragments`);
 * - an absolute URL with one of `rule.schemes`: http(s) as `scheme://host…` with a host URL can read, mailto: with an
 *   address after it.
 */
export function isSafeLink(value: string, rule: LinkRule = {}): boolean {
  const { schemes = LINK_SCHEMES, sitePaths = true, fragments = false } = rule;
  if (!value || /[\s\\]/.test(value) || !isCleanText(value)) return false;
  if (value.startsWith('/')) return sitePaths && (value === '/' || /^\/[^/\\]/.test(value));
  if (value.startsWith('#')) return fragments;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme || !(schemes as readonly string[]).includes(`${scheme}:`)) return false;
  if (scheme === 'mailto') return value.length > 'mailto:'.length;
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === `${scheme}:` && url.hostname !== '';
  } catch {
    return false;
  }
}
