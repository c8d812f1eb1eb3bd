import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WineCategory } from '../../../../api/contract/constants';
import type { AdminWine, AdminWineDeleted, AdminWinePage } from '../../../../api/contract/admin-wines';
import type { ApprovalStatus, WineSource } from '../../../../api/contract/enums';
import type { ApproveWineBody, RejectWineBody } from '../../../../api/contract/partner-review';
import { apiRequest } from '../../../lib/api-client';
import { adminRawQueryOptions, useAdminMutation } from '../api/admin-query';

// Reads and writes of the Wines and Partner review tabs (spec 001 §2, §7, §8): GET/POST/PUT/DELETE
// /api/admin/wines and the image upload POST /api/admin/images.

/** Wines per page in the Wines tab's grid (fills 1, 2, 3 and 4 columns evenly). */
export const WINES_PER_PAGE = 24;
/** Partner wines per page in each list of the Partner review tab. */
export const PARTNER_WINES_PER_PAGE = 20;

/** The filter of one admin wine list request. Empty values mean 'all'. */
export interface AdminWineListParams {
  q?: string;
  category?: WineCategory | '';
  approvalStatus?: ApprovalStatus;
  source?: WineSource;
  limit: number;
  offset: number;
}

/** The URL of GET /api/admin/wines for `params`, with its parameters in a fixed order and empty ones left out. */
export function adminWinesUrl(params: AdminWineListParams): string {
  const search = new URLSearchParams();
  const q = params.q?.trim();
  if (q) search.set('q', q);
  if (params.category) search.set('category', params.category);
  if (params.approvalStatus) search.set('approvalStatus', params.approvalStatus);
  if (params.source) search.set('source', params.source);
  search.set('limit', String(params.limit));
  search.set('offset', String(params.offset));
  return `/api/admin/wines?${search.toString()}`;
}

/** Every admin wine list shares this key prefix, so one invalidation refetches all of them. */
const WINES_KEY = '/api/admin/wines';

/**
 * One page of admin wines ({items, total, limit, offset}; never cached, spec 001 §7). While the next page or
 * search loads, the previous answer stays on screen (`isPlaceholderData`), so the grid does not flash empty.
 */
export function useAdminWinePage(params: AdminWineListParams) {
  const url = adminWinesUrl(params);
  return useQuery({ ...adminRawQueryOptions<AdminWinePage>(url, [WINES_KEY, url]), placeholderData: keepPreviousData });
}

/** A partner wine as the review lists it: the admin wine, with the partner company and the owning account. */
export type PartnerWine = AdminWine;

/** The Partner review tab's sub-tabs (spec 001 §2). */
export type PartnerReviewStatus = 'pending' | 'approved' | 'rejected';

/**
 * The URL of one page of a Partner review list: GET /api/admin/wines/pending (the longest waiting first) and
 * /rejected (the latest decision first), spec 001 §7; the approved partner wines come from the general list
 * (GET /api/admin/wines?source=partner&approvalStatus=approved, newest first).
 */
export function partnerReviewUrl(status: PartnerReviewStatus, offset: number): string {
  if (status === 'approved') return adminWinesUrl({ source: 'partner', approvalStatus: 'approved', limit: PARTNER_WINES_PER_PAGE, offset });
  return `/api/admin/wines/${status}?limit=${PARTNER_WINES_PER_PAGE}&offset=${offset}`;
}

/** One page of partner wines in one review status ({items, total, limit, offset}; never cached). */
export function usePartnerWines(status: PartnerReviewStatus, offset = 0) {
  const url = partnerReviewUrl(status, offset);
  return useQuery({ ...adminRawQueryOptions<AdminWinePage>(url, [WINES_KEY, url]), placeholderData: keepPreviousData });
}

// A decision moves the wine between the review lists and may publish it (the public lists and its page).
const AFTER_DECISION = [[WINES_KEY], ['wine'], ['wines']];

/**
 * POST /api/admin/wines/{id}/approve {isGranskadVinpressen, medalDesignId} (spec 001 §2, §7, §8): toast
 * 'Vin godkänt!'; failure 'Fel vid godkännande' with the server's message, else 'Kunde inte godkänna vinet. Försök igen.'
 */
