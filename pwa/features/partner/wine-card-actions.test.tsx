// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { db } from '../../lib/db';
import { clearToasts, findToast, renderApp } from '../../test/test-utils';
import { buildPartnerWine, fakePartnerServer, resetDevice, sentMutations } from './test-fakes';

// Mina viner's card buttons through the real app (router, pages, the device's IndexedDB and the outbox), the
// network answered by the partner fake: deleting a draft (asked first), copying a wine, opening a rejected one again.

beforeEach(resetDevice);
afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

const draft = buildPartnerWine({ name: 'Utkastvinet' });
const pending = buildPartnerWine({ name: 'Väntevinet', approvalStatus: 'pending' });
const approved = buildPartnerWine({
  name: 'Prisvinet',
  vintage: 2021,
  approvalStatus: 'approved',
  isGranskadVinpressen: true,
  medal: { id: 'guld', name: 'Guldmedalj', category: 'FYND' },
  rating: 5,
});
const REASON = 'Etiketten saknar alkoholhalt. Lägg till den och skicka in igen.';
const rejected = buildPartnerWine({ name: 'Nejvinet', approvalStatus: 'rejected', rejectionReason: REASON });

const card = (name: RegExp) => screen.findByRole('article', { name });

describe('Mina viner: deleting a draft', () => {
  it('asks first; Avbryt keeps the draft, confirming removes it on the device and on the server', async () => {
    const api = fakePartnerServer([{ ...draft }, { ...pending }]);
    renderApp('/partner?tab=mina-viner');
    const d = await card(/^Utkastvinet/);

    fireEvent.click(within(d).getByRole('button', { name: 'Ta bort Utkastvinet' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ta bort utkastet?' });
    expect(dialog.textContent).toContain('Är du säker på att du vill ta bort ”Utkastvinet”?');
    // Cancel is focused first, so Enter never deletes by accident.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Avbryt'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await card(/^Utkastvinet/)).toBeTruthy();
    expect(sentMutations(api.requests)).toEqual([]);

    fireEvent.click(within(await card(/^Utkastvinet/)).getByRole('button', { name: 'Ta bort Utkastvinet' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort utkastet' }));
    await findToast('Utkastet är borttaget');
    await waitFor(() => expect(screen.queryByRole('article', { name: /^Utkastvinet/ })).toBeNull());
    expect(screen.getByText('Mina viner (1)')).toBeTruthy();
    await waitFor(() => expect(sentMutations(api.requests)).toEqual([expect.objectContaining({ type: 'deleteWine', wineId: draft.id })]));
    await waitFor(() => expect(api.state.wines.map((w) => w.name)).toEqual(['Väntevinet']));
    await waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });

  it('deletes offline: the card goes at once, the deletion waits on the device and goes once the connection is back', async () => {
    let offline = true;
    const api = fakePartnerServer([{ ...draft }], {
      override: (req) => (offline && req.path === '/api/partner/sync' ? Promise.reject(new TypeError('Failed to fetch')) : undefined),
    });
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => !offline);
    try {
      renderApp('/partner?tab=mina-viner');
      fireEvent.click(within(await card(/^Utkastvinet/)).getByRole('button', { name: 'Ta bort Utkastvinet' }));
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort utkastet' }));
      await findToast('Utkastet är borttaget', 'Borttagningen skickas till Vinpressen när du är online igen.');
      await waitFor(() => expect(screen.queryByRole('article', { name: /^Utkastvinet/ })).toBeNull());
      expect(await db.outbox.toArray()).toMatchObject([{ type: 'deleteWine', entityId: draft.id, status: 'queued' }]);
      expect(api.state.wines).toHaveLength(1);

      offline = false;
      window.dispatchEvent(new Event('online'));
      await waitFor(() => expect(api.state.wines).toEqual([]));
      await waitFor(async () => expect(await db.outbox.count()).toBe(0));
      expect(screen.queryByRole('article', { name: /^Utkastvinet/ })).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });

  it('offers Ta bort on drafts only', async () => {
    fakePartnerServer([draft, pending, approved, rejected]);
    renderApp('/partner?tab=mina-viner');
    expect(within(await card(/^Utkastvinet/)).getByRole('button', { name: 'Ta bort Utkastvinet' })).toBeTruthy();
    for (const name of [/^Väntevinet/, /^Prisvinet/, /^Nejvinet/]) {
      expect(within(await card(name)).queryByRole('button', { name: /Ta bort/ })).toBeNull();
    }
  });
});

describe('Mina viner: copying a wine', () => {
  it('copies an approved wine as a new draft with the same values and opens it in the form; no review data comes along', async () => {
    const api = fakePartnerServer([{ ...approved }]);
    const router = renderApp('/partner?tab=mina-viner');
    fireEvent.click(within(await card(/^Prisvinet/)).getByRole('button', { name: 'Kopiera Prisvinet' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/partner\/wines\/edit\/[0-9a-f-]{36}$/));
    const copyId = router.state.location.pathname.split('/').pop()!;
    expect(copyId).not.toBe(approved.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Redigera vin' })).toBeTruthy();
    expect((screen.getByLabelText(/Vinnamn/) as HTMLInputElement).value).toBe('Prisvinet');
    expect(
      screen
        .getAllByRole('status')
        .some(
          (s) =>
            s.textContent ===
            'Det här är en kopia av ”Prisvinet”, sparad som ett nytt utkast. Ändra det som skiljer, till exempel årgången, och spara.',
        ),
    ).toBe(true);

    await waitFor(() => expect(sentMutations(api.requests)).toEqual([expect.objectContaining({ type: 'upsertWine', wineId: copyId })]));
    const sent = sentMutations(api.requests)[0]!.patch;
    expect(sent).toMatchObject({ name: 'Prisvinet', vintage: 2021, rating: 5, price: approved.price });
    expect(Object.keys(sent)).not.toEqual(expect.arrayContaining(['approvalStatus']));
    for (const key of ['approvalStatus', 'isGranskadVinpressen', 'medal', 'rejectionReason']) expect(sent).not.toHaveProperty(key);
    await waitFor(() => expect(api.state.wines.find((w) => w.id === copyId)).toMatchObject({ approvalStatus: 'draft', medal: null }));
  });

  it('offers Kopiera on every wine', async () => {
    fakePartnerServer([draft, pending, approved, rejected]);
    renderApp('/partner?tab=mina-viner');
    for (const [name, label] of [
      [/^Utkastvinet/, 'Kopiera Utkastvinet'],
      [/^Väntevinet/, 'Kopiera Väntevinet'],
      [/^Prisvinet/, 'Kopiera Prisvinet'],
      [/^Nejvinet/, 'Kopiera Nejvinet'],
    ] as const) {
      expect(within(await card(name)).getByRole('button', { name: label })).toBeTruthy();
    }
  });
});

describe('Mina viner: revising a rejected wine', () => {
  it('opens the rejected wine again as a draft and goes to the form, which shows the reason', async () => {
    const api = fakePartnerServer([{ ...rejected }]);
    const router = renderApp('/partner?tab=mina-viner');
    const r = await card(/^Nejvinet/);
    expect(within(r).getByText(REASON)).toBeTruthy();
    expect(within(r).getByText('Öppna vinet för att ändra det och skicka in det igen.')).toBeTruthy();
    expect(within(r).queryByText(M.notEditable)).toBeNull();

    fireEvent.click(within(r).getByRole('button', { name: 'Ändra och skicka in igen Nejvinet' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/partner/wines/edit/${rejected.id}`));
    expect(api.made('POST', `/api/partner/wines/${rejected.id}/revise`)).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Redigera vin' })).toBeTruthy();
    expect(screen.getByText('Vinpressen avvisade vinet. Anledning:')).toBeTruthy();
    expect(screen.getByText(REASON)).toBeTruthy();
    expect(api.state.wines[0]).toMatchObject({ approvalStatus: 'draft' });
  });

  it('says so when the device is offline, and stays on the list', async () => {
    fakePartnerServer([{ ...rejected }], {
      override: (req) => (req.path.endsWith('/revise') ? Promise.reject(new TypeError('Failed to fetch')) : undefined),
    });
    const router = renderApp('/partner?tab=mina-viner');
    fireEvent.click(within(await card(/^Nejvinet/)).getByRole('button', { name: 'Ändra och skicka in igen Nejvinet' }));
    await findToast('Kunde inte öppna vinet', 'Du är offline. Ett avvisat vin öppnas för ändring när du är online.');
    expect(router.state.location.pathname).toBe('/partner');
  });
});
