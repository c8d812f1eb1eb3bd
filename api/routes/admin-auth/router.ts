import { z } from 'zod';
import type { AdminSignIn } from '../../auth/admin-sign-in';
import { PENDING_SIGN_IN_TTL_MS } from '../../auth/oidc';
import type { AdminSignInError } from '../../contract/admin-sign-in';
import { ErrorBody } from '../../contract/errors';
import { serviceUnavailable } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { signIn, withSession } from '../../middlewares/auth';
import { upsertIdentityProviderAdmin } from '../../queries/users';

export const AdminSignInInfo = z.object({ available: z.boolean(), providerName: z.string() }).meta({ id: 'AdminSignInInfo' });

const CallbackQuery = z
  .object({
    code: z.string().max(2048).optional(),
    state: z.string().max(512).optional(),
    iss: z.string().max(2048).optional(),
    error: z.string().max(200).optional(),
    error_description: z.string().max(2000).optional(),
    session_state: z.string().max(512).optional(),
  })
  .strict();

/**
 * Admin sign-in through OpenID Connect (spec 001 §2 'Admin login'; Vinpressen stores no admin passwords):
 * GET /api/login redirects to the provider (code + PKCE), GET /api/callback signs in an allow-listed,
 * verified e-mail as admin and goes to /admin; anything else goes back to /admin-login?fel=… with the reason.
 */
export function adminAuthRoutes(router: AppRouter, adminSignIn: AdminSignIn | undefined): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/auth/admin-sign-in',
      summary: "How admins sign in: whether a provider is configured, and its name for the 'Logga in via …' button",
      tags: ['auth', 'admin'],
      responses: { 200: { description: 'The provider', schema: AdminSignInInfo } },
    },
    (ctx) => {
      ctx.body = { available: Boolean(adminSignIn?.oidc), providerName: adminSignIn?.providerName ?? 'identitetsleverantören' };
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/login',
      summary: 'Start the admin sign-in: 302 to the OpenID Connect provider (authorization code + PKCE)',
      tags: ['auth', 'admin'],
      responses: {
        302: { description: "Redirect to the provider's sign-in" },
        503: { description: 'No identity provider configured (production without OIDC_ISSUER), or it does not answer', schema: ErrorBody },
      },
    },
    withSession,
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      if (!adminSignIn?.oidc) {
        throw serviceUnavailable(
          'identity_provider_missing',
          'Ingen identitetsleverantör är konfigurerad (OIDC_ISSUER saknas), så administratörer kan inte logga in.',
        );
      }
      let started;
      try {
        started = await adminSignIn.oidc.start();
      } catch (err) {
        ctx.log.error({ err }, 'identity provider discovery failed');
        throw serviceUnavailable('identity_provider_unavailable', 'Identitetsleverantören svarar inte just nu. Försök igen om en stund.');
      }
      ctx.session!.oidc = started.pending;
      ctx.redirect(started.url.href);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/callback',
      summary: "The provider's redirect back: signs in an allow-listed admin (new session id), then 302 to /admin",
      tags: ['auth', 'admin'],
      query: CallbackQuery,
      responses: {
        302: { description: 'To /admin when signed in; to /admin-login?fel=… otherwise' },
        400: { description: 'Unknown query parameters', schema: ErrorBody },
      },
    },
    withSession,
    async (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const session = ctx.session!;
      const pending = session.oidc ?? undefined;
      session.oidc = null; // single use, whatever happens next
      const refuse = (reason: AdminSignInError) => ctx.redirect(`/admin-login?fel=${reason}`);
      const query = ctx.state.input.query;
      if (!adminSignIn?.oidc || !pending || Date.now() - pending.startedAt > PENDING_SIGN_IN_TTL_MS) return refuse('gammal-lank');
      if (query.error) return refuse(query.error === 'access_denied' ? 'avbruten' : 'misslyckades');

      let identity;
      try {
        const callbackUrl = new URL(`${ctx.publicUrl}/api/callback`);
        callbackUrl.search = ctx.querystring;
        identity = await adminSignIn.oidc.finish(callbackUrl, pending);
      } catch (err) {
        ctx.log.warn({ err }, 'admin sign-in failed at the callback');
        return refuse('misslyckades');
      }
      if (!identity.email || !identity.emailVerified || !adminSignIn.allowList.has(identity.email.toLowerCase())) {
        ctx.log.warn({ email: identity.email, verified: identity.emailVerified }, 'admin sign-in refused: not on the allow-list');
        return refuse('ej-behorig');
      }
      const user = await upsertIdentityProviderAdmin(ctx.db, identity);
      if (user === 'deactivated') return refuse('inaktiverad');
      await signIn(ctx, user);
      ctx.redirect('/admin');
    },
  );
}
