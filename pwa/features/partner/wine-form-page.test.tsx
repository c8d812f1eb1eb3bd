// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { apiError, clearToasts, findToast, renderApp } from '../auth/test-utils';
import { buildPartnerWine, fakePartnerServer, type Override } from './test-fakes';
import { emptyWineForm, wineBody } from './wine-form';

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
    expect(body).toMatchObject({ name: 'Vin', price: 129.5, rating: 4, vintage: null, alcoholContent: null, sweetness: 2, acidity: null, tannins: null, region: null });
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
    expect(api.made('POST', '/api/partner/wines')).toHaveLength(0);
  });

  it('saves a draft with what was filled in (moved sliders only) and goes back to /partner with the list refreshed', async () => {
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
    expect(api.made('POST', '/api/partner/wines').map((r) => r.body)).toEqual([
      {
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
      },
    ]);
    expect(await screen.findByRole('article', { name: /^Gårdens rött/ })).toBeTruthy();
  });

  it("shows the server's field messages on the fields and 'Fel' with its message", async () => {
    await openNew([], (req) =>
      req.method === 'POST' && req.path === '/api/partner/wines'
        ? apiError(400, 'Kontrollera fälten.', 'validation_failed', [
            { path: 'body.systembolagetUrl', message: 'Ange en fullständig webbadress.' },
            { path: 'body.body', message: 'Värdet måste vara ett heltal mellan 1 och 5, eller Ej angivet.' },
          ])
        : undefined,
    );
    type('Vinnamn', 'Vin');
    type('Beskrivning', 'Text');
    type('Pris (kr)', '99');
    type('Länk till Systembolaget', 'systembolaget');
    fireEvent.click(screen.getByRole('button', { name: 'Spara som utkast' }));
    await findToast(M.saveFailedTitle, 'Kontrollera fälten.');
    expect(messageOf('Länk till Systembolaget')).toBe('Ange en fullständig webbadress.');
    expect(document.activeElement).toBe(input('Länk till Systembolaget'));
    // 'body' is both the request body and the Fyllighet scale: 'body.body' is the scale.
    expect(document.getElementById('wine-body-error')?.textContent).toBe('Värdet måste vara ett heltal mellan 1 och 5, eller Ej angivet.');
  });

  it("says 'Något gick fel. Försök igen.' when the server gives no message", async () => {
    await openNew([], (req) => (req.method === 'POST' && req.path === '/api/partner/wines' ? new Response('', { status: 500 }) : undefined));
    type('Vinnamn', 'Vin');
    type('Beskrivning', 'Text');
    type('Pris (kr)', '99');
    fireEvent.click(screen.getByRole('button', { name: 'Spara som utkast' }));
    await findToast(M.saveFailedTitle, M.saveFailed);
  });
});

describe('wine form: edit (/partner/wines/edit/{id})', () => {
  it("loads the draft into the form and saves it with PUT under 'Uppdatera vin'", async () => {
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
    const [put] = api.made('PUT', `/api/partner/wines/${wine.id}`);
    expect(put?.body).toMatchObject({ name: 'Rödtjut', price: 159, sweetness: null, tannins: 5, foodPairings: ['cheese'] });
    expect(api.made('POST', '/api/partner/wines')).toHaveLength(0);
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
