import type { CurrentUser, MessageResult, RegisterBody } from '../../../../api/contract/auth';
import { apiRequest } from '../../../lib/api-client';

// The account calls of the login/register dialog and the reset page (spec 000 §7). Each throws ApiError on
// a non-OK answer (its serverMessage is the API's Swedish text) and TypeError when there is no connection.

/** POST /api/auth/login {email, password} → the user (200); 401 wrong credentials, 403 deactivated, 429 too many tries. */
export function postLogin(body: { email: string; password: string }): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('POST', '/api/auth/login', body);
}

/**
 * POST /api/auth/register → the new user (201, isVerified false), already signed in by the server, with a verification
 * link mailed; 409 when the username is taken; 403 'email_reserved' for an admin's address.
 */
export function postRegister(body: RegisterBody): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('POST', '/api/auth/register', body);
}

/** POST /api/auth/reset-password {email} → 202 {message}, the same answer whether or not the address exists. */
export function postResetRequest(body: { email: string }): Promise<MessageResult> {
  return apiRequest<MessageResult>('POST', '/api/auth/reset-password', body);
}

/** POST /api/auth/reset-password-confirm {token, newPassword} → 200 {message}; 400 when the link is invalid or used. */
export function postResetConfirm(body: { token: string; newPassword: string }): Promise<MessageResult> {
  return apiRequest<MessageResult>('POST', '/api/auth/reset-password-confirm', body);
}
