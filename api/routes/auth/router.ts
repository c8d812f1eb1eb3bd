import { z } from 'zod';
import { CurrentUser, LoginBody, MessageResult, RegisterBody, ResetPasswordBody, ResetPasswordConfirmBody } from '../../contract/auth';
import { AUTH_MESSAGES as M, MEMBER_NOT_VERIFIED_REDIRECT, MEMBER_VERIFIED_REDIRECT } from '../../contract/auth-rules';
import { ErrorBody } from '../../contract/errors';
import { badRequest, unauthorized } from '../../lib/http-errors';
import { rateLimitKey } from '../../lib/rate-limits';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { UNIFORM_REGISTRATION_MS, withUniformDuration } from '../../lib/uniform-time';
import { currentUser, signIn, signOut, withSession } from '../../middlewares/auth';
import { presentCurrentUser } from '../../presenters/user';
import { findUserByEmail } from '../../queries/users';
import { registerMember, resendMemberVerification } from '../../services/member-accounts';
import { assertPartnerVerified } from '../../services/partner-accounts';
import { confirmPasswordReset, issuePasswordReset } from '../../services/password-reset';
import { signInWithPassword } from '../../services/sign-in';
import { followVerificationLink } from './verification-link';

const VerifyQuery = z.object({ token: z.string().max(200).default('') });

const error = (description: string) => ({ description, schema: ErrorBody });
const tooMany = error('Too many attempts: Retry-After says when to try again');
const csrf = error('Refused: not from the site (Origin) — or 415 for a body that is not JSON');

/**
 * Accounts (spec 000 §7): current user, sign-in, registration, sign-out and password reset by e-mail.
 * Sessions are koa-session rows in Postgres (api/auth/session.ts); answers carry `Cache-Control: no-store`.
 */
