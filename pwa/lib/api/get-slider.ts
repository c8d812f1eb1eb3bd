import { useQuery } from '@tanstack/react-query';
import type { SliderItem } from '../../../api/contract/wines';
import { apiGet } from '../api-client';
import { loadDeviceDb, readThrough } from '../offline-read';

const KEY = '/api/slider-wines';

/** GET /api/slider-wines — this month's slider items {id, label, position, wine}. */
export function getSlider(): Promise<SliderItem[]> {
  return readThrough({
    fetchFresh: () => apiGet<SliderItem[]>(KEY),
    save: async (slider) => (await loadDeviceDb()).lists.put({ key: KEY, slider, savedAt: Date.now() }),
    loadSaved: async () => (await (await loadDeviceDb()).lists.get(KEY))?.slider,
  });
}

export function useSlider() {
  return useQuery({ queryKey: ['slider-wines'], queryFn: getSlider });
}
