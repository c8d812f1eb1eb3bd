import { describe, expect, it } from 'vitest';
import { ADMIN_WINE_MESSAGES as M, AdminWineCreate } from '../../../../api/contract/admin-wines';
import { buildAdminWine } from './test-fakes';
import { emptyWineForm, priceText, wineBodyFrom, wineFormFrom, wineFormSchema, type WineFormValues } from './wine-form';

/** The first message of each field the form's schema finds, keyed by field ({} for a valid form). */
function firstMessages(values: WineFormValues, mode: 'create' | 'edit') {
  const result = wineFormSchema(mode).safeParse(values);
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('the admin wine form values', () => {
  it("starts a new wine at rating 4, this year's vintage (Swedish time) and approved", () => {
    const form = emptyWineForm(new Date('2026-12-31T23:30:00Z'));
    expect(form).toMatchObject({ rating: '4', vintage: '2027', approvalStatus: 'approved', categories: [], imageUrl: null });
  });

  it('shows stored prices and decimals as a Swede types them', () => {
    expect(priceText(299)).toBe('299');
    expect(priceText(129.5)).toBe('129,50');
    const form = wineFormFrom(buildAdminWine({ price: 89.9, alcoholContent: 12.5, rating: 3.5, vintage: null, sweetness: 2 }));
    expect(form).toMatchObject({ price: '89,90', alcoholContent: '12,5', rating: '3,5', vintage: '', sweetness: '2', acidity: '' });
  });

  it("sends empty scales as null and text as typed, which the server's schema reads", () => {
    const values = { ...emptyWineForm(), name: 'Barolo', description: 'Rosor.', price: '299 kr', alcoholContent: '13,5', body: '4' };
    const body = wineBodyFrom(values);
    expect(body).toMatchObject({ price: '299 kr', body: 4, sweetness: null });
    expect(AdminWineCreate.parse(body)).toMatchObject({ price: 299, alcoholContent: 13.5, body: 4, region: null, rating: 4 });
  });

  it('answers the first message of each field, and nothing for a valid form; categories are not enforced', () => {
    expect(firstMessages(emptyWineForm(), 'create')).toEqual({
      name: M.nameRequired,
      description: M.descriptionRequired,
      price: M.priceRequired,
    });
    const valid = { ...emptyWineForm(), name: 'Barolo', description: 'Rosor.', price: '129,50 kr' };
    expect(firstMessages(valid, 'create')).toEqual({});
    expect(firstMessages({ ...valid, price: '12,345' }, 'edit')).toEqual({ price: M.priceDecimals });
    expect(firstMessages({ ...valid, imageUrl: 'data:image/png;base64,AAAA' }, 'create')).toEqual({ imageUrl: M.imageDataUrl });
  });
});
