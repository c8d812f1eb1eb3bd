// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_WINE_MESSAGES as M, currentSwedishYear } from '../../../../api/contract/admin-wines';
import { apiError, findToast, json, renderApp } from '../../../test/test-utils';
import { NOT_AN_IMAGE } from '../components/image-upload-field';
import { buildAdminWine, fakeWinesServer } from './test-fakes';
import { resetAfterEach } from '../../../test/reset-after-each';

resetAfterEach();

const YEAR = currentSwedishYear();

async function openWinesTab() {
  renderApp('/admin?tab=wines');
  await screen.findByRole('heading', { name: 'Viner' });
}

/** The wine card named `title` (name with vintage). */
const card = (title: string) => screen.findByRole('article', { name: title });

async function openAddForm() {
  fireEvent.click(await screen.findByRole('button', { name: 'Lägg till vin' }));
  return screen.findByRole('dialog', { name: 'Lägg till vin' });
}

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(field(dialog, label), { target: { value } });
/** The message under a field (its aria-describedby). */
const messageOf = (element: HTMLElement) => {
  const id = element.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const submit = (dialog: HTMLElement) => fireEvent.submit(dialog.querySelector('form')!);

describe('Wines tab: the list', () => {
  it('shows each wine as a card: name with vintage, price in kr, categories, rating, status and source', async () => {
    fakeWinesServer([
      buildAdminWine({ name: 'Barolo Riserva', vintage: 2017, price: 349, categories: ['FYND', 'NYLANSERAD'], rating: 4.5, source: 'admin' }),
      buildAdminWine({ name: 'Partnerns Rosé', vintage: null, price: 89.5, approvalStatus: 'pending', source: 'partner' }),
    ]);
    await openWinesTab();

    const barolo = await card('Barolo Riserva 2017');
    expect(barolo.textContent).toContain('349 kr');
    expect(barolo.textContent).toContain('Fynd, Aktuella vintips');
    expect(barolo.textContent).toContain('4,5 av 5');
    expect(within(barolo).getByText('Godkänd')).toBeTruthy();
    expect(within(barolo).getByText('Redaktionen')).toBeTruthy();
    expect(within(barolo).getByRole('button', { name: 'Redigera Barolo Riserva 2017' })).toBeTruthy();
    expect(within(barolo).getByRole('button', { name: 'Ta bort Barolo Riserva 2017' })).toBeTruthy();
    // No picture of its own: the site's illustration.
    expect(barolo.querySelector('img')!.getAttribute('src')).toMatch(/^\/images\/wine-fallback-[12]\.svg$/);

    const rose = await card('Partnerns Rosé');
    expect(rose.textContent).toContain('89,50 kr');
    expect(rose.textContent).toContain('Inget betyg');
    expect(within(rose).getByText('Väntar')).toBeTruthy();
    expect(screen.getByText('2 viner')).toBeTruthy();
  });

  it("says 'Inga viner hittades' when nothing matches", async () => {
    fakeWinesServer([]);
    await openWinesTab();
    expect(await screen.findByText('Inga viner hittades')).toBeTruthy();
  });

  it('searches after a pause in typing and filters by category with the Swedish names', async () => {
    const api = fakeWinesServer([
      buildAdminWine({ name: 'Barolo', categories: ['FYND'] }),
      buildAdminWine({ name: 'Sancerre', region: 'Loire', categories: ['FOLKETS_VAL'] }),
    ]);
    await openWinesTab();
    await card('Barolo 2020');

    const category = screen.getByLabelText('Kategori') as HTMLSelectElement;
    expect([...category.options].map((o) => o.text)).toEqual(['Alla', 'Fynd', 'Aktuella vintips', 'Folkets val']);
    fireEvent.change(category, { target: { value: 'FOLKETS_VAL' } });
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Barolo 2020' })).toBeNull());
    expect(await card('Sancerre 2020')).toBeTruthy();

    fireEvent.change(category, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Sök'), { target: { value: 'loire' } });
    await waitFor(() => expect(api.requests.some((r) => r.query.get('q') === 'loire')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Barolo 2020' })).toBeNull());
    const lastList = api.made('GET', '/api/admin/wines').at(-1)!;
    expect(lastList.query.get('category')).toBeNull();
    expect(lastList.query.get('offset')).toBe('0');
  });

  it("pages through a long list with 'Nästa' and 'Föregående'", async () => {
    const wines = Array.from({ length: 30 }, (_, i) => buildAdminWine({ name: `Vin nummer ${i + 1}`, vintage: null }));
    const api = fakeWinesServer(wines);
    await openWinesTab();
    await card('Vin nummer 1');
    expect(screen.getByText('Visar 1–24 av 30 viner')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Sidor i vinlistan' });
    expect(within(pager).getByText('Sida 1 av 2')).toBeTruthy();
    expect((within(pager).getByRole('button', { name: /Föregående/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(pager).getByRole('button', { name: /Nästa/ }));
    expect(await card('Vin nummer 30')).toBeTruthy();
    expect(screen.getByText('Visar 25–30 av 30 viner')).toBeTruthy();
    expect(api.made('GET', '/api/admin/wines').at(-1)!.query.get('offset')).toBe('24');
  });
});

describe('Wines tab: the form', () => {
  it("opens 'Lägg till vin' with the defaults: rating 4, this year's vintage, approved, no categories", async () => {
    fakeWinesServer([]);
    await openWinesTab();
    const dialog = await openAddForm();
    await waitFor(() => expect(document.activeElement).toBe(field(dialog, 'Namn')));
    expect(field(dialog, 'Betyg').value).toBe('4');
    expect(field(dialog, 'Årgång').value).toBe(String(YEAR));
    expect((field(dialog, 'Status') as unknown as HTMLSelectElement).value).toBe('approved');
    expect([...(field(dialog, 'Status') as unknown as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Väntar', 'Godkänd', 'Avvisad']);
    expect(within(dialog).queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    for (const scale of ['Sötma', 'Syra', 'Fyllighet', 'Strävhet', 'Fruktighet']) {
      expect((field(dialog, scale) as unknown as HTMLSelectElement).value).toBe('');
    }
    expect(within(dialog).getAllByRole('option', { name: 'Ej angivet' })).toHaveLength(5);
    expect(within(dialog).getByRole('group', { name: 'Mat' }).textContent).toContain('Ljust kött');
    expect(within(dialog).getByRole('group', { name: 'Tillfällen' }).textContent).toContain('Vardagsmat');
  });

  it('requires name, description and price, shows the messages on the fields, focuses the first and sends nothing', async () => {
    const api = fakeWinesServer([]);
    await openWinesTab();
    const dialog = await openAddForm();
    submit(dialog);

    await waitFor(() => expect(messageOf(field(dialog, 'Namn'))).toBe(M.nameRequired));
    expect(messageOf(field(dialog, 'Beskrivning'))).toBe(M.descriptionRequired);
    expect(messageOf(field(dialog, 'Pris'))).toBe(M.priceRequired);
    expect(field(dialog, 'Namn').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(dialog, 'Namn'));
    expect(api.made('POST', '/api/admin/wines')).toHaveLength(0);

    // Typing clears a field's message.
    type(dialog, 'Namn', 'Barolo');
    await waitFor(() => expect(messageOf(field(dialog, 'Namn'))).toBeUndefined());
  });

  it('checks price, vintage, rating, alcohol and the link with the server’s rules', async () => {
    const api = fakeWinesServer([]);
    await openWinesTab();
    const dialog = await openAddForm();
    type(dialog, 'Namn', 'Barolo');
    type(dialog, 'Beskrivning', 'Rosor och tjära.');
    type(dialog, 'Pris', 'tvåhundra');
    type(dialog, 'Årgång', '1899');
    type(dialog, 'Betyg', '6');
    type(dialog, 'Alkoholhalt (%)', '140');
    type(dialog, 'Länk till Systembolaget', 'systembolaget.se/123');
    submit(dialog);

    await waitFor(() => expect(messageOf(field(dialog, 'Pris'))).toBe(M.priceUnreadable));
    expect(messageOf(field(dialog, 'Årgång'))).toBe(M.vintageRange(YEAR));
    expect(messageOf(field(dialog, 'Betyg'))).toBe(M.ratingRange);
    expect(messageOf(field(dialog, 'Alkoholhalt (%)'))).toBe(M.alcoholRange);
    expect(messageOf(field(dialog, 'Länk till Systembolaget'))).toBe(M.urlInvalid);
    expect(document.activeElement).toBe(field(dialog, 'Pris'));
    expect(api.made('POST', '/api/admin/wines')).toHaveLength(0);

    type(dialog, 'Årgång', String(YEAR + 1));
    submit(dialog);
    await waitFor(() => expect(messageOf(field(dialog, 'Årgång'))).toBe(M.vintageRange(YEAR)));
    expect(api.made('POST', '/api/admin/wines')).toHaveLength(0);
  });

  it("adds a wine from free-text price without a category (labelled required, not enforced): 'Vin tillagt'", async () => {
    const api = fakeWinesServer([]);
    await openWinesTab();
    await screen.findByText('Inga viner hittades');
    const dialog = await openAddForm();
    expect(within(dialog).getByRole('group', { name: 'Kategorier' })).toBeTruthy();
    type(dialog, 'Namn', 'Barolo Riserva');
    type(dialog, 'Beskrivning', 'Rosor och tjära.');
    type(dialog, 'Pris', '1 299,50 kr');
    type(dialog, 'Alkoholhalt (%)', '14,5');
    fireEvent.change(field(dialog, 'Sötma'), { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Ost' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Granskad av Vinpressen' }));
    submit(dialog);

    await findToast('Vin tillagt');
    const [post] = api.made('POST', '/api/admin/wines');
    expect(JSON.parse(String(post!.init!.body))).toMatchObject({
      name: 'Barolo Riserva',
      price: '1 299,50 kr',
      rating: '4',
      vintage: String(YEAR),
      categories: [],
      alcoholContent: '14,5',
      region: '',
      imageUrl: null,
      sweetness: 2,
      acidity: null,
      foodPairings: ['cheese'],
      approvalStatus: 'approved',
      isGranskadVinpressen: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const added = await card(`Barolo Riserva ${YEAR}`);
    expect(added.textContent).toContain('1\u00a0299,50 kr');
  });

  it('puts the server’s 400 details on the fields and says Fel', async () => {
    fakeWinesServer([], ({ url, init }) =>
      init?.method === 'POST' && url.pathname === '/api/admin/wines'
        ? apiError(400, 'Uppgifterna är inte giltiga.', 'validation_failed', [{ path: 'body.foodPairings', message: M.foodPairingUnknown('kebab') }])
        : undefined,
    );
    await openWinesTab();
    const dialog = await openAddForm();
    type(dialog, 'Namn', 'Barolo');
    type(dialog, 'Beskrivning', 'Rosor.');
    type(dialog, 'Pris', '299');
    submit(dialog);

    await findToast('Fel', 'Uppgifterna är inte giltiga.');
    const group = within(dialog).getByRole('group', { name: 'Mat' });
    expect(messageOf(group)).toBe(M.foodPairingUnknown('kebab'));
    expect(screen.getByRole('dialog', { name: 'Lägg till vin' })).toBeTruthy();
  });

  it("says 'Fel' / 'Något gick fel. Försök igen.' when the server gives no reason", async () => {
    fakeWinesServer([], ({ init }) => (init?.method === 'POST' ? new Response('', { status: 502 }) : undefined));
    await openWinesTab();
    const dialog = await openAddForm();
    type(dialog, 'Namn', 'Barolo');
    type(dialog, 'Beskrivning', 'Rosor.');
    type(dialog, 'Pris', '299');
    submit(dialog);
    await findToast('Fel', 'Något gick fel. Försök igen.');
  });

  it("edits a wine with its stored values, keeps imported values outside the lists, and says 'Vin uppdaterat'", async () => {
    const wine = buildAdminWine({
      name: 'Chianti Classico',
      vintage: 2019,
      price: 129.5,
      rating: null,
      alcoholContent: 13.5,
      categories: ['FYND'],
      foodPairings: ['meat', 'Grönsaker'],
      occasions: ['gathering'],
      body: 4,
      approvalStatus: 'draft',
      source: 'partner',
      imageUrl: '/api/images/5b1c8f0e-1d7a-4c1e-9a53-0d1f2e3a4b5c',
    });
    const api = fakeWinesServer([wine]);
    await openWinesTab();
    fireEvent.click(within(await card('Chianti Classico 2019')).getByRole('button', { name: 'Redigera Chianti Classico 2019' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera vin' });

    expect(field(dialog, 'Namn').value).toBe('Chianti Classico');
    expect(field(dialog, 'Pris').value).toBe('129,50');
    expect(field(dialog, 'Betyg').value).toBe('');
    expect(field(dialog, 'Alkoholhalt (%)').value).toBe('13,5');
    expect((field(dialog, 'Fyllighet') as unknown as HTMLSelectElement).value).toBe('4');
    expect((within(dialog).getByRole('checkbox', { name: 'Fynd' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Grönsaker' }) as HTMLInputElement).checked).toBe(true);
    // A draft keeps its own status as a choice (the server accepts it unchanged).
    expect((field(dialog, 'Status') as unknown as HTMLSelectElement).value).toBe('draft');
    expect(within(dialog).getByAltText('Förhandsvisning av bilden').getAttribute('src')).toBe(wine.imageUrl);

    type(dialog, 'Pris', '139 kr');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));

    await findToast('Vin uppdaterat');
    const [put] = api.made('PUT', `/api/admin/wines/${wine.id}`);
    expect(JSON.parse(String(put!.init!.body))).toMatchObject({
      price: '139 kr',
      rating: '',
      foodPairings: ['meat', 'Grönsaker'],
      approvalStatus: 'draft',
      imageUrl: wine.imageUrl,
      body: 4,
    });
    expect((await card('Chianti Classico 2019')).textContent).toContain('139 kr');
  });
});

describe('Wines tab: the image', () => {
  const file = (name: string, type: string, bytes = 'bytes') => new File([bytes], name, { type });
  const choose = (dialog: HTMLElement, f: File) => fireEvent.change(field(dialog, 'Bild'), { target: { files: [f] } });
  const IMAGE_URL = '/api/images/0f6a9d2e-3b4c-4d5e-8f70-112233445566';

  it('uploads the chosen file to /api/admin/images and saves its URL, never a data URL', async () => {
    const api = fakeWinesServer([], ({ url, init }) =>
      init?.method === 'POST' && url.pathname === '/api/admin/images'
        ? json(201, { id: IMAGE_URL.slice(12), url: IMAGE_URL, contentType: 'image/png', byteSize: 5, width: 1, height: 1 })
        : undefined,
    );
    await openWinesTab();
    const dialog = await openAddForm();
    choose(dialog, file('flaska.png', 'image/png'));

    await within(dialog).findByRole('button', { name: 'Byt bild' });
    const [upload] = api.made('POST', '/api/admin/images');
    expect(new Headers(upload!.init!.headers).get('X-Vinpressen-Upload')).toBe('1');
    const sent = upload!.init!.body as FormData;
    expect((sent.get('image') as File).name).toBe('flaska.png');
    expect(within(dialog).getByAltText('Förhandsvisning av bilden').getAttribute('src')).toBe(IMAGE_URL);

    type(dialog, 'Namn', 'Barolo');
    type(dialog, 'Beskrivning', 'Rosor.');
    type(dialog, 'Pris', '299');
    submit(dialog);
    await findToast('Vin tillagt');
    expect(JSON.parse(String(api.made('POST', '/api/admin/wines')[0]!.init!.body)).imageUrl).toBe(IMAGE_URL);
  });

  it("shows the server's reason when the upload is refused, and refuses a file that is no image before sending", async () => {
    const api = fakeWinesServer([], ({ url, init }) =>
      init?.method === 'POST' && url.pathname === '/api/admin/images' ? apiError(415, M.imageType, 'unsupported_media_type') : undefined,
    );
    await openWinesTab();
    const dialog = await openAddForm();

    choose(dialog, file('anteckning.txt', 'text/plain'));
    expect(await within(dialog).findByText(NOT_AN_IMAGE)).toBeTruthy();
    expect(api.made('POST', '/api/admin/images')).toHaveLength(0);

    choose(dialog, file('falsk.png', 'image/png'));
    expect(await within(dialog).findByText(M.imageType)).toBeTruthy();
    expect(messageOf(within(dialog).getByRole('button', { name: 'Välj bild' }))).toBe(M.imageType);
  });
});

describe('Wines tab: deleting', () => {
  it('asks first, cancelling keeps the wine, confirming deletes it with the toast Vin borttaget', async () => {
    const baroloWine = buildAdminWine({ name: 'Barolo', vintage: 2017 });
    const api = fakeWinesServer([baroloWine, buildAdminWine({ name: 'Sancerre' })]);
    await openWinesTab();
    const barolo = await card('Barolo 2017');

    fireEvent.click(within(barolo).getByRole('button', { name: 'Ta bort Barolo 2017' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Är du säker på att du vill ta bort "Barolo"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    fireEvent.click(within(await card('Barolo 2017')).getByRole('button', { name: 'Ta bort Barolo 2017' }));
    confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));

    await findToast('Vin borttaget');
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/admin/wines/${baroloWine.id}`]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Barolo 2017' })).toBeNull());
    expect(screen.getByRole('article', { name: 'Sancerre 2020' })).toBeTruthy();
  });

  it("says 'Kunde inte ta bort vinet. Försök igen.' when deleting fails, and keeps the wine", async () => {
    fakeWinesServer([buildAdminWine({ name: 'Barolo', vintage: 2017 })], ({ init }) =>
      init?.method === 'DELETE' ? new Response('', { status: 500 }) : undefined,
    );
    await openWinesTab();
    fireEvent.click(within(await card('Barolo 2017')).getByRole('button', { name: 'Ta bort Barolo 2017' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort' }));

    await findToast('Fel', 'Kunde inte ta bort vinet. Försök igen.');
    expect(screen.getByRole('article', { name: 'Barolo 2017' })).toBeTruthy();
  });
});
