// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PARTNER_MESSAGES as M } from '../../../../api/contract/partner-rules';
import { APPROVE_MESSAGES } from '../../../../api/contract/partner-review';
import { apiError, clearToasts, findToast, renderApp } from '../../../test/test-utils';
import { formatSwedishDate } from './partner-review-tab';
import { buildAdminWine, buildMedalDesign, fakeWinesServer } from './test-fakes';
import { resetAfterEach } from '../../../test/reset-after-each';

resetAfterEach();

async function openReview() {
  renderApp('/admin?tab=partner-review');
  return screen.findByRole('tablist', { name: 'Partnerviner efter status' });
}

const MEDALS = [
  buildMedalDesign({ id: 'fynd', name: 'Fynd', category: 'FYND' }),
  buildMedalDesign({ id: 'arets-fynd', name: 'Årets fynd', category: 'FYND' }),
  buildMedalDesign({ id: 'granskad-av-vinpressen', name: 'Granskad av Vinpressen', category: 'GRANSKAD' }),
];

const pending = (overrides: Parameters<typeof buildAdminWine>[0] = {}) =>
  buildAdminWine({
    name: 'Gårdens Rödvin',
    vintage: 2022,
    price: 149,
    source: 'partner',
    approvalStatus: 'pending',
    createdAt: '2026-11-23T09:00:00.000Z',
    submittedAt: '2026-11-24T09:00:00.000Z',
    sweetness: 2,
    acidity: 4,
    body: 3,
    tannins: null,
    fruity: 5,
    foodPairings: ['meat', 'cheese'],
    occasions: ['dinner'],
    partner: { companyName: 'Vingården AB', phone: '08-123 456 78' },
    owner: { firstName: 'Per', lastName: 'Persson', email: 'per@vingarden.se' },
    ...overrides,
  });

const rejected = () =>
  buildAdminWine({
    name: 'Avvisad Rosé',
    vintage: null,
    price: 89.5,
    source: 'partner',
    approvalStatus: 'rejected',
    rejectionReason: 'Etiketten saknar alkoholhalt.',
    reviewedAt: '2026-11-25T09:00:00.000Z',
  });

const tab = (tabs: HTMLElement, name: RegExp) => within(tabs).getByRole('tab', { name });
const sentBody = (api: ReturnType<typeof fakeWinesServer>, path: string) => JSON.parse(String(api.made('POST', path).at(-1)!.init!.body));

async function openDialogFor(title: string, action: 'Granska' | 'Godkänn' | 'Avvisa', dialogName: string) {
  fireEvent.click(await screen.findByRole('button', { name: `${action} ${title}` }));
  return screen.findByRole('dialog', { name: dialogName });
}

