import type { AppRouter } from '../../lib/router';

/**
 * The partner portal's API (spec 001 §7; issue 7): registration with e-mail verification, sign-in, the current
 * partner, and the partner's own wines (list, get, create, update, submit). Routes are added as they are built.
 */
export function partnerRoutes(router: AppRouter): void {
  void router;
}
