// @vitest-environment happy-dom
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSubscriber, AdminSubscriberList } from '../../../../api/contract/admin-newsletter';
import { apiError, buildUser, fakeApi, findToast, json, renderApp } from '../../../test/test-utils';
import { resetAfterEach } from '../../../test/reset-after-each';

// The tab is a lazy chunk and the machine may be busy: allow more than the default second for it to appear.
configure({ asyncUtilTimeout: 5000 });

resetAfterEach();

const me = buildUser({ username: 'redaktionen', role: 'admin', authType: 'admin' });
const BASE = '/api/admin/newsletter-subscribers';

function subscriber(n: number, overrides: Partial<AdminSubscriber> = {}): AdminSubscriber {
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    email: `person${n}@example.se`,
    phone: `+4670123456${n}`,
    gdprConsent: true,
    consentedAt: '2026-02-01T10:00:00.000Z',
    isActive: true,
    createdAt: '2026-02-01T10:00:00.000Z',
    ...overrides,
  };
}

// 23:30 UTC on 28 Feb is 1 March in Stockholm: the table shows the Swedish day, like the CSV export.
const one = subscriber(1, { createdAt: '2026-02-28T23:30:00.000Z' });
const two = subscriber(2, { phone: null, gdprConsent: false });
const three = subscriber(3);
const stats = { total: 3, gdprConsent: 2, withPhone: 2, active: 3 };
const list = (items: AdminSubscriber[]): AdminSubscriberList => ({ items, total: items.length, stats });

async function openNewsletter(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/auth/current': json(200, me), [`GET ${BASE}`]: json(200, list([one, two, three])), ...routes });
  renderApp('/admin?tab=newsletter');
  await screen.findByRole('heading', { name: 'NYHETSBREVHANTERING' });
  return api;
}

const table = () => screen.getByRole('table');
const rowOf = (email: string) => screen.getByRole('cell', { name: email }).closest('tr')!;
const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;
const exportLink = () => screen.getByRole('link', { name: 'Exportera CSV' }) as HTMLAnchorElement;

describe('Newsletter tab: counters and table (spec 001 §2)', () => {
  it('shows the four counters and the rows: e-mail, phone, GDPR Ja/Nej, subscribed yyyy-MM-dd', async () => {
    await openNewsletter();
    await screen.findByRole('table');
    const counter = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!.textContent;
    expect(counter('Totalt')).toBe('Totalt3');
    expect(counter('GDPR-samtycke')).toBe('GDPR-samtycke2');
    expect(counter('Med telefon')).toBe('Med telefon2');
    expect(counter('Aktiva')).toBe('Aktiva3');

    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'E-post', 'Telefon', 'GDPR', 'Prenumererade', 'Åtgärder']);
    const cells = (email: string) =>
      within(rowOf(email))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('person1@example.se').slice(1, 5)).toEqual(['person1@example.se', '+46701234561', 'Ja', '2026-03-01']);
    expect(cells('person2@example.se').slice(1, 5)).toEqual(['person2@example.se', '–Inget telefonnummer', 'Nej', '2026-02-01']);
  });

  it('states the GDPR rules: erasure, export only for the newsletter, no third parties, backups and retention', async () => {
    await openNewsletter();
    const text = screen.getByRole('complementary', { name: 'GDPR och personuppgifter' }).textContent;
    for (const part of [
      'rätt att bli raderad',
      'bara användas för utskick av nyhetsbrevet',
      'tredje part',
      'Säkerhetskopior sparas',
      'lagringstid',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('stacks each subscriber with the same fields on a phone, with Markera alla above', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }));
    await openNewsletter();
    const cards = await screen.findByRole('list', { name: 'Prenumeranter' });
    expect(screen.queryByRole('table')).toBeNull();
    const first = within(cards).getAllByRole('listitem')[0]!;
    const fields = Object.fromEntries(
      within(first)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(fields).toEqual({ Telefon: '+46701234561', GDPR: 'Ja', Prenumererade: '2026-03-01' });
    fireEvent.click(box('Markera alla prenumeranter'));
    expect(box('Markera person2@example.se').checked).toBe(true);
    expect(within(first).getByRole('button', { name: 'Ta bort person1@example.se' })).toBeTruthy();
  });

  it("says 'Inga prenumeranter ännu.' without filters", async () => {
    await openNewsletter({ [`GET ${BASE}`]: json(200, { items: [], total: 0, stats: { total: 0, gdprConsent: 0, withPhone: 0, active: 0 } }) });
    expect(await screen.findByText('Inga prenumeranter ännu.')).toBeTruthy();
  });
});

