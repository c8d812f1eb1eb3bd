import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SliderItem } from '../../../api/contract/wines';
import { apiGet } from '../api-client';
import { loadDeviceDb, readThrough } from '../offline-read';

/** The slider's address, also its key on the device. */
export const SLIDER_KEY = '/api/slider-wines';

/** GET /api/slider-wines — this month's slider items {id, label, position, wine}. */
export function getSlider(): Promise<SliderItem[]> {
  return readThrough({
    fetchFresh: () => apiGet<SliderItem[]>(SLIDER_KEY),
    save: async (slider) => (await loadDeviceDb()).lists.put({ key: SLIDER_KEY, slider, savedAt: Date.now() }),
    loadSaved: async () => (await (await loadDeviceDb()).lists.get(SLIDER_KEY))?.slider,
  });
}

/** This month's slider (getSlider): the start page's first screen, also rendered on the server. */
export const sliderQueryOptions = () => queryOptions({ queryKey: ['slider-wines'], queryFn: getSlider });

export function useSlider() {
  return useQuery(sliderQueryOptions());
}
