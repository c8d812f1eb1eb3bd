// Wine data for the PWA's tests, shaped as api/contract/wines.ts says the API sends it. Not part of the app bundle.
import type { WineSummary } from '../../api/contract/wines';

/**
 * A wine as the lists send it (GET /api/wines): a 99 kr Italian red, 13 %, 750 ml (132 kr/l, priced 2026-08-22), in
 * 'FYND' with its reason, with no rating, image or medal. `overrides` replace any field (id and name usually).
 */
export function buildWineSummary(overrides: Partial<WineSummary> = {}): WineSummary {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Chianti Classico',
    description: 'Fruktig och frisk.',
    price: 99,
    rating: null,
    categories: ['FYND'],
    vintage: 2020,
    country: 'Italien',
    region: 'Toscana',
    grapeVariety: 'Sangiovese',
    alcoholContent: 13,
    systembolagetUrl: null,
    imageUrl: null,
    isGranskadVinpressen: false,
    medal: null,
    volumeMl: 750,
    wineType: 'Rött vin',
    packaging: 'Flaska',
    pricePerLitre: 132,
    priceDate: '2026-08-22',
    launchDate: null,
    isDiscontinued: false,
    productId: null,
    fyndReason: 'Literpris 132 kr – 45 % av medianen för rött vin (293 kr/l)',
    ...overrides,
  };
}
