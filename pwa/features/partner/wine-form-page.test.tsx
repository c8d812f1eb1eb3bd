// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { db } from '../../lib/db';
import { clearToasts, findToast, renderApp } from '../../test/test-utils';
import { buildPartnerWine, fakePartnerServer, resetDevice, sentMutations, type Override } from './test-fakes';
import { emptyWineForm, wineBody } from './wine-form';

beforeEach(resetDevice);

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const messageOf = (label: string) => {
  const id = input(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};

async function openNew(wines = [] as ReturnType<typeof buildPartnerWine>[], override?: Override) {
  const api = fakePartnerServer(wines, { override });
  const router = renderApp('/partner/wines/new');
  await screen.findByRole('heading', { name: 'Lägg till vin', level: 1 });
  return { api, router };
}

describe('wineBody', () => {
  it('sends numbers or null, trims texts, and leaves untouched scales and a hidden tannins scale null', () => {
    const v = { ...emptyWineForm(2026), name: ' Vin ', description: 'Gott', price: '129,5', alcoholContent: '', vintage: '' };
    v.taste = { sweetness: 2, acidity: null, body: null, tannins: 4, fruity: null };
    const body = wineBody({ ...v, grapeVariety: 'Chardonnay' });
    expect(body).toMatchObject({
      name: 'Vin',
      price: 129.5,
      rating: 4,
      vintage: null,
      alcoholContent: null,
      sweetness: 2,
      acidity: null,
      tannins: null,
      region: null,
    });
    expect(wineBody({ ...v, grapeVariety: 'Merlot' }).tannins).toBe(4);
  });
});

describe('wine form: new wine (/partner/wines/new)', () => {
  it('has the two sections, the defaults of spec 001 §9 and the steps of §5', async () => {
    await openNew();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Grundinformation', 'Smakprofil']);
    expect(input('Pris (kr)').step).toBe('0.01');
    expect(input('Alkoholhalt (%)').step).toBe('0.1');
    expect(input('Årgång').value).toBe(String(new Date().getFullYear()));
    expect((screen.getByLabelText('Betyg') as HTMLSelectElement).value).toBe('4');
    const sweetness = input('Sötma');
    expect([sweetness.type, sweetness.min, sweetness.max, sweetness.step, sweetness.value]).toEqual(['range', '1', '5', '1', '3']);
    expect(sweetness.getAttribute('aria-valuetext')).toBe('Ej angivet');
    expect(screen.getByRole('group', { name: 'Passar till' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Skaldjur' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Middag' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Avbryt' }).getAttribute('href')).toBe('/partner');
    expect(screen.getByRole('button', { name: 'Spara som utkast' })).toBeTruthy();
  });

  it('shows the tannins slider only for red, cabernet or merlot grapes', async () => {
    await openNew();
    expect(screen.queryByLabelText('Strävhet')).toBeNull();
    type('Druvsort', 'Cabernet Sauvignon');
    expect(input('Strävhet').type).toBe('range');
    type('Druvsort', 'Riesling');
    expect(screen.queryByLabelText('Strävhet')).toBeNull();
  });

  it("refuses a wine without name, description or price: 'Obligatoriska fält saknas'", async () => {
    const { api } = await openNew();
    type('Vinnamn', 'Gårdens rött');
    fireEvent.click(screen.getByRole('button', { name: 'Spara som utkast' }));
    await findToast(M.requiredMissingTitle, M.requiredMissing);
    expect(messageOf('Beskrivning')).toBe('Beskrivning krävs');
    expect(messageOf('Pris (kr)')).toBe('Pris krävs');
    expect(document.activeElement).toBe(input('Beskrivning'));
    expect(await db.drafts.count()).toBe(0);
    expect(sentMutations(api.requests)).toHaveLength(0);
  });

  it('saves a draft on the device with what was filled in (moved sliders only), sends it and goes back to /partner', async () => {
    const { api, router } = await openNew();
    type('Vinnamn', 'Gårdens rött');
    type('Beskrivning', 'Mjukt och bärigt.');
    type('Pris (kr)', '129.50');
    type('Alkoholhalt (%)', '13.5');
    type('Druvsort', 'Merlot');
    fireEvent.change(input('Fyllighet'), { target: { value: '4' } });
    fireEvent.change(input('Strävhet'), { target: { value: '2' } });
    // 'Ange' chooses the 3 an untouched slider shows.
    fireEvent.click(screen.getByRole('button', { name: 'Ange fruktighet' }));
    expect(input('Fruktighet').getAttribute('aria-valuetext')).toBe('3 av 5');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Kött' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Middag' }));
    fireEvent.click(screen.getByRole('button', { name: 'Spara som utkast' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/partner'));
    await findToast('Vin tillagt');
    // One create, under an id made on the device, with every field (the server's schema already applied).
    await waitFor(() => expect(sentMutations(api.requests)).toHaveLength(1));
    const [created] = sentMutations(api.requests);
    expect(created!.type).toBe('upsertWine');
    expect(created!.wineId).toMatch(/^[0-9a-f-]{36}$/);
    expect(created!.patch).toEqual({
      name: 'Gårdens rött',
      description: 'Mjukt och bärigt.',
      price: 129.5,
      rating: 4,
      vintage: new Date().getFullYear(),
      country: null,
      region: null,
      grapeVariety: 'Merlot',
      alcoholContent: 13.5,
      systembolagetUrl: null,
      imageUrl: null,
      sweetness: null,
      acidity: null,
      body: 4,
      tannins: 2,
      fruity: 3,
      foodPairings: ['meat'],
      occasions: ['dinner'],
    });
    expect(await screen.findByRole('article', { name: /^Gårdens rött/ })).toBeTruthy();
    await waitFor(async () => expect((await db.drafts.get(created!.wineId))?.syncState).toBe('synced'));
    expect(await db.outbox.count()).toBe(0);
  });

  it("checks the fields with the server's own schema before saving: messages on the fields, 'Fel', nothing stored", async () => {
    const { api } = await openNew();
    type('Vinnamn', 'Vin');
    type('Beskrivning', 'Text');
    type('Pris (kr)', '99');
    type('Länk till Systembolaget', 'systembolaget');
    fireEvent.click(screen.getByRole('button', { name: 'Spara som utkast' }));
    await findToast(M.saveFailedTitle, 'Rätta de markerade fälten och spara igen.');
    expect(messageOf('Länk till Systembolaget')).toMatch(/webbadress|länk|URL/i);
    expect(document.activeElement).toBe(input('Länk till Systembolaget'));
    expect(await db.drafts.count()).toBe(0);
    expect(sentMutations(api.requests)).toHaveLength(0);
  });

  it("saves offline on the device ('Sparat på enheten') and sends the wine once the connection is back", async () => {
    let offline = true;
    const { api, router } = await openNew([], (req) =>
      offline && req.path === '/api/partner/sync' ? Promise.reject(new TypeError('Failed to fetch')) : undefined,
    );
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !offline);
    type('Vinnamn', 'Mässvin');
    type('Beskrivning', 'Provat på mässan.');
    type('Pris (kr)', '119');
    fireEvent.click(screen.getByRole('button', { name: 'Spara som utkast' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner'));
    await findToast('Sparat på enheten', 'Vinet skickas till Vinpressen när du är online igen.');
    const card = await screen.findByRole('article', { name: /^Mässvin/ });
    expect(within(card).getByText('Sparat på enheten')).toBeTruthy();
    expect(await db.outbox.count()).toBe(1);

    offline = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(api.state.wines.map((w) => w.name)).toEqual(['Mässvin']));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
    await waitFor(() => expect(within(card).queryByText('Sparat på enheten')).toBeNull());
    onLine.mockRestore();
  });
});

describe('wine form: edit (/partner/wines/edit/{id})', () => {
  it("loads the draft into the form and sends only the changed fields under 'Uppdatera vin'", async () => {
    const wine = buildPartnerWine({ name: 'Rödtjut', grapeVariety: 'Red blend', tannins: 5, sweetness: 1, foodPairings: ['cheese'] });
    const api = fakePartnerServer([wine]);
    const router = renderApp(`/partner/wines/edit/${wine.id}`);
    await screen.findByRole('heading', { name: 'Redigera vin', level: 1 });
    expect(input('Vinnamn').value).toBe('Rödtjut');
    expect(input('Strävhet').value).toBe('5');
    expect(input('Sötma').getAttribute('aria-valuetext')).toBe('1 av 5');
    expect((screen.getByRole('checkbox', { name: 'Ost' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Rensa sötma' }));
    type('Pris (kr)', '159');
    fireEvent.click(screen.getByRole('button', { name: 'Uppdatera vin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner'));
    await findToast('Vin uppdaterat');
    await waitFor(() => expect(sentMutations(api.requests)).toHaveLength(1));
    expect(sentMutations(api.requests)[0]).toMatchObject({ type: 'upsertWine', wineId: wine.id, patch: { price: 159, sweetness: null } });
    expect(Object.keys(sentMutations(api.requests)[0]!.patch).sort()).toEqual(['price', 'sweetness']);
    await waitFor(() =>
      expect(api.state.wines[0]).toMatchObject({ name: 'Rödtjut', price: 159, sweetness: null, tannins: 5, foodPairings: ['cheese'] }),
    );
  });

  it("shows 'Kunde inte ladda vin' for a wine that is not the partner's", async () => {
    fakePartnerServer([]);
    renderApp('/partner/wines/edit/10000000-0000-4000-8000-999999999999');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: M.loadWineFailed })).toBeTruthy();
    expect(alert.textContent).toContain(M.wineNotFound);
    expect(screen.queryByRole('button', { name: 'Uppdatera vin' })).toBeNull();
  });

  it('does not offer to edit a wine that left draft', async () => {
    const wine = buildPartnerWine({ name: 'Inskickat', approvalStatus: 'pending' });
    fakePartnerServer([wine]);
    renderApp(`/partner/wines/edit/${wine.id}`);
    expect(await screen.findByText(M.notEditable)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Uppdatera vin' })).toBeNull();
  });
});