describe('Partner review tab: the lists', () => {
  it("reads pending and rejected from their own calls and approved from the partner list; 'Inga viner väntar' when none wait", async () => {
    const api = fakeWinesServer([
      buildAdminWine({ name: 'Admin väntar', source: 'admin', approvalStatus: 'pending' }),
      buildAdminWine({
        name: 'Partner godkänd',
        source: 'partner',
        approvalStatus: 'approved',
        isGranskadVinpressen: true,
        medal: { id: 'fynd', name: 'Fynd', category: 'FYND' },
      }),
    ]);
    const tabs = await openReview();
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent?.replace(/\d.*$/, '')),
    ).toEqual(['Väntande', 'Godkända', 'Avvisade']);
    expect(await screen.findByText('Inga viner väntar')).toBeTruthy();
    expect(screen.queryByText('Admin väntar')).toBeNull();

    expect(api.made('GET', '/api/admin/wines/pending')[0]!.query.toString()).toBe('limit=20&offset=0');
    expect(api.made('GET', '/api/admin/wines/rejected')).toHaveLength(1);
    const approvedQuery = api.made('GET', '/api/admin/wines')[0]!.query;
    expect([approvedQuery.get('source'), approvedQuery.get('approvalStatus')]).toEqual(['partner', 'approved']);

    fireEvent.click(tab(tabs, /^Godkända/));
    const approved = await screen.findByRole('article', { name: 'Partner godkänd 2020' });
    expect(within(approved).getByText('Godkänd')).toBeTruthy();
    expect(within(approved).getByRole('img', { name: 'Granskad av Vinpressen' })).toBeTruthy();
    expect(approved.textContent).toContain('Medalj: Fynd');
    expect(within(approved).queryAllByRole('button')).toHaveLength(0);
    expect(tab(tabs, /^Godkända/).textContent).toContain('1');

    fireEvent.click(tab(tabs, /^Avvisade/));
    expect(await screen.findByText('Inga avvisade partnerviner')).toBeTruthy();
  });

  it('shows a waiting wine with its badge, price in kr, Swedish dates, partner company and phone, owner name and e-mail, and its three actions', async () => {
    fakeWinesServer([pending()]);
    await openReview();
    const entry = await screen.findByRole('article', { name: 'Gårdens Rödvin 2022' });
    expect(within(entry).getByText('Väntar')).toBeTruthy();
    expect(within(entry).getByText('149 kr')).toBeTruthy();
    expect(entry.textContent).toContain('23 november 2026');
    expect(entry.textContent).toContain('Inskickat 24 november 2026');
    expect(entry.textContent).toContain('Vingården AB');
    expect(within(entry).getByRole('link', { name: '08-123 456 78' }).getAttribute('href')).toBe('tel:0812345678');
    expect(entry.textContent).toContain('Per Persson');
    expect(within(entry).getByRole('link', { name: 'per@vingarden.se' }).getAttribute('href')).toBe('mailto:per@vingarden.se');
    expect(
      within(entry)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Granska', 'Godkänn', 'Avvisa']);
  });

  it('marks a wine the partner revised and sent in again after a rejection, with the earlier reason; a first submission has no such note', async () => {
    fakeWinesServer([
      pending({ name: 'Andra försöket', vintage: null, rejectionReason: 'Alkoholhalten saknas.\nLägg till den.' }),
      pending({ name: 'Första gången', vintage: null }),
    ]);
    await openReview();
    const again = await screen.findByRole('article', { name: 'Andra försöket' });
    expect(within(again).getByText('Inskickat igen efter avvisning')).toBeTruthy();
    expect(again.textContent).toContain('Tidigare anledning: Alkoholhalten saknas.\nLägg till den.');
    expect(
      within(again)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Granska', 'Godkänn', 'Avvisa']);
    const first = screen.getByRole('article', { name: 'Första gången' });
    expect(within(first).queryByText('Inskickat igen efter avvisning')).toBeNull();
    expect(first.textContent).not.toContain('Tidigare anledning');
  });

  it('lists rejected wines with their reasons and no actions, and says when partner details are missing', async () => {
    fakeWinesServer([rejected()]);
    const tabs = await openReview();
    fireEvent.click(tab(tabs, /^Avvisade/));
    const entry = await screen.findByRole('article', { name: 'Avvisad Rosé' });
    expect(within(entry).getByText('Avvisad')).toBeTruthy();
    expect(within(entry).getByText('89,50 kr')).toBeTruthy();
    expect(entry.textContent).toContain('Anledning: Etiketten saknar alkoholhalt.');
    expect(entry.textContent).toContain('Avvisat 25 november 2026');
    expect(within(entry).getAllByText('Uppgifter saknas')).toHaveLength(2);
    expect(within(entry).queryAllByRole('button')).toHaveLength(0);
  });

  it('formats dates the Swedish way in Swedish time', () => {
    expect(formatSwedishDate('2026-12-31T23:30:00.000Z')).toBe('1 januari 2027');
    expect(formatSwedishDate('inte ett datum')).toBe('');
    expect(formatSwedishDate(null)).toBe('');
  });
});

