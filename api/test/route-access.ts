import type { UserRole } from '../contract/auth-rules';

/**
 * Who may call a route: 'public' (anyone, guests included), 'signed-in' (any signed-in user, whatever the role), or
 * the roles that may (every other signed-in role gets 403, a guest 401).
 */
export type RouteAccess = 'public' | 'signed-in' | readonly UserRole[];

const ADMIN = ['admin'] as const;
const PARTNER = ['partner'] as const;
/** README.md 'Reviews': "Nothing is public until an admin or a moderator approves it"; moderators see only that tab. */
const REVIEW_DECIDERS = ['admin', 'moderator'] as const;

/**
 * The expected access of EVERY route of the API, written out by hand from the product rules rather than read from the
 * routes' own `access` declarations: `api/test/authorization.test.ts` fails when a registered route is missing here,
 * when an entry names a route that no longer exists, when a route declares other access than this, and when a
 * guest or a role gets another answer than this table promises. A new route therefore needs a line here, which is
 * where its reviewer sees who may call it.
 *
 * Keys are `METHOD /path` with the Koa path as registered (`:id` for parameters). The rules come from README.md
 * (the 'Architecture' bullets 'Accounts and sessions', 'Password reset by mail', 'Abuse protection', 'Admin sign-in
 * and authorisation' and 'The admin panel'; the sections 'Reviews', 'Partner portal' and 'Differences from the
 * original') and from the product spec the code cites as spec 000 (public site: §6 roles, §7 calls) and spec 001
 * (admin area and partner portal: §2 screens, §6 roles, §7 calls):
 * - guests browse wines, read reviews, use the newsletter form, read the public pages, and sign in, register or
 *   reset a password (spec 000 §6: "Public pages need no sign-in"; "The reset page is reachable by anyone holding a
 *   token link");
 * - reviewing needs a sign-in (spec 000 §6: a guest "must log in or register to review");
 * - the admin area is for admins (spec 001 §6); moderators only decide community reviews and "The API refuses them
 *   everything else" (README.md 'Reviews');
 * - the partner portal needs a signed-in partner (spec 001 §6);
 * - passwords change through the partner call for partners and the user call for other users; admins sign in through
 *   the identity provider and have no password to change (spec 000 §6–§7, spec 001 §1 and §6).
 */
