import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSliderEntry, AdminSliderMonth } from '../../../../api/contract/admin-slider';
import { apiRequest } from '../../../lib/api-client';
import { adminRawQueryOptions, useAdminMutation } from '../api/admin-query';

// Reads and writes of the slider admin 'MÅNADENS VIN-SLIDER' (spec 001 §2 'Slider admin', §3, §5):
// GET/POST /api/admin/slider-entries, PUT/DELETE /api/admin/slider-entries/{id}, POST …/{id}/move.
// The add form's wine search is pwa/features/admin/api/wine-search.ts.

const SLIDER_KEY = '/api/admin/slider-entries';
/** The public start page's slider query (pwa/lib/api/get-slider.ts); a write changes what it shows. */
const PUBLIC_SLIDER_KEY = 'slider-wines';

/** The URL of one month's entries. */
export const sliderMonthUrl = (year: number, month: number) => `${SLIDER_KEY}?year=${year}&month=${month}`;

/** One month's entries in position order ({year, month, items}); the previous month stays shown while the next loads. */
export function useSliderMonth(year: number, month: number) {
  const url = sliderMonthUrl(year, month);
  return useQuery({ ...adminRawQueryOptions<AdminSliderMonth>(url, [SLIDER_KEY, url]), placeholderData: keepPreviousData });
}

const INVALIDATES = [[SLIDER_KEY], [PUBLIC_SLIDER_KEY]];

/** The body of POST /api/admin/slider-entries. */
export interface SliderEntryNew {
  year: number;
  month: number;
  wineId: string;
  position: number;
  label: string;
}

/** Adds a wine to a month: toast 'Vinet har lagts till i slidern'; failure 'Fel vid skapande' with the server's message. */
export function useAddSliderEntry() {
  return useAdminMutation<SliderEntryNew, AdminSliderEntry>({
    request: (body) => apiRequest<AdminSliderEntry>('POST', SLIDER_KEY, body),
    invalidates: INVALIDATES,
    success: 'Vinet har lagts till i slidern',
    failure: { title: 'Fel vid skapande', fallback: 'Vinet kunde inte läggas till. Försök igen.' },
  });
}

/** Changes an entry's position and label: toast 'Sliderposten uppdaterad'; failure 'Fel vid uppdatering'. */
export function useUpdateSliderEntry() {
  return useAdminMutation<{ id: string; position: number; label: string }, AdminSliderEntry>({
    request: ({ id, ...body }) => apiRequest<AdminSliderEntry>('PUT', `${SLIDER_KEY}/${id}`, body),
    invalidates: INVALIDATES,
    success: 'Sliderposten uppdaterad',
    failure: { title: 'Fel vid uppdatering', fallback: 'Sliderposten kunde inte sparas. Försök igen.' },
  });
}

/** Removes an entry (the wine itself stays): toast 'Vinet borttaget från slidern'. */
export function useDeleteSliderEntry() {
  return useAdminMutation<{ id: string }, null>({
    request: ({ id }) => apiRequest<null>('DELETE', `${SLIDER_KEY}/${id}`),
    invalidates: INVALIDATES,
    success: 'Vinet borttaget från slidern',
    failure: { title: 'Borttagning misslyckades', fallback: 'Vinet kunde inte tas bort från slidern. Försök igen.' },
  });
}

/**
 * Moves an entry one step up or down (a swap with its neighbour). The answer is the month in its new order,
 * which is put straight into the list (no toast: the list itself shows the move).
 */
export function useMoveSliderEntry() {
  const queryClient = useQueryClient();
  return useAdminMutation<{ id: string; direction: 'up' | 'down' }, AdminSliderMonth>({
    request: ({ id, direction }) => apiRequest<AdminSliderMonth>('POST', `${SLIDER_KEY}/${id}/move`, { direction }),
    invalidates: INVALIDATES,
    failure: { title: 'Kunde inte flytta vinet', fallback: 'Ordningen kunde inte ändras. Försök igen.' },
    onSuccess: (month) => {
      const url = sliderMonthUrl(month.year, month.month);
      queryClient.setQueryData([SLIDER_KEY, url], month);
    },
  });
}
