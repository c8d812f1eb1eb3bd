import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResult } from '../../../api/contract/auth';
import type { PublicSettings } from '../../../api/contract/admin-content';
import type { PartnerCurrent, PartnerRegisterBody, PartnerWine, PartnerWineInputRaw } from '../../../api/contract/partner';
import { ApiError, apiRequest, isNetworkError } from '../../lib/api-client';
import { db } from '../../lib/db';
import { outboxSignedOut } from './outbox/runtime';
import { CURRENT_USER_KEY } from '../../lib/api/session';

// The partner portal's calls (spec 001 §7). Each throws ApiError on a non-OK answer (serverMessage is the API's
// text, `details` its field messages) and TypeError when there is no connection. Components use the hooks.

/** Every partner query starts with this key; the wines list is ['partner', 'wines'] (the bulk upload refreshes it too). */
export const PARTNER_KEY = ['partner'] as const;
export const PARTNER_CURRENT_KEY = ['partner', 'current'] as const;
export const PARTNER_WINES_KEY = ['partner', 'wines'] as const;

/** POST /api/partner/register → 201 {message}; 409 when the e-mail or username is taken; 400 with field details. */
export function postPartnerRegister(body: PartnerRegisterBody): Promise<MessageResult> {
  return apiRequest<MessageResult>('POST', '/api/partner/register', body);
}

/** POST /api/partner/login {email, password} → 200 {user, partner} (PartnerCurrent); 401 wrong credentials; 403 code 'email_not_verified'. */
export function postPartnerLogin(body: { email: string; password: string }): Promise<PartnerCurrent> {
  return apiRequest<PartnerCurrent>('POST', '/api/partner/login', body);
}

/** POST /api/partner/resend-verification {email} → {message}, the same whether or not the address has an account. */
export function postResendVerification(body: { email: string }): Promise<MessageResult> {
  return apiRequest<MessageResult>('POST', '/api/partner/resend-verification', body);
}

/** POST /api/auth/reset-password {email} → 202 {message} (the 'Glömt lösenordet?' dialog). */
export function postPasswordReset(body: { email: string }): Promise<MessageResult> {
  return apiRequest<MessageResult>('POST', '/api/auth/reset-password', body);
}

/** POST /api/partner/logout. */
export function postPartnerLogout(): Promise<unknown> {
  return apiRequest('POST', '/api/partner/logout');
}

/**
 * GET /api/partner/current (spec 001 §3 'Partner current response'), remembered on the device so the portal opens
 * offline: without a connection (or on a 5xx) the last answer is used. Not retried: any other error is
 * 'Åtkomst nekad'.
 */
export async function fetchPartnerCurrent(): Promise<PartnerCurrent> {
  try {
    const current = await apiRequest<PartnerCurrent>('GET', '/api/partner/current');
    await rememberPartnerOnDevice(current);
    return current;
  } catch (err) {
    if (isNetworkError(err) || (err instanceof ApiError && err.status >= 500)) {
      const kept = await db.syncMeta.get('partnerCurrent').catch(() => undefined);
      if (kept) return JSON.parse(String(kept.value)) as PartnerCurrent;
    }
    throw err;
  }
}

/** Keeps the signed-in partner on the device (the portal's offline start); a full disk only loses that convenience. */
export async function rememberPartnerOnDevice(current: PartnerCurrent): Promise<void> {
  await db.syncMeta.put({ key: 'partnerCurrent', value: JSON.stringify(current) }).catch(() => undefined);
}

export function partnerCurrentQueryOptions() {
  return queryOptions({
    queryKey: PARTNER_CURRENT_KEY,
    queryFn: fetchPartnerCurrent,
    retry: false,
  });
}

export function usePartnerCurrent() {
  return useQuery(partnerCurrentQueryOptions());
}

/** The wine form's values before parsing (PartnerWineInput's input: the body of POST/PUT /api/partner/wines). */
export type PartnerWineBody = PartnerWineInputRaw;

/**
 * Signs the partner out: POST /api/partner/logout, then the signed-in user, every partner query and the partner
 * remembered on the device are cleared, and the outbox stops sending (its rows stay on the device).
 * @throws what the call throws (the caller shows 'Utloggning misslyckades' and keeps the session).
 */
export function useLogoutPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPartnerLogout,
    onSuccess: async () => {
      outboxSignedOut();
      await db.syncMeta.delete('partnerCurrent').catch(() => undefined);
      await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.removeQueries({ queryKey: PARTNER_KEY });
    },
  });
}

/**
 * POST /api/partner/wines/{id}/revise: a rejected wine becomes a draft again (its rejection reason kept) → the wine;
 * 404 not the partner's, 409 'not_rejected'. Then the wines list is read again, so the device has the draft before the
 * form opens. Needs a connection (a network error is thrown as TypeError).
 */
export function useReviseWine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<PartnerWine>('POST', `/api/partner/wines/${id}/revise`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PARTNER_WINES_KEY }),
  });
}

/** GET /api/settings/public: the support contact of the Hjälp tab ('contact.email', 'contact.phone'; either may be unset). */
export function usePublicSettings() {
  return useQuery({
    queryKey: ['/api/settings/public'],
    queryFn: () => apiRequest<PublicSettings>('GET', '/api/settings/public'),
    staleTime: 5 * 60_000,
  });
}

/** Where the Excel template downloads (GET /api/partner/wines/template, opened in a new tab). */
export const TEMPLATE_URL = '/api/partner/wines/template';
