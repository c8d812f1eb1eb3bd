// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BulkSubmitResult } from '../../../api/contract/partner';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { clearToasts, findToast, json, renderApp } from '../../test/test-utils';
import { applyMyWinesView, readMyWinesView, writeMyWinesView } from './my-wines-view';
import { deviceWine } from './device-wines';
import { buildPartnerWine, fakePartnerServer, PARTNER_USER, resetDevice } from './test-fakes';

beforeEach(resetDevice);
afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

const riesling = buildPartnerWine({ name: 'Åsens Riesling', region: 'Skåne', updatedAt: '2026-11-21T09:00:00.000Z' });
const rondo = buildPartnerWine({ name: 'Bergets Rondo', rating: null, grapeVariety: 'Rondo', updatedAt: '2026-11-24T09:00:00.000Z' });
const cider = buildPartnerWine({ name: 'Chateau Äppel', approvalStatus: 'pending', updatedAt: '2026-11-23T09:00:00.000Z' });
const solaris = buildPartnerWine({ name: 'Ängens Solaris', approvalStatus: 'approved', updatedAt: '2026-11-22T09:00:00.000Z' });
const all = [riesling, rondo, cider, solaris];

const headings = () =>
  screen.getAllByRole('article').map((a) =>
    within(a)
      .getByRole('heading', { level: 3 })
      .textContent!.replace(/ \d{4}$/, ''),
  );

describe('my-wines-view', () => {
  const device = (w: typeof riesling) =>
    deviceWine({
      id: w.id,
      userId: PARTNER_USER.id,
      values: { ...w, price: w.price },
      serverVersion: 1,
      approvalStatus: w.approvalStatus,
      syncState: 'synced',
      updatedAt: Date.parse(w.updatedAt),
    });

  it('reads and writes the address, leaving the defaults out and unknown values ignored', () => {
    expect(readMyWinesView(new URLSearchParams('tab=mina-viner&status=bogus&sort=x'))).toEqual({ q: '', status: '', sort: 'andrad' });
    const written = writeMyWinesView(new URLSearchParams('tab=mina-viner&sort=namn'), { q: 'rondo', status: 'draft', sort: 'andrad' });
    expect(written.toString()).toBe('tab=mina-viner&q=rondo&status=draft');
  });

  it('searches every word without case or accents in name, region and grape; filters by status; orders three ways', () => {
    const wines = all.map(device);
    const names = (view: Parameters<typeof applyMyWinesView>[1]) => applyMyWinesView(wines, view).map((w) => w.name);
    expect(names({ q: '', status: '', sort: 'andrad' })).toEqual(['Bergets Rondo', 'Chateau Äppel', 'Ängens Solaris', 'Åsens Riesling']);
    expect(names({ q: '', status: '', sort: 'namn' })).toEqual(['Bergets Rondo', 'Chateau Äppel', 'Åsens Riesling', 'Ängens Solaris']);
    expect(names({ q: '', status: '', sort: 'status' })).toEqual(['Bergets Rondo', 'Åsens Riesling', 'Chateau Äppel', 'Ängens Solaris']);
    expect(names({ q: 'CHÂTEAU', status: '', sort: 'namn' })).toEqual(['Chateau Äppel']);
    expect(names({ q: 'skane ries', status: '', sort: 'namn' })).toEqual(['Åsens Riesling']);
    expect(names({ q: 'rondo', status: '', sort: 'namn' })).toEqual(['Bergets Rondo']);
    expect(names({ q: '', status: 'draft', sort: 'namn' })).toEqual(['Bergets Rondo', 'Åsens Riesling']);
  });
});

describe('Mina viner', () => {
  it('takes the search, status and order from the address and writes changes back to it', async () => {
    fakePartnerServer(all);
    const router = renderApp('/partner?tab=mina-viner&status=draft&sort=namn');
    await waitFor(() => expect(headings()).toEqual(['Bergets Rondo', 'Åsens Riesling']));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('draft');
    expect(screen.getByText('Visar 2 av 4 viner')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Sök'), { target: { value: 'ries' } });
    await waitFor(() => expect(headings()).toEqual(['Åsens Riesling']));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('ries');

    fireEvent.change(screen.getByLabelText('Sök'), { target: { value: 'finns inte' } });
    expect(await screen.findByText('Inga viner hittades')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Rensa sökningen' }));
    fireEvent.change(screen.getByLabelText('Sortera'), { target: { value: 'status' } });
    await waitFor(() => expect(headings()).toEqual(['Bergets Rondo', 'Åsens Riesling', 'Chateau Äppel', 'Ängens Solaris']));
    expect(router.state.location.search).toBe('?tab=mina-viner&sort=status');
  });

  it("'Markera alla' marks the drafts shown; 'Skicka in markerade' asks, sends them in one call and shows each outcome", async () => {
    const answer: BulkSubmitResult = {
      submittedCount: 1,
      refusedCount: 1,
      submitted: [{ id: riesling.id, name: riesling.name }],
      refused: [{ id: rondo.id, name: rondo.name, code: 'submit_not_ready', error: M.bulkSubmitNotReady('betyg'), missing: ['rating'] }],
    };
    const server = fakePartnerServer(all, {
      override: (req) => {
        if (req.method !== 'POST' || req.path !== '/api/partner/wines/bulk-submit') return undefined;
        riesling.approvalStatus = 'pending';
        return json(200, answer);
      },
    });
    renderApp('/partner?tab=mina-viner');
    const markAll = await screen.findByRole('checkbox', { name: 'Markera alla (2)' });
    const send = screen.getByRole('button', { name: 'Skicka in markerade' });
    expect(send).toHaveProperty('disabled', true);
    // Only drafts have a checkbox.
    expect(screen.getByRole('checkbox', { name: `Markera ${rondo.name}` })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: `Markera ${cider.name}` })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: `Markera ${rondo.name}` }));
    expect(screen.getByText('1 markerade')).toBeTruthy();
    fireEvent.click(markAll);
    expect(screen.getByText('2 markerade')).toBeTruthy();
    fireEvent.click(send);
    expect(screen.getByRole('alertdialog').textContent).toContain('Skicka in 2 viner för granskning?');
    expect(server.made('POST', '/api/partner/wines/bulk-submit')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, skicka in nu' }));

    await findToast(M.bulkSubmitDone(1, 1));
    const sent = server.made('POST', '/api/partner/wines/bulk-submit');
    expect(sent).toHaveLength(1);
    expect((sent[0]!.body as { ids: string[] }).ids.sort()).toEqual([riesling.id, rondo.id].sort());
    const result = screen.getByRole('region', { name: 'Inskickning' });
    expect(within(result).getByRole('status').textContent).toBe('1 viner inskickade, 1 kunde inte skickas in');
    expect(within(within(result).getByRole('list', { name: 'Inskickade viner' })).getByRole('listitem').textContent).toBe(
      `${riesling.name} – Väntar granskning`,
    );
    expect(within(result).getByRole('list', { name: 'Viner som inte skickades in' }).textContent).toBe(
      `${rondo.name}${M.bulkSubmitNotReady('betyg')}`,
    );
    // The list is read again: the sent wine is pending and no longer markable.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Markera alla (1)' })).toBeTruthy());
  });
});
