// The PWA's routes (spec 000 §2 'Routing overview', 001 §2 'Routing groups'). The API server uses this
// list (routes are added here as their screens are built) to answer unknown paths with HTTP 404 (the PWA then shows its English 404 page), and the PWA's
// router is checked against it in a test. `:param` segments match one path segment; `?` marks it optional.
export const SITE_ROUTES = [
  '/',
  '/wine/:id',
  '/medals',
  '/nya-viner',
  '/aktuella-viner',
  '/fynd',
  '/folkets-val',
  '/viner',
  '/recept',
  '/recept/:slug',
  '/om-oss',
  '/artiklar',
  '/artiklar/:slug',
  '/reset-password',
  '/settings',
  '/mina-recensioner',
  '/admin-login',
  '/admin',
  '/admin-new',
  '/admin-debug',
  '/admin/page-editor/:pageId',
  '/admin/article-editor/:id?',
  '/partner-login',
  '/partner/login',
  '/partner-register',
  '/partner/register',
  '/partner',
  '/partner/wines/new',
  '/partner/wines/edit/:id',
  '/partner/wines/:id/submit',
  '/partner/sync',
] as const;

/** `segment` percent-decoded, or null when its %-escapes are not valid UTF-8 ('%E0%A4%A', '%ZZ'). */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * True when `pathname` is one of the PWA's routes (trailing slash tolerated). A segment with bad percent-encoding
 * matches nothing, not even a `:param` (such a path names no page).
 */
export function isSiteRoute(pathname: string): boolean {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  return SITE_ROUTES.some((route) => {
    const pattern = route.split('/').filter(Boolean);
    const required = pattern.filter((p) => !p.endsWith('?')).length;
    if (parts.length < required || parts.length > pattern.length) return false;
    return pattern.every((seg, i) => {
      const part = parts[i];
      if (part === undefined) return seg.endsWith('?');
      const decoded = decodeSegment(part);
      return decoded !== null && (seg.startsWith(':') || seg === decoded);
    });
  });
}
