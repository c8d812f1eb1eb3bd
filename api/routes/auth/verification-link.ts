import type { ParameterizedContext } from 'koa';
import type { AppContext, AppState } from '../../app-context';
import { consumeEmailVerification, type VerificationOutcome } from '../../services/email-verification';

/**
 * The answer to a mailed verification link (GET /api/auth/verify and GET /api/partner/verify; README 'Accounts and
 * sessions'): uses `token` once (consumeEmailVerification), gives the registration's count back to its IP's register
 * throttle once verified, and redirects to `redirectTo(outcome)` — with no-store and no referrer, so the token does not
 * travel on to the next page's requests.
 */
export async function followVerificationLink(
  ctx: ParameterizedContext<AppState, AppContext>,
  token: string,
  redirectTo: (outcome: VerificationOutcome) => string,
): Promise<void> {
  const outcome = await consumeEmailVerification(ctx.db, token);
  if (outcome.ok && outcome.registeredIpKey) await ctx.rateLimits.refundHashed('register', outcome.registeredIpKey);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.redirect(redirectTo(outcome));
}
