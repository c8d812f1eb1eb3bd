import {
  CurrentUser,
  LoginBody,
  MessageResult,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordConfirmBody,
} from '../../contract/auth';
import { AUTH_MESSAGES as M } from '../../contract/auth-rules';
import { ErrorBody } from '../../contract/errors';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { HttpError, badRequest } from '../../lib/http-errors';
import { defineRoute } from '../../lib/route';
import type { AppRouter } from '../../lib/router';
import { currentUser, signIn, signOut, withSession } from '../../middlewares/auth';
import { presentCurrentUser } from '../../presenters/user';
import { findTakenIdentity, findUserByEmail, insertLocalUser } from '../../queries/users';
import { assertPartnerVerified } from '../../services/partner-accounts';
import { confirmPasswordReset, issuePasswordReset } from '../../services/password-reset';

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
      if (!user) throw new HttpError(401, 'unauthorized', M.notSignedIn);
      ctx.body = presentCurrentUser(user);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/auth/login',
      summary: 'Sign in with e-mail and password (new session id); limited per IP and per account',
      tags: ['auth'],
      body: LoginBody,
      responses: {
        200: { description: 'Signed in: the user', schema: CurrentUser },
        400: error('E-mail or password missing'),
        401: error('Wrong e-mail or password'),
        403: error("The account is deactivated, a partner has not verified the e-mail ('email_not_verified'), or the request did not come from the site"),
        429: tooMany,
      },
    },
    withSession,
    async (ctx) => {
      const { email, password } = ctx.state.input.body;
      const limits = ctx.rateLimits;
      await limits.assertNotBlocked(ctx, 'loginIp', ctx.ip);
      await limits.assertNotBlocked(ctx, 'loginAccount', email);
      const user = await findUserByEmail(ctx.db, email);
      // An unknown address is checked against a dummy hash: "no such user" takes as long as "wrong password".
      const passwordOk = await verifyPassword(user?.password_hash, password);
      if (!user || !passwordOk) {
        await Promise.all([limits.penalise('loginIp', ctx.ip), limits.penalise('loginAccount', email)]);
        throw new HttpError(401, 'invalid_credentials', M.invalidCredentials);
      }
      // Told only to someone who knows the password, so it reveals nothing to a guesser.
      if (!user.is_active) throw new HttpError(403, 'account_deactivated', M.accountDeactivated);
      assertPartnerVerified(user);
      await signIn(ctx, user);
      await limits.reset('loginAccount', email);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentCurrentUser(user);
    },
  );

  defineRoute(
    router,
    {
      method: 'post',
      path: '/api/auth/register',
      summary: 'Create an account (role user) and sign it in; username and e-mail unique regardless of case',
      tags: ['auth'],
      body: RegisterBody,
      responses: {
        201: { description: 'Registered and signed in: the user', schema: CurrentUser },
        400: error('A field is missing or invalid (password at least 6 characters)'),
        403: csrf,
        409: error('Username or e-mail already registered'),
        429: tooMany,
      },
    },
    withSession,
    async (ctx) => {
      const body = ctx.state.input.body;
      await ctx.rateLimits.consume(ctx, 'register', ctx.ip);
      const taken = await findTakenIdentity(ctx.db, body);
      if (taken.username) throw new HttpError(409, 'username_taken', M.usernameTaken, [{ path: 'body.username', message: M.usernameTaken }]);
      if (taken.email) throw new HttpError(409, 'email_taken', M.emailTaken, [{ path: 'body.email', message: M.emailTaken }]);
      const user = await insertLocalUser(ctx.db, {
        username: body.username,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        firstName: body.firstName,
        lastName: body.lastName,
      });
      await signIn(ctx, user);
      ctx.status = 201;
      ctx.set('Cache-Control', 'no-store');
      ctx.body = presentCurrentUser(user);
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
      summary: 'Mail a single-use reset link (60 min). Same answer whether or not the e-mail is registered',
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
      const user = await findUserByEmail(ctx.db, email);
      // Identity-provider admins have no password to reset; deactivated accounts get no link.
      if (user && user.is_active && user.auth_type === 'local') {
        await issuePasswordReset(ctx.db, ctx.jobs, ctx.secretKeys[0]!, user.id);
      }
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