describe('Partner review tab: Granska', () => {
  it('shows the whole wine with its taste profile, pairings and sender, and leads on to approving', async () => {
    fakeWinesServer([pending()], undefined, MEDALS);
    await openReview();
    const dialog = await openDialogFor('Gårdens Rödvin 2022', 'Granska', 'Gårdens Rödvin 2022');
    expect(dialog.textContent).toContain('Fruktig smak med inslag av körsbär.');
    expect(dialog.textContent).toContain('149 kr');
    expect(dialog.textContent).toContain('Bourgogne');
    expect(dialog.textContent).toContain('Pinot noir');
    const taste = within(dialog).getByRole('region', { name: 'Smakprofil' });
    expect(
      within(taste)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sötma2 av 5', 'Syra4 av 5', 'Fyllighet3 av 5', 'Fruktighet5 av 5']);
    expect(dialog.textContent).toContain('Kött');
    expect(dialog.textContent).toContain('Middag');
    expect(dialog.textContent).toContain('Vingården AB');
    expect(dialog.textContent).toContain('per@vingarden.se');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Godkänn' }));
    expect(await screen.findByRole('dialog', { name: 'Godkänn vin' })).toBeTruthy();
  });
});

describe('Partner review tab: Godkänn', () => {
  it("approves with the review mark and a chosen medal: 'Vin godkänt!', the wine moves to Godkända", async () => {
    const api = fakeWinesServer([pending()], undefined, MEDALS);
    const tabs = await openReview();
    const dialog = await openDialogFor('Gårdens Rödvin 2022', 'Godkänn', 'Godkänn vin');
    const select = within(dialog).getByLabelText('Medalj') as HTMLSelectElement;
    await waitFor(() => expect(select.options).toHaveLength(4));
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Ingen medalj',
      'Fynd (Fynd)',
      'Årets fynd (Fynd)',
      'Granskad av Vinpressen (Granskad av Vinpressen)',
    ]);
    const mark = within(dialog).getByRole('checkbox', { name: 'Granskad av Vinpressen' }) as HTMLInputElement;
    expect(mark.checked).toBe(false);
    fireEvent.click(mark);
    fireEvent.change(select, { target: { value: 'arets-fynd' } });
    expect(within(dialog).getByRole('img', { name: 'Förhandsvisning: Årets fynd' }).getAttribute('src')).toMatch(
      /^\/api\/medal-designs\/arets-fynd\.svg\?v=/,
    );
    const lists = within(dialog).getByRole('group', { name: /Visas i listorna/ });
    expect(
      within(lists)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Fynd', 'Aktuella vintips', 'Folkets val']);
    fireEvent.click(within(lists).getByRole('checkbox', { name: 'Aktuella vintips' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Godkänn vin' }));

    await findToast('Vin godkänt!');
    const id = api.state.wines[0]!.id;
    expect(sentBody(api, `/api/admin/wines/${id}/approve`)).toEqual({
      categories: ['NYLANSERAD'],
      isGranskadVinpressen: true,
      medalDesignId: 'arets-fynd',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Inga viner väntar')).toBeTruthy();
    fireEvent.click(tab(tabs, /^Godkända/));
    const approved = await screen.findByRole('article', { name: 'Gårdens Rödvin 2022' });
    expect(approved.textContent).toContain('Medalj: Årets fynd');
    expect(within(approved).getByRole('img', { name: 'Granskad av Vinpressen' })).toBeTruthy();
  });

  it("requires a list ('Välj minst en lista…', nothing sent), and sends no medal when 'Ingen medalj' stays chosen", async () => {
    const api = fakeWinesServer([pending()], undefined, MEDALS);
    await openReview();
    const dialog = await openDialogFor('Gårdens Rödvin 2022', 'Godkänn', 'Godkänn vin');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Godkänn vin' }));
    expect(await within(dialog).findByText(APPROVE_MESSAGES.categoryRequired)).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Folkets val' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Godkänn vin' }));
    await findToast('Vin godkänt!');
    expect(sentBody(api, `/api/admin/wines/${api.state.wines[0]!.id}/approve`)).toEqual({
      categories: ['FOLKETS_VAL'],
      isGranskadVinpressen: false,
      medalDesignId: null,
    });
  });

  it("shows the partner's rating as the producer's own, never as a member rating", async () => {
    fakeWinesServer([pending({ rating: 4 })], undefined, MEDALS);
    await openReview();
    const dialog = await openDialogFor('Gårdens Rödvin 2022', 'Godkänn', 'Godkänn vin');
    expect(dialog.textContent).toContain('Producentens betyg: 4 av 5 (eget)');
    expect(dialog.textContent).not.toMatch(/Folkets betyg:/);
  });

  it("shows 'Fel vid godkännande' with the server's message, else 'Kunde inte godkänna vinet. Försök igen.', and keeps the dialog", async () => {
    let calls = 0;
    fakeWinesServer(
      [pending()],
      ({ url }) => {
        if (!url.pathname.endsWith('/approve')) return undefined;
        calls += 1;
        return calls === 1 ? apiError(500, 'Databasen svarar inte.', 'internal') : new Response('Bad gateway', { status: 502 });
      },
      MEDALS,
    );
    await openReview();
    const dialog = await openDialogFor('Gårdens Rödvin 2022', 'Godkänn', 'Godkänn vin');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Fynd' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Godkänn vin' }));
    await findToast('Fel vid godkännande', 'Databasen svarar inte.');
    clearToasts();
    await waitFor(() => expect(screen.queryByText('Databasen svarar inte.')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Godkänn vin' }));
    await findToast('Fel vid godkännande', 'Kunde inte godkänna vinet. Försök igen.');
    expect(screen.getByRole('dialog', { name: 'Godkänn vin' })).toBeTruthy();
  });

  it('closes and refreshes when another admin decided the wine meanwhile (409)', async () => {
    const api = fakeWinesServer([pending()], ({ url }) => {
      if (!url.pathname.endsWith('/approve')) return undefined;
      api.state.wines[0]!.approvalStatus = 'rejected';
      return apiError(409, M.notPending, 'not_pending');
    });
    await openReview();
    const dialog = await openDialogFor('Gårdens Rödvin 2022', 'Godkänn', 'Godkänn vin');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Fynd' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Godkänn vin' }));
    await findToast('Fel vid godkännande', M.notPending);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Inga viner väntar')).toBeTruthy();
  });
});

