import { describe, expect, it } from 'vitest';
import type { DbPublicWineRow } from '../queries/wines';
import { fyndReason, presentWineSummary, pricePerLitre } from './wine';

function row(overrides: Partial<DbPublicWineRow>): DbPublicWineRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Testvin',
    description: '',
    price: 45,
    rating: null,
    producer_rating: null,
    categories: '{FYND}',
    vintage: 2024,
    country: null,
    region: null,
    grape_variety: null,
    alcohol_content: 12,
    systembolaget_url: null,
    image_url: null,
    sweetness: null,
    acidity: null,
    body: null,
    tannins: null,
    fruity: null,
    food_pairings: [],
    occasions: [],
    is_granskad_vinpressen: false,
    approval_status: 'approved',
    rejection_reason: null,
    source: 'systembolaget',
    product_number: '1',
    producer: null,
    volume_ml: 750,
    wine_type: 'Vitt vin',
    packaging: 'Flaska',
    style: null,
    color: null,
    serving: null,
    assortment: null,
    is_organic: false,
    product_id: '24594663',
    launch_date: '2026-05-22',
    sugar_g_per_100ml: 0.3,
    is_news: false,
    price_date: '2026-08-22',
    store_count: 12,
    discontinued_on: null,
    version: 1,
    owner_user_id: null,
    medal_design_id: null,
    submitted_at: null,
    reviewed_at: null,
    reviewed_by: null,
    created_at: new Date('2026-01-01T00:00:00Z'),
    updated_at: new Date('2026-01-01T00:00:00Z'),
    medal_name: null,
    medal_category: null,
    ...overrides,
  };
}

describe('pricePerLitre', () => {
  it('rounds to whole kronor per litre and is null without a volume', () => {
    expect(pricePerLitre(45, 750)).toBe(60);
    expect(pricePerLitre(29, 250)).toBe(116);
    expect(pricePerLitre(99, 187)).toBe(529);
    expect(pricePerLitre(99, null)).toBeNull();
  });
});

describe('fyndReason', () => {
  it('names the price per litre, its share of the type median and the median, in Swedish', () => {
    expect(fyndReason(row({ price: 41.25 }), { 'Vitt vin': 122 })).toBe('Literpris 55 kr – 45 % av medianen för vitt vin (122 kr/l)');
    expect(fyndReason(row({ wine_type: 'Mousserande vin', price: 60 }), { 'Mousserande vin': 211 })).toBe(
      'Literpris 80 kr – 38 % av medianen för mousserande vin (211 kr/l)',
    );
  });

  it('is null for a wine that is no FYND, has no median or volume, or is above half the median (a FYND given by hand)', () => {
    expect(fyndReason(row({ categories: '{NYLANSERAD}' }), { 'Vitt vin': 122 })).toBeNull();
    expect(fyndReason(row({}), { 'Rött vin': 122 })).toBeNull();
    expect(fyndReason(row({ volume_ml: null }), { 'Vitt vin': 122 })).toBeNull();
    expect(fyndReason(row({ price: 100 }), { 'Vitt vin': 122 })).toBeNull();
  });
});

describe('presentWineSummary', () => {
  it('carries the price facts of a card and no full-wine fields', () => {
    const summary = presentWineSummary(row({ discontinued_on: '2026-08-22' }), { 'Vitt vin': 122 });

    expect(summary).toMatchObject({
      pricePerLitre: 60,
      priceDate: '2026-08-22',
      launchDate: '2026-05-22',
      isDiscontinued: true,
      productId: '24594663',
      fyndReason: 'Literpris 60 kr – 49 % av medianen för vitt vin (122 kr/l)',
    });
    expect(summary).not.toHaveProperty('priceHistory');
    expect(summary).not.toHaveProperty('discontinuedOn');
    expect(summary).not.toHaveProperty('sugarGPer100ml');
  });
});
