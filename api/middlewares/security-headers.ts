import helmet from 'koa-helmet';
import type { Middleware } from 'koa';
import type { AppContext, AppState } from '../app-context';

/**
 * Security headers for every answer (koa-helmet), with a Content-Security-Policy the PWA passes:
 * scripts, fonts, fetches, the service worker and the manifest from our own origin only; styles also
 * inline (React style attributes and the toast library's injected stylesheet); images from our origin,
 * data:/blob: URLs and any https source (wine photos may be hosted by producers). No framing, no plugins,
 * forms post only to us. HSTS and upgrade-insecure-requests only in production (behind HTTPS).
 *
 * `formActionOrigins` lets the identity provider's origin receive the sign-in form when it is external.
 */
export function securityHeaders(opts: { production: boolean; formActionOrigins?: string[] }): Middleware<AppState, AppContext> {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...(opts.formActionOrigins ?? [])],
        ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: opts.production ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true } : false,
    // The PWA's images and fonts are same-origin; nothing else needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  }) as unknown as Middleware<AppState, AppContext>;
}