export const ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // System: liveness, readiness and the OpenAPI document (README.md 'Running in production', 'Architecture').
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/docs': 'public',

  // What search engines read at the site's root (docs/seo.md): public like the pages they list.
  'GET /sitemap.xml': 'public',
  'GET /robots.txt': 'public',

  // Public reading (spec 000 §6 Guest, §7 calls; README.md 'Pages and articles', 'Differences from the original').
  'GET /api/wines': 'public',
  'GET /api/wines/search': 'public',
  'GET /api/wines/catalogue': 'public',
  'GET /api/wines/:id': 'public',
  'GET /api/wines/:id/reviews': 'public',
  'GET /api/wines/:id/similar': 'public',
  'GET /api/slider-wines': 'public',
  'GET /api/recipes': 'public', // the built-in recipes of /recept and /recept/{id}
  'GET /api/expert-reviews/featured': 'public',
  'GET /api/settings/public': 'public',
  'GET /api/pages/:pageId': 'public',
  'GET /api/articles': 'public',
  'GET /api/articles/:slug': 'public', // an admin also gets drafts there (preview); everyone else the published ones
  'GET /api/medal-designs': 'public', // the public /medals page (spec 001 §2 routing groups)
  'GET /api/medal-designs/:id.svg': 'public',
  'GET /api/images/:id': 'public', // uploaded wine images and logos on the public site (README.md 'The admin panel')
  'GET /api/images/systembolaget/:file': 'public', // the wines' bottle photos on the public site (docs/wine-photos.md)
  'POST /api/newsletter': 'public', // spec 000 §6: guests use the newsletter form

  // Member accounts (spec 000 §6–§7; README.md 'Accounts and sessions', 'Password reset by mail').
  'GET /api/auth/current': 'public', // answers a guest 401 "not signed in" by design (spec 000 §7): see GUEST_401_BY_DESIGN
  'POST /api/auth/login': 'public',
  'POST /api/auth/register': 'public',
  'GET /api/auth/verify': 'public', // the mailed link, followed before or without a sign-in
  'POST /api/auth/resend-verification': 'signed-in', // "a new one from /settings" for the signed-in member
  'POST /api/auth/logout': 'public', // 204 also when not signed in
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/reset-password-confirm': 'public', // anyone holding a token link (spec 000 §6)
  'POST /api/user/change-password': ['user', 'moderator'], // "other users the user endpoint"; not partners, not admins
  'POST /api/partner/change-password': PARTNER, // "partners use the partner endpoint" (spec 000 §7, spec 001 §6)

  // Admin sign-in through the identity provider: reached before anyone is signed in (spec 001 §2 'Admin login').
  'GET /api/auth/admin-sign-in': 'public',
  'GET /api/login': 'public',
  'GET /api/callback': 'public',

  // Community reviews (spec 000 §6; README.md 'Reviews'). Any signed-in member may review a wine (partners not
  // their own company's: README.md 'Abuse protection'), and everyone who reviews sees their own under 'Mina recensioner'.
  'POST /api/wines/:id/reviews': 'signed-in',
  'GET /api/user/reviews': 'signed-in',

  // Review moderation: admins and moderators (README.md 'Reviews'; spec 001 §2 'Reviews moderation tab').
  'GET /api/admin/reviews/pending': REVIEW_DECIDERS,
  'POST /api/admin/reviews/:id/approve': REVIEW_DECIDERS,
  'POST /api/admin/reviews/:id/reject': REVIEW_DECIDERS,

  // Partner portal, before sign-in (spec 001 §2 'Partner login', 'Partner registration', §7).
  'POST /api/partner/register': 'public',
  'GET /api/partner/verify': 'public',
  'POST /api/partner/resend-verification': 'public', // by address, from the login page (README.md 'Differences…')
  'POST /api/partner/login': 'public',
  'POST /api/partner/logout': 'public', // like /api/auth/logout: 204 also when not signed in

  // Partner portal, signed in as a partner (spec 001 §6–§7; README.md 'Partner portal').
  'GET /api/partner/current': PARTNER,
  'GET /api/partner/wines': PARTNER,
  'GET /api/partner/wines/:id': PARTNER,
  'POST /api/partner/wines': PARTNER,
  'PUT /api/partner/wines/:id': PARTNER,
  'POST /api/partner/wines/:id/submit': PARTNER,
  'DELETE /api/partner/wines/:id': PARTNER,
  'POST /api/partner/wines/:id/duplicate': PARTNER,
  'POST /api/partner/wines/:id/revise': PARTNER,
  'GET /api/partner/wines/template': PARTNER,
  'POST /api/partner/wines/bulk-upload': PARTNER,
  'POST /api/partner/wines/bulk-submit': PARTNER,
  'POST /api/partner/images': PARTNER, // the wine form's photo (README.md 'Partner portal')
  'POST /api/partner/sync': PARTNER,

  // Admin area: admins only (spec 001 §6–§7; README.md 'Admin sign-in and authorisation', 'Reviews').
  // Dashboard.
  'GET /api/admin/dashboard': ADMIN,
  // Wines and the partner review.
  'GET /api/admin/wines': ADMIN,
  'GET /api/admin/wines/pending': ADMIN,
  'GET /api/admin/wines/rejected': ADMIN,
  'GET /api/admin/wines/:id': ADMIN,
  'POST /api/admin/wines': ADMIN,
  'PUT /api/admin/wines/:id': ADMIN,
  'DELETE /api/admin/wines/:id': ADMIN,
  'POST /api/admin/wines/:id/approve': ADMIN,
  'POST /api/admin/wines/:id/reject': ADMIN,
  'POST /api/admin/images': ADMIN,
  // Users (the spec's calls are under /api/users and /api/admin/users).
  'GET /api/users': ADMIN,
  'GET /api/users/:id': ADMIN,
  'POST /api/users': ADMIN,
  'PATCH /api/users/:id': ADMIN,
  'POST /api/admin/users/:id/verify': ADMIN,
  'DELETE /api/admin/users/:id': ADMIN,
  // Experts and their reviews (README.md 'Reviews': "admins only").
  'GET /api/admin/experts': ADMIN,
  'POST /api/admin/experts': ADMIN,
  'PUT /api/admin/experts/:id': ADMIN,
  'DELETE /api/admin/experts/:id': ADMIN,
  'GET /api/admin/expert-reviews': ADMIN,
  'POST /api/admin/expert-reviews': ADMIN,
  'PUT /api/admin/expert-reviews/:id': ADMIN,
  'DELETE /api/admin/expert-reviews/:id': ADMIN,
  // Content: pages, articles, site settings, default content, diagnostics.
  'GET /api/admin/page-contents': ADMIN,
  'PUT /api/admin/page-contents/:id': ADMIN,
  'GET /api/admin/articles': ADMIN,
  'GET /api/admin/articles/:id': ADMIN,
  'POST /api/admin/articles': ADMIN,
  'PUT /api/admin/articles/:id': ADMIN,
  'DELETE /api/admin/articles/:id': ADMIN,
  'GET /api/admin/settings': ADMIN,
  'PUT /api/admin/settings/:key': ADMIN,
  'DELETE /api/admin/settings/:key': ADMIN,
  'GET /api/admin/default-content': ADMIN,
  'POST /api/admin/default-content': ADMIN,
  'GET /api/admin/diagnostics': ADMIN,
  // The monthly slider.
  'GET /api/admin/slider-entries': ADMIN,
  'POST /api/admin/slider-entries': ADMIN,
  'PUT /api/admin/slider-entries/:id': ADMIN,
  'DELETE /api/admin/slider-entries/:id': ADMIN,
  'POST /api/admin/slider-entries/:id/move': ADMIN,
  // Medal designs.
  'GET /api/admin/medal-designs': ADMIN,
  'POST /api/admin/medal-designs': ADMIN,
  'PUT /api/admin/medal-designs/:id': ADMIN,
  'DELETE /api/admin/medal-designs/:id': ADMIN,
  // Newsletter subscribers (GDPR).
  'GET /api/admin/newsletter-subscribers': ADMIN,
  'GET /api/admin/newsletter-subscribers/export': ADMIN,
  'POST /api/admin/newsletter-subscribers/bulk-delete': ADMIN,
  'DELETE /api/admin/newsletter-subscribers/:id': ADMIN,
};

/**
 * Public routes whose answer to a guest is 401 by design, not by a guard: GET /api/auth/current says "not signed in"
 * that way (spec 000 §7: "401 clears [the user]"). The sweep checks these answer a guest 401 and every signed-in role
 * something else, so they stay public.
 */
export const GUEST_401_BY_DESIGN: ReadonlySet<string> = new Set(['GET /api/auth/current']);
