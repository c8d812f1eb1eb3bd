// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentStockholmYearMonth, sliderYears, type AdminSliderEntry, type AdminSliderMonth } from '../../../../api/contract/admin-slider';
import type { AdminWine } from '../../../../api/contract/admin-wines';
import { apiError, buildUser, fakeApi, findToast, json, renderApp } from '../../../test/test-utils';
import { buildAdminWine } from '../wines/test-fakes';
import { resetAfterEach } from '../../../test/reset-after-each';

resetAfterEach();

const admin = buildUser({ role: 'admin', authType: 'admin' });
const { year, month } = currentStockholmYearMonth();
const monthUrl = (y = year, m = month) => `/api/admin/slider-entries?year=${y}&month=${m}`;

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function entry(n: number, name: string, position: number, extra: Partial<AdminSliderEntry> = {}): AdminSliderEntry {
  return {
    id: uuid(100 + n),
    year,
    month,
    position,
    label: '',
    wineId: uuid(n),
    wine: {
      id: uuid(n),
      name,
      description: `Beskrivning av ${name}`,
      price: 100 + n,
      rating: 4,
      categories: n === 1 ? ['FYND'] : [],
      vintage: 2020,
      country: 'Frankrike',
      region: 'Bordeaux',
      grapeVariety: null,
      alcoholContent: 13,
      systembolagetUrl: null,
      imageUrl: null,
      isGranskadVinpressen: false,
      medal: null,
      volumeMl: 750,
      packaging: 'Flaska',
      wineType: 'Rött vin',
      pricePerLitre: Math.round(((100 + n) * 1000) / 750),
      priceDate: '2026-08-22',
      launchDate: null,
      isDiscontinued: false,
      productId: null,
      fyndReason: null,
      approvalStatus: 'approved',
    },
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...extra,
  };
}

const three = [entry(1, 'Alfa', 1, { label: 'Månadens fynd' }), entry(2, 'Beta', 2), entry(3, 'Gamma', 5)];
const monthOf = (items: AdminSliderEntry[], y = year, m = month): AdminSliderMonth => ({ year: y, month: m, items });

type Routes = Parameters<typeof fakeApi>[0];