describe('Newsletter tab: filters (spec 001 §4: they combine)', () => {
  it('combines the search and Endast GDPR-samtycke in the list call and in the export link', async () => {
    const api = await openNewsletter({
      [`GET ${BASE}?gdprOnly=true`]: json(200, list([one, three])),
      [`GET ${BASE}?q=070&gdprOnly=true`]: json(200, { ...list([]), total: 0 }),
    });
    await screen.findByRole('table');
    expect(exportLink().getAttribute('href')).toBe(`${BASE}/export`);
    expect(exportLink().hasAttribute('download')).toBe(true);

    fireEvent.click(box('Endast GDPR-samtycke'));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'person2@example.se' })).toBeNull());
    expect(exportLink().getAttribute('href')).toBe(`${BASE}/export?gdprOnly=true`);

    fireEvent.change(screen.getByLabelText('Sök prenumerant'), { target: { value: ' 070 ' } });
    expect(await screen.findByText('Inga prenumeranter matchar filtren.')).toBeTruthy();
    expect(api.calls(`GET ${BASE}?q=070&gdprOnly=true`)).toHaveLength(1);
    expect(exportLink().getAttribute('href')).toBe(`${BASE}/export?q=070&gdprOnly=true`);
  });
});

describe('Newsletter tab: selection and deletes', () => {
  it('selects all, shows a partial select-all as mixed, and bulk deletes the selected after a confirmation with the count', async () => {
    const api = await openNewsletter({ [`POST ${BASE}/bulk-delete`]: json(200, { deleted: 2 }) });
    await screen.findByRole('table');
    const bulk = () => screen.getByRole('button', { name: /^Ta bort markerade/ }) as HTMLButtonElement;
    expect(bulk().disabled).toBe(true);

    fireEvent.click(box('Markera alla prenumeranter'));
    expect([1, 2, 3].map((n) => box(`Markera person${n}@example.se`).checked)).toEqual([true, true, true]);
    fireEvent.click(box('Markera person2@example.se'));
    expect(box('Markera alla prenumeranter').checked).toBe(false);
    expect(box('Markera alla prenumeranter').indeterminate).toBe(true);
    expect(bulk().textContent).toBe('Ta bort markerade (2)');

    fireEvent.click(bulk());
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Är du säker på att du vill ta bort 2 prenumeranter?');
    expect(api.calls(`POST ${BASE}/bulk-delete`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort 2 prenumeranter' }));

    await findToast('2 prenumeranter borttagna');
    expect(api.calls(`POST ${BASE}/bulk-delete`)).toEqual([{ ids: [one.id, three.id] }]);
  });

  it('unticking select-all clears the selection', async () => {
    await openNewsletter();
    await screen.findByRole('table');
    fireEvent.click(box('Markera alla prenumeranter'));
    fireEvent.click(box('Markera alla prenumeranter'));
    expect([1, 2, 3].map((n) => box(`Markera person${n}@example.se`).checked)).toEqual([false, false, false]);
  });

  it('deletes one row after a confirmation', async () => {
    const api = await openNewsletter({ [`DELETE ${BASE}/${two.id}`]: new Response(null, { status: 204 }) });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort person2@example.se' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('"person2@example.se"');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await findToast('Prenumerant borttagen');
    expect(api.calls(`DELETE ${BASE}/${two.id}`)).toHaveLength(1);
  });

  it("says 'Borttagning misslyckades' with the server's message", async () => {
    await openNewsletter({ [`DELETE ${BASE}/${two.id}`]: apiError(404, 'Prenumeranten finns inte.') });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort person2@example.se' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort' }));
    await findToast('Borttagning misslyckades', 'Prenumeranten finns inte.');
  });
});