describe('Partner review tab: Avvisa', () => {
  it("requires a reason: 'Anledning krävs' / 'Ange en anledning för avvisandet.', nothing sent", async () => {
    const api = fakeWinesServer([pending()]);
    await openReview();
    const dialog = await openDialogFor('Gårdens Rödvin 2022', 'Avvisa', 'Avvisa vin');
    const reason = within(dialog).getByLabelText('Anledning') as HTMLTextAreaElement;
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avvisa vin' }));
    await findToast('Anledning krävs', 'Ange en anledning för avvisandet.');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reason.getAttribute('aria-describedby')!)?.textContent).toBe('Ange en anledning för avvisandet.');
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("rejects with the reason: 'Vin avvisat', the wine shows under Avvisade with its reason", async () => {
    const api = fakeWinesServer([pending()]);
    const tabs = await openReview();
    const dialog = await openDialogFor('Gårdens Rödvin 2022', 'Avvisa', 'Avvisa vin');
    expect(dialog.textContent).toContain('per@vingarden.se');
    fireEvent.change(within(dialog).getByLabelText('Anledning'), { target: { value: 'Alkoholhalten saknas på etiketten.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avvisa vin' }));
    await findToast('Vin avvisat');
    expect(sentBody(api, `/api/admin/wines/${api.state.wines[0]!.id}/reject`)).toEqual({ reason: 'Alkoholhalten saknas på etiketten.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(tab(tabs, /^Avvisade/));
    const entry = await screen.findByRole('article', { name: 'Gårdens Rödvin 2022' });
    expect(entry.textContent).toContain('Anledning: Alkoholhalten saknas på etiketten.');
  });

  it("shows 'Fel vid avvisande' with the server's message, and its field message under the reason", async () => {
    fakeWinesServer([pending()], ({ url }) =>
      url.pathname.endsWith('/reject')
        ? apiError(400, 'Högst 2000 tecken.', 'validation_failed', [{ path: 'body.reason', message: 'Högst 2000 tecken.' }])
        : undefined,
    );
    await openReview();
    const dialog = await openDialogFor('Gårdens Rödvin 2022', 'Avvisa', 'Avvisa vin');
    const reason = within(dialog).getByLabelText('Anledning');
    fireEvent.change(reason, { target: { value: 'För lång.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avvisa vin' }));
    await findToast('Fel vid avvisande', 'Högst 2000 tecken.');
    await waitFor(() => expect(document.getElementById(reason.getAttribute('aria-describedby')!)?.textContent).toBe('Högst 2000 tecken.'));
  });
});