async function openSlider(routes: Routes = {}) {
  const api = fakeApi({
    'GET /api/auth/current': json(200, admin),
    'GET /api/admin/default-content': json(200, { needed: false, pages: 5, settings: 14, articles: 1 }),
    'GET /api/admin/page-contents': json(200, { items: [] }),
    [`GET ${monthUrl()}`]: json(200, monthOf(three)),
    ...routes,
  });
  renderApp('/admin?tab=content');
  // The content tab is a lazy chunk: the first test of the file waits for it to load.
  fireEvent.click(await screen.findByRole('tab', { name: 'Slider' }, { timeout: 5000 }));
  await screen.findByText('MÅNADENS VIN-SLIDER');
  return api;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const names = () =>
  within(screen.getByRole('list', { name: /^Slidern för/ }))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('slider admin: the month', () => {
  it('opens on the current Swedish month, offers the Swedish month names and the years current −2 … +2', async () => {
    await openSlider();
    await screen.findByText('Alfa');
    const monthSelect = screen.getByLabelText('Månad') as HTMLSelectElement;
    const yearSelect = screen.getByLabelText('År') as HTMLSelectElement;
    expect(Number(monthSelect.value)).toBe(month);
    expect(Number(yearSelect.value)).toBe(year);
    expect([...monthSelect.options].map((o) => o.textContent)).toEqual([
      'januari',
      'februari',
      'mars',
      'april',
      'maj',
      'juni',
      'juli',
      'augusti',
      'september',
      'oktober',
      'november',
      'december',
    ]);
    expect([...yearSelect.options].map((o) => Number(o.value))).toEqual(sliderYears());
    expect(sliderYears()).toEqual([year - 2, year - 1, year, year + 1, year + 2]);
  });

  it('lists the entries in position order with position, label, name, description, first category and price', async () => {
    await openSlider();
    await screen.findByText('Alfa');
    expect(names()).toEqual(['Alfa', 'Beta', 'Gamma']);
    const first = screen.getByRole('list', { name: /^Slidern för/ }).querySelector('li')!;
    expect(first.textContent).toContain('Position 1');
    expect(first.textContent).toContain('Månadens fynd');
    expect(first.textContent).toContain('Beskrivning av Alfa');
    expect(first.textContent).toContain('Fynd');
    expect(first.textContent).toContain('101 kr');
  });

  it("says 'Inga viner i slidern för denna månad' for a month without entries", async () => {
    const other = month === 12 ? 1 : month + 1;
    const otherYear = month === 12 ? year + 1 : year;
    await openSlider({ [`GET ${monthUrl(otherYear, other)}`]: json(200, monthOf([], otherYear, other)) });
    await screen.findByText('Alfa');
    fireEvent.change(screen.getByLabelText('Månad'), { target: { value: String(other) } });
    if (otherYear !== year) fireEvent.change(screen.getByLabelText('År'), { target: { value: String(otherYear) } });
    expect(await screen.findByText('Inga viner i slidern för denna månad')).toBeTruthy();
  });
});

describe('slider admin: moving', () => {
  it('disables up for the first entry and down for the last; the others can move both ways', async () => {
    await openSlider();
    await screen.findByText('Alfa');
    expect(button('Flytta upp Alfa').disabled).toBe(true);
    expect(button('Flytta ner Alfa').disabled).toBe(false);
    expect(button('Flytta upp Beta').disabled).toBe(false);
    expect(button('Flytta ner Beta').disabled).toBe(false);
    expect(button('Flytta upp Gamma').disabled).toBe(false);
    expect(button('Flytta ner Gamma').disabled).toBe(true);
  });

  it('moves an entry up through the move endpoint and shows the new order', async () => {
    const moved = [three[0]!, { ...three[2]!, position: 2 }, { ...three[1]!, position: 5 }];
    let current = three;
    const api = await openSlider({
      [`GET ${monthUrl()}`]: () => json(200, monthOf(current)),
      [`POST /api/admin/slider-entries/${three[2]!.id}/move`]: () => {
        current = moved;
        return json(200, monthOf(moved));
      },
    });
    await screen.findByText('Alfa');
    fireEvent.click(button('Flytta upp Gamma'));

    await waitFor(() => expect(names()).toEqual(['Alfa', 'Gamma', 'Beta']));
    expect(api.calls(`POST /api/admin/slider-entries/${three[2]!.id}/move`)).toEqual([{ direction: 'up' }]);
    expect(button('Flytta ner Beta').disabled).toBe(true);
    expect(button('Flytta ner Gamma').disabled).toBe(false);
  });

  it("shows the server's refusal of a move", async () => {
    await openSlider({
      [`POST /api/admin/slider-entries/${three[1]!.id}/move`]: apiError(409, 'Vinet ligger redan först i slidern.', 'slider_cannot_move'),
    });
    await screen.findByText('Alfa');
    fireEvent.click(button('Flytta upp Beta'));
    await findToast('Kunde inte flytta vinet', 'Vinet ligger redan först i slidern.');
  });
});

describe('slider admin: adding, editing, deleting', () => {
  const wine: AdminWine = buildAdminWine({
    ...three[0]!.wine,
    id: uuid(9),
    name: 'Delta Rosé',
    price: 89,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
  });
  const search = (q?: string) => `GET /api/admin/wines?approvalStatus=approved&limit=20&offset=0${q ? `&q=${encodeURIComponent(q)}` : ''}`;

  it("adds a wine picked by search ('name - price kr') at the first free position with a label", async () => {
    const api = await openSlider({
      [search()]: json(200, { items: [], total: 0, limit: 20, offset: 0 }),
      [search('delta')]: json(200, { items: [wine], total: 1, limit: 20, offset: 0 }),
      'POST /api/admin/slider-entries': json(201, entry(9, 'Delta Rosé', 3)),
    });
    await screen.findByText('Alfa');
    fireEvent.click(button('Lägg till vin'));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'Vin' });
    fireEvent.change(picker, { target: { value: 'delta' } });
    await screen.findByRole('option', { name: /^Delta Rosé - 89 kr/ });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('Delta Rosé - 89 kr'));
    expect((within(dialog).getByLabelText('Position') as HTMLSelectElement).value).toBe('3');
    fireEvent.change(within(dialog).getByLabelText('Etikett'), { target: { value: 'Månadens rosé' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till' }));

    await findToast('Vinet har lagts till i slidern');
    expect(api.calls('POST /api/admin/slider-entries')).toEqual([{ year, month, wineId: wine.id, position: 3, label: 'Månadens rosé' }]);
  });

  it("shows the server's message on the position field when the position is taken", async () => {
    const message = `Position 3 är redan upptagen i slidern för november ${year}. Välj en annan position eller flytta vinet som står där.`;
    await openSlider({
      [search()]: json(200, { items: [], total: 0, limit: 20, offset: 0 }),
      [search('d')]: json(200, { items: [wine], total: 1, limit: 20, offset: 0 }),
      'POST /api/admin/slider-entries': apiError(409, message, 'slider_position_taken', [{ path: 'body.position', message }]),
    });
    await screen.findByText('Alfa');
    fireEvent.click(button('Lägg till vin'));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'Vin' });
    fireEvent.change(picker, { target: { value: 'd' } });
    await screen.findByRole('option', { name: /^Delta Rosé - 89 kr/ });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect((picker as HTMLInputElement).value).toBe('Delta Rosé - 89 kr'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till' }));

    const position = within(dialog).getByLabelText('Position');
    await waitFor(() => expect(position.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(position.getAttribute('aria-describedby')!)?.textContent).toBe(message);
  });

  it('asks for a wine before sending the add form', async () => {
    const api = await openSlider({ [search()]: json(200, { items: [], total: 0, limit: 20, offset: 0 }) });
    await screen.findByText('Alfa');
    fireEvent.click(button('Lägg till vin'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lägg till' }));
    expect(await within(dialog).findByText('Välj ett vin')).toBeTruthy();
    expect(api.calls('POST /api/admin/slider-entries')).toHaveLength(0);
  });

  it('edits the position and label of an entry; positions other wines hold cannot be chosen', async () => {
    const api = await openSlider({
      [`PUT /api/admin/slider-entries/${three[1]!.id}`]: json(200, { ...three[1]!, position: 4, label: 'Nytt' }),
    });
    await screen.findByText('Alfa');
    fireEvent.click(button('Redigera Beta'));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera Beta' });
    const position = within(dialog).getByLabelText('Position') as HTMLSelectElement;
    expect(position.value).toBe('2');
    expect([...position.options].filter((o) => o.disabled).map((o) => o.value)).toEqual(['1', '5']);
    fireEvent.change(position, { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('Etikett'), { target: { value: 'Nytt' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara' }));

    await findToast('Sliderposten uppdaterad');
    expect(api.calls(`PUT /api/admin/slider-entries/${three[1]!.id}`)).toEqual([{ position: 4, label: 'Nytt' }]);
  });

  it('deletes an entry after a confirmation that names the wine and the month', async () => {
    const api = await openSlider({ [`DELETE /api/admin/slider-entries/${three[0]!.id}`]: new Response(null, { status: 204 }) });
    await screen.findByText('Alfa');
    fireEvent.click(button('Ta bort Alfa'));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('"Alfa"');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await findToast('Vinet borttaget från slidern');
    expect(api.calls(`DELETE /api/admin/slider-entries/${three[0]!.id}`)).toHaveLength(1);
  });
});