export function authRoutes(router: AppRouter): void {
  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/auth/current',
      summary: 'The signed-in user, or 401',
      tags: ['auth'],
      responses: { 200: { description: 'Signed in', schema: CurrentUser }, 401: error('Not signed in') },
    },
    withSession,
    (ctx) => {
      ctx.set('Cache-Control', 'no-store');
      const user = currentUser(ctx);
      if (!user) throw unauthorized(M.notSignedIn);
      ctx.body = presentCurrentUser(user);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/auth/login',
      summary: 'Sign in with e-mail and password (new session id); progressive delays per account, IP and known device',
      tags: ['auth'],
      body: LoginBody,
      responses: {
        200: { description: 'Signed in: the user', schema: CurrentUser },
        400: error('E-mail or password missing'),
        401: error('Wrong e-mail or password'),
        403: error(
          "The account is deactivated, a partner has not verified the e-mail ('email_not_verified'), or the request did not come from the site",
        ),
        429: tooMany,
      },
    },
    withSession,
    async (ctx) => {
      const { email, password } = ctx.state.input.body;
      const { user } = await signInWithPassword(ctx, email, password, assertPartnerVerified);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentCurrentUser(user);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/auth/register',
      summary:
        'Create an account (role user), sign it in and mail a verification link. Answers alike, in the same time, whether or not the e-mail has an account',
      tags: ['auth'],
      body: RegisterBody,
      responses: {
        201: { description: 'Registered and signed in (isVerified false until the mailed link is followed): the user', schema: CurrentUser },
        400: error('A field is missing or invalid (password at least 6 characters)'),
        403: error("'email_reserved': an address on the admins' allow-list (they sign in through the identity provider) — or not from the site"),
        409: error('Username already registered (any letter case)'),
        429: tooMany,
      },
    },
    withSession,
    async (ctx) => {
      const body = ctx.state.input.body;
      // Only accounts made count, until their e-mail is verified: refused input and taken usernames cost nothing.
      await ctx.rateLimits.assertNotBlocked(ctx, 'register', ctx.ip);
      const user = await withUniformDuration(
        () => registerMember(ctx.db, ctx.jobs, ctx.secretKeys[0]!, body, { adminEmails: ctx.adminEmails, registeredIpKey: rateLimitKey(ctx.ip) }),
        UNIFORM_REGISTRATION_MS,
      );
      await ctx.rateLimits.count('register', ctx.ip);
      await signIn(ctx, user);
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentCurrentUser(user);
    },
  );

  defineRoute(
    router,
    {
      method: 'get',
      path: '/api/auth/verify',
      summary: "The member's mailed verification link: binds the e-mail to the account once, then redirects to the start page",
      tags: ['auth'],
      query: VerifyQuery,
      responses: {
        302: { description: `Verified → ${MEMBER_VERIFIED_REDIRECT}; unknown, used, replaced or expired link → ${MEMBER_NOT_VERIFIED_REDIRECT}` },
      },
    },
    async (ctx) => {
      await followVerificationLink(ctx, ctx.state.input.query.token, (outcome) =>
        outcome.ok ? (outcome.role === 'partner' ? '/partner/login?verified=true' : MEMBER_VERIFIED_REDIRECT) : MEMBER_NOT_VERIFIED_REDIRECT,
      );
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/auth/resend-verification',
      summary: "Mail the signed-in member a new verification link (older links stop working); 202 also when there's nothing to send",
      tags: ['auth'],
      access: 'signed-in',
      responses: {
        202: { description: 'Accepted (AUTH_MESSAGES.verificationSent)', schema: MessageResult },
        401: error('Not signed in'),
        403: csrf,
        429: tooMany,
      },
    },
    async (ctx) => {
      const user = ctx.state.user;
      await ctx.rateLimits.consume(ctx, 'resendVerification', user.id);
      await resendMemberVerification(ctx.db, ctx.jobs, ctx.secretKeys[0]!, user);
      ctx.status = 202;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { message: M.verificationSent } satisfies MessageResult;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/auth/logout',
      summary: 'Sign out: the session row is deleted and the cookie cleared (204 also when not signed in)',
      tags: ['auth'],
      responses: { 204: { description: 'Signed out' }, 403: csrf },
    },
    withSession,
    (ctx) => {
      signOut(ctx);
      ctx.status = 204;
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/auth/reset-password',
      summary: 'Mail a single-use reset link (60 min). Same answer, in the same time, whether or not the e-mail is registered',
      tags: ['auth'],
      body: ResetPasswordBody,
      responses: {
        202: { description: 'Accepted: a link is mailed if the address belongs to an account', schema: MessageResult },
        400: error('E-mail missing or invalid'),
        403: csrf,
        429: tooMany,
      },
    },
    async (ctx) => {
      const { email } = ctx.state.input.body;
      await ctx.rateLimits.consume(ctx, 'resetIp', ctx.ip);
      await ctx.rateLimits.consume(ctx, 'resetAccount', email);
      await withUniformDuration(async () => {
        const user = await findUserByEmail(ctx.db, email);
        // Identity-provider admins have no password to reset; deactivated accounts get no link.
        if (user?.is_active && user.auth_type === 'local') {
          await issuePasswordReset(ctx.db, ctx.jobs, ctx.secretKeys[0]!, user.id);
        }
      });
      ctx.status = 202;
      ctx.body = { message: M.resetRequested };
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/auth/reset-password-confirm',
      summary: 'Set a new password with a reset token (single use); ends every session of the user',
      tags: ['auth'],
      body: ResetPasswordConfirmBody,
      responses: {
        200: { description: 'Password changed', schema: MessageResult },
        400: error('Token unknown, used, replaced by a newer link or expired; or password too short'),
        403: csrf,
      },
    },
    async (ctx) => {
      const { token, newPassword } = ctx.state.input.body;
      const outcome = await confirmPasswordReset(ctx.db, token, newPassword);
      if (!outcome.ok) throw badRequest(M.resetTokenInvalid, [{ path: 'body.token', message: M.resetTokenInvalid }]);
      ctx.body = { message: M.passwordResetDone };
    },
  );
}
