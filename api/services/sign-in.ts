import { randomBytes } from 'node:crypto';
import type { ParameterizedContext } from 'koa';
import type { AppContext, AppState } from '../app-context';
import { verifyPassword } from '../auth/passwords';
import { sha256Hex } from '../auth/sha256';
import { AUTH_MESSAGES } from '../contract/auth-rules';
import { forbidden, HttpError } from '../lib/http-errors';
import type { ThrottleName } from '../lib/rate-limits';
import { signIn } from '../middlewares/auth';
import type { DbUserRow } from '../queries/users';
import { findUserByEmail } from '../queries/users';

type Ctx = ParameterizedContext<AppState, AppContext>;

/** The signed, httpOnly cookie that marks a browser an account has signed in on (OWASP 'device cookies'). */
export const DEVICE_COOKIE = 'vinpressen.device';
/** A device stays known for a year after its last sign-in. */
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The account part of a device cookie: the first 32 hex digits of SHA-256 of the lower-case address. */
const accountTag = (email: string) => sha256Hex(`device:${email.trim().toLowerCase()}`).slice(0, 32);

/**
 * The device id this browser's signed device cookie names for `email`, or undefined when it has none, it was signed
 * by no current secret, or it belongs to another account.
 */
export function knownDeviceFor(ctx: Ctx, email: string): string | undefined {
  const value = ctx.cookies.get(DEVICE_COOKIE, { signed: true });
  if (!value) return undefined;
  const [tag, deviceId] = value.split('.');
  return tag === accountTag(email) && deviceId && /^[A-Za-z0-9_-]{22}$/.test(deviceId) ? deviceId : undefined;
}

/**
 * Sets (or renews, for a year) the device cookie for `email`, keeping a known device's id. Call it once the sign-in
 * has succeeded: a refused sign-in (deactivated, unverified) sets no cookie.
 */
export function rememberDevice(ctx: Ctx, email: string): void {
  const id = knownDeviceFor(ctx, email) ?? randomBytes(16).toString('base64url');
  ctx.cookies.set(DEVICE_COOKIE, `${accountTag(email)}.${id}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secureCookies,
    maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    overwrite: true,
  });
}

/**
 * Checks an e-mail and password under the sign-in throttles (api/lib/rate-limits.ts SIGN_IN_THROTTLES) and returns the
 * account; shared by /api/auth/login and /api/partner/login (README 'Abuse protection').
 * - From a device this account signed in on before (device cookie), only that device's own throttle applies, so the
 *   right password works there however many guesses others made against the account or from the same IP.
 * - Otherwise the account's and the client IP's throttles apply: a few free failures, then waits that double up to a
 *   cap — a delay, never a lockout.
 * - An unknown address costs as long as a wrong password (a dummy hash is checked).
 * On success the throttle it was counted under is cleared; the caller remembers the device (rememberDevice) once the
 * whole sign-in succeeded.
 * @throws HttpError 429 (Retry-After) while a throttle asks to wait — the password is not checked then;
 *   401 'invalid_credentials' for an unknown address or a wrong password
 */
export async function authenticateWithPassword(ctx: Ctx, email: string, password: string): Promise<DbUserRow> {
  const device = knownDeviceFor(ctx, email);
  const checks: [ThrottleName, string][] = device
    ? [['device', device]]
    : [
        ['account', email],
        ['ip', ctx.ip],
      ];
  await ctx.rateLimits.assertSignInAllowed(ctx, checks);
  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(user?.password_hash, password);
  if (!user || !passwordOk) {
    await ctx.rateLimits.recordSignInFailure(checks);
    throw new HttpError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
  }
  await ctx.rateLimits.clearSignIn(device ? 'device' : 'account', device ?? email);
  return user;
}

/**
 * The whole password sign-in of /api/auth/login and /api/partner/login (spec 000 §7, spec 001 §3): the e-mail and
 * password (authenticateWithPassword), then — told only to someone who knows the password, so it reveals nothing to a
 * guesser — a deactivated account, then the endpoint's own `admit` check; then a new session (signIn) and the device
 * cookie (rememberDevice).
 * @returns the user and what `admit` returned (e.g. the partner profile)
 * @throws as authenticateWithPassword; 403 'account_deactivated'; whatever `admit` throws (nothing is signed in then)
 */
export async function signInWithPassword<T>(
  ctx: Ctx,
  email: string,
  password: string,
  admit: (user: DbUserRow) => T | Promise<T>,
): Promise<{ user: DbUserRow; admitted: T }> {
  const user = await authenticateWithPassword(ctx, email, password);
  if (!user.is_active) throw forbidden(AUTH_MESSAGES.accountDeactivated, 'account_deactivated');
  const admitted = await admit(user);
  await signIn(ctx, user);
  rememberDevice(ctx, email);
  return { user, admitted };
}

/**
 * Checks the signed-in user's current password (change password), throttled per account like a sign-in.
 * @throws HttpError 429 while waiting; 400 'current_password_wrong'
 */
export async function assertCurrentPassword(ctx: Ctx, user: DbUserRow, password: string): Promise<void> {
  const checks: [ThrottleName, string][] = [['account', `change-password:${user.id}`]];
  await ctx.rateLimits.assertSignInAllowed(ctx, checks);
  if (!(await verifyPassword(user.password_hash, password))) {
    await ctx.rateLimits.recordSignInFailure(checks);
    throw new HttpError(400, 'current_password_wrong', AUTH_MESSAGES.currentPasswordWrong, [
      { path: 'body.currentPassword', message: AUTH_MESSAGES.currentPasswordWrong },
    ]);
  }
  await ctx.rateLimits.clearSignIn('account', `change-password:${user.id}`);
}