export function useApproveWine(onSuccess?: (wine: AdminWine) => void) {
  return useAdminMutation<{ id: string; body: ApproveWineBody }, AdminWine>({
    request: ({ id, body }) => apiRequest<AdminWine>('POST', `/api/admin/wines/${encodeURIComponent(id)}/approve`, body),
    invalidates: AFTER_DECISION,
    success: 'Vin godkänt!',
    failure: { title: 'Fel vid godkännande', fallback: 'Kunde inte godkänna vinet. Försök igen.' },
    onSuccess,
  });
}

/**
 * POST /api/admin/wines/{id}/reject {reason} (spec 001 §2, §5, §7, §8): toast 'Vin avvisat'; failure 'Fel vid
 * avvisande' with the server's message, else 'Kunde inte avvisa vinet. Försök igen.' The partner is mailed the reason.
 */
export function useRejectWine(onSuccess?: (wine: AdminWine) => void) {
  return useAdminMutation<{ id: string; body: RejectWineBody }, AdminWine>({
    request: ({ id, body }) => apiRequest<AdminWine>('POST', `/api/admin/wines/${encodeURIComponent(id)}/reject`, body),
    invalidates: AFTER_DECISION,
    success: 'Vin avvisat',
    failure: { title: 'Fel vid avvisande', fallback: 'Kunde inte avvisa vinet. Försök igen.' },
    onSuccess,
  });
}

/**
 * The body of POST/PUT /api/admin/wines as the form sends it: text as typed (the server reads '299 kr', '13,5'
 * and turns '' into null), scales and booleans as values. See AdminWineCreate in api/contract/admin-wines.ts.
 */
export interface AdminWineBody {
  name: string;
  description: string;
  price: string;
  rating: string;
  categories: WineCategory[];
  vintage: string;
  country: string;
  region: string;
  grapeVariety: string;
  alcoholContent: string;
  systembolagetUrl: string;
  imageUrl: string | null;
  sweetness: number | null;
  acidity: number | null;
  body: number | null;
  tannins: number | null;
  fruity: number | null;
  foodPairings: string[];
  occasions: string[];
  approvalStatus: ApprovalStatus;
  isGranskadVinpressen: boolean;
}

const SAVE_FAILURE = { title: 'Fel', fallback: 'Något gick fel. Försök igen.' } as const;
// A saved or deleted wine changes the public lists and pages too (an admin may open them in the same tab).
const AFTER_WRITE = [[WINES_KEY], ['wine'], ['wines']];

/** POST /api/admin/wines; toast 'Vin tillagt', failure 'Fel' / server message or 'Något gick fel. Försök igen.' (spec 001 §8). */
export function useCreateWine() {
  return useAdminMutation<AdminWineBody, AdminWine>({
    request: (body) => apiRequest<AdminWine>('POST', '/api/admin/wines', body),
    invalidates: AFTER_WRITE,
    success: 'Vin tillagt',
    failure: SAVE_FAILURE,
  });
}

/** PUT /api/admin/wines/{id}; toast 'Vin uppdaterat', failure as for create (spec 001 §8). */
export function useUpdateWine() {
  return useAdminMutation<{ id: string; body: AdminWineBody }, AdminWine>({
    request: ({ id, body }) => apiRequest<AdminWine>('PUT', `/api/admin/wines/${encodeURIComponent(id)}`, body),
    invalidates: AFTER_WRITE,
    success: 'Vin uppdaterat',
    failure: SAVE_FAILURE,
  });
}

/** DELETE /api/admin/wines/{id}; toast 'Vin borttaget', failure 'Fel' / 'Kunde inte ta bort vinet. Försök igen.' (spec 001 §8). */
export function useDeleteWine() {
  return useAdminMutation<Pick<AdminWine, 'id' | 'name'>, AdminWineDeleted>({
    request: ({ id }) => apiRequest<AdminWineDeleted>('DELETE', `/api/admin/wines/${encodeURIComponent(id)}`),
    invalidates: AFTER_WRITE,
    success: 'Vin borttaget',
    failure: { title: 'Fel', fallback: 'Kunde inte ta bort vinet. Försök igen.' },
  });
}
