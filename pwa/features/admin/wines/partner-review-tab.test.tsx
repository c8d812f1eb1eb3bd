// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, renderApp } from '../../auth/test-utils';
import { formatSwedishDate } from './partner-review-tab';
import { buildAdminWine, fakeWinesServer } from './test-fakes';

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

async function openReview() {
  renderApp('/admin?tab=partner-review');
  return screen.findByRole('tablist', { name: 'Partnerviner efter status' });
}

const pendingPartnerWine = buildAdminWine({
  name: 'Gårdens Rödvin',
  vintage: 2022,
  price: 149,
  source: 'partner',
  approvalStatus: 'pending',
  createdAt: '2026-11-23T09:00:00.000Z',
  partner: { companyName: 'Vingården AB', phone: '08-123 456 78' },
  owner: { firstName: 'Per', lastName: 'Persson', email: 'per@vingarden.se' },
});
const rejectedPartnerWine = buildAdminWine({
  name: 'Avvisad Rosé',
  vintage: null,
  price: 89.5,
  source: 'partner',
  approvalStatus: 'rejected',
  rejectionReason: 'Etiketten saknar alkoholhalt.',
});

describe('Partner review tab', () => {
  it("lists only partner wines by status in the sub-tabs Väntande, Godkända and Avvisade, with 'Inga viner väntar' when none wait", async () => {
    const api = fakeWinesServer([
      buildAdminWine({ name: 'Admin väntar', source: 'admin', approvalStatus: 'pending' }),
      buildAdminWine({ name: 'Partner godkänd', source: 'partner', approvalStatus: 'approved' }),
    ]);
    const tabs = await openReview();
    expect(within(tabs).getAllByRole('tab').map((t) => t.textContent?.replace(/\d.*$/, ''))).toEqual(['Väntande', 'Godkända', 'Avvisade']);
    expect(await screen.findByText('Inga viner väntar')).toBeTruthy();
    expect(screen.queryByText('Admin väntar')).toBeNull();

    const queries = api.made('GET', '/api/admin/wines').map((r) => `${r.query.get('source')}:${r.query.get('approvalStatus')}`);
    expect(new Set(queries)).toEqual(new Set(['partner:pending', 'partner:approved', 'partner:rejected']));

    fireEvent.click(within(tabs).getByRole('tab', { name: /^Godkända/ }));
    const approved = await screen.findByRole('article', { name: 'Partner godkänd 2020' });
    expect(within(approved).getByText('Godkänd')).toBeTruthy();
    expect(within(tabs).getByRole('tab', { name: /^Godkända/ }).textContent).toContain('1');

    fireEvent.click(within(tabs).getByRole('tab', { name: /^Avvisade/ }));
    expect(await screen.findByText('Inga avvisade partnerviner')).toBeTruthy();
  });

  it('shows a waiting wine with its badge, price in kr, Swedish date, partner company and phone, owner name and e-mail, and no actions', async () => {
    fakeWinesServer([pendingPartnerWine]);
    await openReview();
    const entry = await screen.findByRole('article', { name: 'Gårdens Rödvin 2022' });
    expect(within(entry).getByText('Väntar')).toBeTruthy();
    expect(within(entry).getByText('149 kr')).toBeTruthy();
    expect(within(entry).getByText('23 november 2026')).toBeTruthy();
    expect(entry.textContent).toContain('Vingården AB');
    expect(within(entry).getByRole('link', { name: '08-123 456 78' }).getAttribute('href')).toBe('tel:0812345678');
    expect(entry.textContent).toContain('Per Persson');
    expect(within(entry).getByRole('link', { name: 'per@vingarden.se' }).getAttribute('href')).toBe('mailto:per@vingarden.se');
    // Approving and rejecting come with the partner portal: no buttons that would do nothing.
    expect(within(entry).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows a rejected wine with the reason, and says when partner details are missing', async () => {
    fakeWinesServer([rejectedPartnerWine]);
    const tabs = await openReview();
    fireEvent.click(within(tabs).getByRole('tab', { name: /^Avvisade/ }));
    const entry = await screen.findByRole('article', { name: 'Avvisad Rosé' });
    expect(within(entry).getByText('Avvisad')).toBeTruthy();
    expect(within(entry).getByText('89.50 kr')).toBeTruthy();
    expect(entry.textContent).toContain('Anledning: Etiketten saknar alkoholhalt.');
    expect(within(entry).getAllByText('Uppgifter saknas')).toHaveLength(2);
  });

  it('formats dates the Swedish way in Swedish time', () => {
    expect(formatSwedishDate('2026-12-31T23:30:00.000Z')).toBe('1 januari 2027');
    expect(formatSwedishDate('inte ett datum')).toBe('');
  });
});
