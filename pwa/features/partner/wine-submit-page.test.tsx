// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { db } from '../../lib/db';
import { clearToasts, renderApp } from '../../test/test-utils';
import { submitReadiness } from './format';
import { buildPartnerWine, fakePartnerServer, resetDevice, sentMutations, type Override } from './test-fakes';

beforeEach(resetDevice);

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

async function openSubmit(wine: ReturnType<typeof buildPartnerWine>, override?: Override) {
  const api = fakePartnerServer([wine], { override });
  const router = renderApp(`/partner/wines/${wine.id}/submit`);
  await screen.findByRole('heading', { name: wine.name, level: 1 });
  return { api, router };
}

describe('submitReadiness (spec 001 §5)', () => {
  it('requires name, description, price and rating; region, grape variety and vintage are only recommended', () => {
    const full = buildPartnerWine();
    expect(submitReadiness(full).ready).toBe(true);
    expect(submitReadiness({ ...full, region: null, grapeVariety: '', vintage: null }).ready).toBe(true);
    expect(submitReadiness({ ...full, rating: null }).ready).toBe(false);
    expect(
      submitReadiness({ ...full, description: '  ' })
        .required.filter((r) => !r.ok)
        .map((r) => r.label),
    ).toEqual(['Beskrivning']);
  });
});

describe('submit page (/partner/wines/{id}/submit)', () => {
  it('summarises the wine, lists the information status and explains the review process', async () => {
    await openSubmit(buildPartnerWine({ name: 'Skånskt vitt', price: 189, region: null }));
    const status = screen.getByRole('region', { name: 'Informationsstatus' });
    const rows = within(status)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/[✓✗]/g, ''));
    expect(rows).toEqual(['VinnamnIfyllt', 'BeskrivningIfyllt', 'PrisIfyllt', 'BetygIfyllt', 'RegionSaknas', 'DruvsortIfyllt', 'ÅrgångIfyllt']);
    expect(within(screen.getByRole('region', { name: 'Sammanfattning' })).getByText('189 kr')).toBeTruthy();
    const steps = within(screen.getByRole('region', { name: 'Granskningsprocessen' })).getAllByRole('heading', { level: 3 });
    expect(steps.map((h) => h.textContent)).toEqual(['Inlämning', 'Expertgranskning', 'Publicering']);
  });

  it("keeps the button disabled with 'Komplettera först' until the required fields are there", async () => {
    const { api } = await openSubmit(buildPartnerWine({ name: 'Halvfärdigt', rating: null }));
    const button = screen.getByRole('button', { name: M.submitNotReady }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    expect(await db.outbox.count()).toBe(0);
    expect(sentMutations(api.requests)).toHaveLength(0);
  });

  it("asks first, then sends on 'Ja, skicka in nu' and goes to /partner", async () => {
    const wine = buildPartnerWine({ name: 'Klart vin' });
    const { api, router } = await openSubmit(wine);
    fireEvent.click(screen.getByRole('button', { name: 'Skicka in för granskning' }));
    expect(await db.outbox.count()).toBe(0);
    const warning = screen.getByRole('alert');
    expect(warning.textContent).toContain('Är du säker?');
    fireEvent.click(within(warning).getByRole('button', { name: 'Ja, skicka in nu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner'));
    await waitFor(() => expect(sentMutations(api.requests)).toEqual([expect.objectContaining({ type: 'submitWine', wineId: wine.id })]));
    expect(api.state.wines[0]!.approvalStatus).toBe('pending');
    const card = await screen.findByRole('article', { name: /^Klart vin/ });
    expect(within(card).getByText('Väntar')).toBeTruthy();
  });

  it("shows 'Vinet har redan skickats in' with the status for a wine outside draft", async () => {
    await openSubmit(buildPartnerWine({ name: 'Godkänt vin', approvalStatus: 'approved' }));
    // The header's sync pill is a status too: take the one that says it.
    const notice = screen.getAllByRole('status').find((el) => el.textContent?.includes(M.alreadySubmitted));
    expect(notice?.textContent).toContain(M.alreadySubmitted);
    expect(notice?.textContent).toContain('Nuvarande status: Godkänd');
    expect(screen.queryByRole('button', { name: 'Skicka in för granskning' })).toBeNull();
  });

  it("brings a refusal by the server back to the wine's card with the reason ('Vinet har redan skickats in')", async () => {
    const wine = buildPartnerWine({ name: 'Trassel' });
    const { api } = await openSubmit(wine);
    // Submitted from another device meanwhile: the server refuses this device's submission.
    api.state.wines[0]!.approvalStatus = 'pending';
    fireEvent.click(screen.getByRole('button', { name: 'Skicka in för granskning' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, skicka in nu' }));
    const card = await screen.findByRole('article', { name: /^Trassel/ });
    await waitFor(() => expect(within(card).getByText('Ändringen avvisades')).toBeTruthy());
    expect(card.textContent).toContain(M.alreadySubmitted);
    expect(within(card).getByText('Väntar')).toBeTruthy();
    expect(await db.outbox.where('status').equals('rejected').count()).toBe(1);
  });

  it("shows 'Kunde inte ladda vin' when the wine cannot be read", async () => {
    fakePartnerServer([]);
    renderApp('/partner/wines/10000000-0000-4000-8000-999999999999/submit');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: M.loadWineFailed })).toBeTruthy();
  });
});

describe('the partner group', () => {
  it('shows the 404 page for an unknown /partner path', async () => {
    fakePartnerServer([]);
    renderApp('/partner/xyz');
    expect(await screen.findByRole('heading', { name: /Page not found/i })).toBeTruthy();
  });

  it("gives a partner 'Partnerportal' in the avatar menu", async () => {
    fakePartnerServer([]);
    renderApp('/om-oss');
    fireEvent.click(await screen.findByRole('button', { name: 'Konto: vingarden' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Partnerportal' }).getAttribute('href')).toBe('/partner');
  });
});
