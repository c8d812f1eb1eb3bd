// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { apiError, clearToasts, findToast, renderApp } from '../../test/test-utils';
import { formatKronor } from '../../../api/contract/money';
import { formatSwedishDate, wineCounts } from './format';
import { db } from '../../lib/db';
import { saveDraft, valuesOf } from './outbox/outbox';
import { buildCurrent, buildPartnerWine, fakePartnerServer, PARTNER_USER, resetDevice } from './test-fakes';

beforeEach(resetDevice);

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

const tablist = () => screen.findByRole('tablist', { name: 'Partnerportalens flikar' });
const tab = (name: string) => screen.getByRole('tab', { name });

const draft = buildPartnerWine({ name: 'Utkastvinet', vintage: 2024, price: 129.5, rating: 3 });
const pending = buildPartnerWine({ name: 'Väntevinet', approvalStatus: 'pending', price: 1299 });
const approved = buildPartnerWine({
  name: 'Prisvinet',
  approvalStatus: 'approved',
  isGranskadVinpressen: true,
  medal: { id: 'guld', name: 'Guldmedalj', category: 'FYND' },
});
const rejected = buildPartnerWine({ name: 'Nejvinet', approvalStatus: 'rejected', rejectionReason: 'Etiketten saknar alkoholhalt.' });

describe('format', () => {
  it('writes prices and dates the Swedish way and counts the wines', () => {
    expect([formatKronor(149), formatKronor(129.5), formatKronor(1299)]).toEqual(['149 kr', '129,50 kr', '1\u00a0299 kr']);
    expect(formatSwedishDate('2026-03-05T10:00:00.000Z')).toBe('5 mars 2026');
    expect(wineCounts([draft, pending, approved, rejected])).toEqual({ total: 4, pending: 1, approved: 1, reviewed: 1 });
  });
});

