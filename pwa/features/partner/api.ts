import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageResult } from '../../../api/contract/auth';
import type { PublicSettings } from '../../../api/contract/admin-content';
import type { PartnerCurrent, PartnerRegisterBody, PartnerWine, PartnerWineInputRaw } from '../../../api/contract/partner';
import { apiRequest } from '../../lib/api-client';
import { CURRENT_USER_KEY } from '../auth/api/session';

// The partner portal's calls (spec 001 §7). Each throws ApiError on a non-OK answer (serverMessage is the API's
// text, `details` its field messages) and TypeError when there is no connection. Components use the hooks.

/** Every partner query starts with this key; the wines list is ['partner', 'wines'] (the bulk upload refreshes it too). */
export const PARTNER_KEY = ['partner'] as const;
export const PARTNER_CURRENT_KEY = ['partner', 'current'] as const;
export const PARTNER_WINES_KEY = ['partner', 'wines'] as const;
export const partnerWineKey = (id: string) => ['partner', 'wines', id] as const;


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

/** GET /api/partner/current (spec 001 §3 'Partner current response'). Not retried: any error is 'Åtkomst nekad'. */
export function partnerCurrentQueryOptions() {
  return queryOptions({
    queryKey: PARTNER_CURRENT_KEY,
    queryFn: () => apiRequest<PartnerCurrent>('GET', '/api/partner/current'),
    retry: false,
  });
}

export function usePartnerCurrent() {
  return useQuery(partnerCurrentQueryOptions());
}

/** GET /api/partner/wines → {items, total}: the partner's own wines, newest first. Runs only once the partner is known. */
export function usePartnerWines(enabled = true) {
  return useQuery({
    queryKey: PARTNER_WINES_KEY,
    queryFn: () => apiRequest<{ items: PartnerWine[]; total: number }>('GET', '/api/partner/wines'),
    enabled,
  });
}

/** GET /api/partner/wines/{id}: one of the partner's wines (404 for another partner's wine). Not retried. */
export function usePartnerWine(id: string | undefined) {
  return useQuery({
    queryKey: partnerWineKey(id ?? ''),
    queryFn: () => apiRequest<PartnerWine>('GET', `/api/partner/wines/${encodeURIComponent(id!)}`),
    enabled: Boolean(id),
    retry: false,
  });
}

/** The body the wine form sends (PartnerWineInput before the server's parsing). */
export type PartnerWineBody = PartnerWineInputRaw;

/**
 * POST /api/partner/wines (a new draft) or PUT /api/partner/wines/{id} (409 once the wine has left draft). On
 * success the wines list and that wine are refreshed.
 */
export function useSaveWine(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PartnerWineBody) =>
      id
        ? apiRequest<PartnerWine>('PUT', `/api/partner/wines/${encodeURIComponent(id)}`, body)
        : apiRequest<PartnerWine>('POST', '/api/partner/wines', body),
    onSuccess: (wine) => {
      queryClient.setQueryData(partnerWineKey(wine.id), wine);
      return queryClient.invalidateQueries({ queryKey: PARTNER_WINES_KEY, exact: true });
    },
  });
}

/** POST /api/partner/wines/{id}/submit: draft → pending (409 'Vinet har redan skickats in'). Refreshes the list. */
export function useSubmitWine(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<PartnerWine>('POST', `/api/partner/wines/${encodeURIComponent(id)}/submit`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PARTNER_WINES_KEY }),
  });
}

/**
 * Signs the partner out: POST /api/partner/logout, then the signed-in user and every partner query are cleared.
 * @throws what the call throws (the caller shows 'Utloggning misslyckades' and keeps the session).
 */
export function useLogoutPartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postPartnerLogout,
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: CURRENT_USER_KEY });
      queryClient.setQueryData(CURRENT_USER_KEY, null);
      queryClient.removeQueries({ queryKey: PARTNER_KEY });
    },
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