describe('partner dashboard (/partner)', () => {
  it("shows 'Åtkomst nekad' with a login button when the current partner cannot be read", async () => {
    fakePartnerServer([], { current: null });
    renderApp('/partner');
    expect(await screen.findByRole('heading', { name: M.accessDenied })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Logga in' }).getAttribute('href')).toBe('/partner/login');
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('names the user and the company in the header; the overview counts the wines and offers the quick actions', async () => {
    fakePartnerServer([draft, pending, approved, rejected]);
    const router = renderApp('/partner');
    await tablist();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Per Persson')).toBeTruthy();
    expect(within(header).getByText('Vingården AB')).toBeTruthy();
    expect(tab('Översikt').getAttribute('aria-selected')).toBe('true');

    const stat = async (label: string) => (await screen.findByText(label)).nextElementSibling?.textContent;
    await waitFor(async () => expect(await stat('Totalt antal viner')).toBe('4'));
    expect(await stat('Väntar granskning')).toBe('1');
    expect(await stat('Godkända')).toBe('1');
    expect(await stat('Granskade av Vinpressen')).toBe('1');

    expect(screen.getByRole('link', { name: 'Nytt vin' }).getAttribute('href')).toBe('/partner/wines/new');
    const template = screen.getByRole('link', { name: /Ladda ner mall/ });
    expect([template.getAttribute('href'), template.getAttribute('target')]).toEqual(['/api/partner/wines/template', '_blank']);
    fireEvent.click(screen.getByRole('button', { name: 'Till mina viner' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=mina-viner'));
    expect(tab('Mina viner').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(tab('Översikt'));
    fireEvent.click(await screen.findByRole('button', { name: 'Till bulk-upload' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=bulk-upload'));
  });

  it('keeps the tab in the address: ?tab=profil opens Profil; the arrow keys move between tabs', async () => {
    fakePartnerServer([]);
    const router = renderApp('/partner?tab=profil');
    await tablist();
    expect(tab('Profil').getAttribute('aria-selected')).toBe('true');
    tab('Profil').focus();
    fireEvent.keyDown(tab('Profil'), { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=hjalp'));
    expect(document.activeElement).toBe(tab('Hjälp'));
  });

  it('lists the wines as cards: status, price in kronor, stars, mark, medal, rejection reason; edit and submit only for drafts', async () => {
    fakePartnerServer([draft, pending, approved, rejected]);
    renderApp('/partner?tab=mina-viner');
    const card = async (name: RegExp) => screen.findByRole('article', { name });

    const d = await card(/^Utkastvinet/);
    expect(within(d).getByText('Utkast')).toBeTruthy();
    expect(within(d).getByText('129,50 kr')).toBeTruthy();
    expect(within(d).getByRole('img', { name: 'Betyg 3 av 5' })).toBeTruthy();
    expect(within(d).getByRole('link', { name: 'Redigera Utkastvinet' }).getAttribute('href')).toBe(`/partner/wines/edit/${draft.id}`);
    expect(within(d).getByRole('link', { name: 'Skicka in Utkastvinet' }).getAttribute('href')).toBe(`/partner/wines/${draft.id}/submit`);

    const p = await card(/^Väntevinet/);
    expect(within(p).getByText('Väntar')).toBeTruthy();
    expect(within(p).getByText('1 299 kr')).toBeTruthy();
    expect(within(p).queryByRole('link', { name: /Redigera|Skicka in/ })).toBeNull();
    expect(within(p).getByText(M.notEditable)).toBeTruthy();

    const a = await card(/^Prisvinet/);
    expect(within(a).getByText('Godkänd')).toBeTruthy();
    expect(within(a).getByRole('img', { name: 'Granskad av Vinpressen' })).toBeTruthy();
    expect(within(a).getByText('Medalj: Guldmedalj')).toBeTruthy();
    expect(within(a).queryByRole('link', { name: /Redigera/ })).toBeNull();

    const r = await card(/^Nejvinet/);
    expect(within(r).getByText('Avvisad')).toBeTruthy();
    expect(within(r).getByText('Etiketten saknar alkoholhalt.')).toBeTruthy();
    expect(within(r).queryByRole('link', { name: /Redigera|Skicka in/ })).toBeNull();
  });

  it('invites to add the first wine when there are none', async () => {
    fakePartnerServer([]);
    renderApp('/partner?tab=mina-viner');
    expect(await screen.findByText('Inga viner ännu')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Lägg till ditt första vin' }).getAttribute('href')).toBe('/partner/wines/new');
  });

  it('shows the profile: person, company, phone, member since in Swedish, and a link to /settings', async () => {
    fakePartnerServer([]);
    renderApp('/partner?tab=profil');
    await tablist();
    const rows = Object.fromEntries(screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
    expect(rows).toEqual({
      Namn: 'Per Persson',
      'E-postadress': 'per@vingarden.se',
      Användarnamn: 'vingarden',
      Företagsnamn: 'Vingården AB',
      Kontaktperson: 'Per Persson',
      Telefon: '+46701234567',
      'Medlem sedan': '5 mars 2026',
    });
    expect(screen.getByRole('link', { name: 'Till inställningar' }).getAttribute('href')).toBe('/settings');
    cleanup();

    fakePartnerServer([], { current: buildCurrent({ partner: { phone: null } }) });
    renderApp('/partner?tab=profil');
    await tablist();
    expect(screen.queryByText('Telefon')).toBeNull();
  });

  it('explains the flow in Hjälp and gives the support e-mail and phone from the site settings', async () => {
    fakePartnerServer([], { settings: { 'contact.email': 'partner@vinpressen.se', 'contact.phone': '08-123 456 78' } });
    renderApp('/partner?tab=hjalp');
    await tablist();
    const steps = (await screen.findAllByRole('heading', { level: 3 })).map((h) => h.textContent);
    expect(steps).toEqual(['Utkast', 'Skicka in', 'Expertgranskning', 'Publicering']);
    expect((await screen.findByRole('link', { name: 'partner@vinpressen.se' })).getAttribute('href')).toBe('mailto:partner@vinpressen.se');
    expect(screen.getByRole('link', { name: '08-123 456 78' }).getAttribute('href')).toBe('tel:0812345678');
    cleanup();

    fakePartnerServer([], { settings: {} });
    renderApp('/partner?tab=hjalp');
    expect((await screen.findByRole('link', { name: 'Om oss' })).getAttribute('href')).toBe('/om-oss');
    expect(screen.queryByRole('link', { name: /@/ })).toBeNull();
  });

  it("signs out to /partner/login, and says 'Utloggning misslyckades' when that fails", async () => {
    let fail = true;
    const api = fakePartnerServer([], {
      override: (req) => (req.path === '/api/partner/logout' ? (fail ? apiError(500, 'Serverfel') : new Response(null, { status: 204 })) : undefined),
    });
    const router = renderApp('/partner');
    await tablist();
    fireEvent.click(screen.getByRole('button', { name: 'Logga ut' }));
    await findToast(M.logoutFailed);
    expect(router.state.location.pathname).toBe('/partner');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Logga ut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner/login'));
    expect(api.made('POST', '/api/partner/logout')).toHaveLength(2);
  });

  it('asks before signing out while changes wait on the device; they stay there and are not sent', async () => {
    const api = fakePartnerServer([], {
      override: (req) =>
        req.path === '/api/partner/sync'
          ? Promise.reject(new TypeError('Failed to fetch'))
          : req.path === '/api/partner/logout'
            ? new Response(null, { status: 204 })
            : undefined,
    });
    await saveDraft(PARTNER_USER.id, crypto.randomUUID(), { ...valuesOf(buildPartnerWine({ name: 'Mässvin' })) });
    const router = renderApp('/partner');
    await tablist();
    fireEvent.click(screen.getByRole('button', { name: 'Logga ut' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Logga ut?' });
    expect(dialog.textContent).toContain('En ändring har inte skickats till Vinpressen än.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.made('POST', '/api/partner/logout')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Logga ut' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Logga ut ändå' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner/login'));
    expect(api.made('POST', '/api/partner/logout')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.syncMeta.get('partnerCurrent')).toBeUndefined();
  });
});
