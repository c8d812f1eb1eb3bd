// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { apiError, clearToasts, fakeApi, findToast, json, renderApp } from '../../test/test-utils';
import { buildCurrent, PARTNER_USER } from './test-fakes';

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const describedText = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

/** The login page with the given answers; the current user is the partner once signed in. */
function openLogin(path = '/partner/login', routes: Parameters<typeof fakeApi>[0] = {}) {
  let signedIn = false;
  const api = fakeApi({
    'GET /api/auth/current': () => (signedIn ? json(200, PARTNER_USER) : apiError(401, 'Du måste vara inloggad.', 'unauthenticated')),
    'GET /api/partner/current': () => (signedIn ? json(200, buildCurrent()) : apiError(401, 'Du måste vara inloggad.', 'unauthenticated')),
    'GET /api/partner/wines': json(200, { items: [], total: 0 }),
    'POST /api/partner/login': () => {
      signedIn = true;
      return json(200, buildCurrent());
    },
    ...routes,
  });
  const router = renderApp(path);
  return { api, router };
}

describe('partner login (/partner/login, /partner-login)', () => {
  it.each(['/partner/login', '/partner-login'])('%s shows the form without the public navigation, with a link to the registration', async (path) => {
    openLogin(path);
    expect(await screen.findByRole('heading', { name: 'Logga in som partner', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Huvudmeny' })).toBeNull();
    expect(field('E-postadress').type).toBe('email');
    expect(screen.getByRole('link', { name: 'Registrera ditt företag' }).getAttribute('href')).toBe('/partner/register');
  });

  it('shows and hides the password', async () => {
    openLogin();
    await screen.findByRole('heading', { name: 'Logga in som partner' });
    type('Lösenord', 'hemligt-1');
    expect(field('Lösenord').type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Visa lösenordet' }));
    expect(field('Lösenord').type).toBe('text');
  });

  it('shows the green banner after a verified link and the red one after a dead link', async () => {
    openLogin('/partner/login?verified=true');
    const good = await screen.findByRole('status');
    expect(good.textContent).toBe(M.verifiedBanner);
    expect(good.className).toContain('border-green');
    cleanup();

    openLogin('/partner/login?verified=false');
    await screen.findByRole('heading', { name: 'Logga in som partner' });
    expect(screen.getByRole('alert').textContent).toBe(M.verificationInvalid);
    expect(screen.queryByText(M.verifiedBanner)).toBeNull();
  });

  it('asks for what is missing and sends nothing', async () => {
    const { api } = openLogin();
    await screen.findByRole('heading', { name: 'Logga in som partner' });
    fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    await waitFor(() => expect(describedText(field('E-postadress'))).toBe('E-postadress krävs'));
    expect(document.activeElement).toBe(field('E-postadress'));
    expect(api.calls('POST /api/partner/login')).toHaveLength(0);
  });

  it('signs in and goes to /partner, greeting the partner by first name', async () => {
    const { api, router } = openLogin();
    await screen.findByRole('heading', { name: 'Logga in som partner' });
    type('E-postadress', ' per@vingarden.se ');
    type('Lösenord', 'hemligt-1');
    fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner'));
    expect(api.calls('POST /api/partner/login')).toEqual([{ email: 'per@vingarden.se', password: 'hemligt-1' }]);
    await findToast('Inloggad!', 'Välkommen, Per!');
    expect(await screen.findByRole('tablist', { name: 'Partnerportalens flikar' })).toBeTruthy();
  });

  it("refuses an unverified account with the Swedish explanation and sends a new link on 'Skicka ny verifieringslänk'", async () => {
    const { api } = openLogin('/partner/login', {
      'POST /api/partner/login': apiError(403, M.notVerified, 'email_not_verified'),
      'POST /api/partner/resend-verification': json(202, { message: M.verificationResent }),
    });
    await screen.findByRole('heading', { name: 'Logga in som partner' });
    type('E-postadress', 'per@vingarden.se');
    type('Lösenord', 'hemligt-1');
    fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(M.notVerified);
    fireEvent.click(within(alert).getByRole('button', { name: 'Skicka ny verifieringslänk' }));
    expect(await within(alert).findByText(M.verificationResent)).toBeTruthy();
    expect(api.calls('POST /api/partner/resend-verification')).toEqual([{ email: 'per@vingarden.se' }]);
  });

  it("says 'Inloggning misslyckades' with the server's message, else 'Kontrollera dina uppgifter och försök igen'", async () => {
    openLogin('/partner/login', { 'POST /api/partner/login': apiError(401, 'Fel e-postadress eller lösenord.', 'invalid_credentials') });
    await screen.findByRole('heading', { name: 'Logga in som partner' });
    type('E-postadress', 'per@vingarden.se');
    type('Lösenord', 'fel');
    fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    await findToast(M.loginFailedTitle, 'Fel e-postadress eller lösenord.');
    cleanup();
    clearToasts();

    openLogin('/partner/login', { 'POST /api/partner/login': new Response('', { status: 401 }) });
    await screen.findByRole('heading', { name: 'Logga in som partner' });
    type('E-postadress', 'per@vingarden.se');
    type('Lösenord', 'fel');
    fireEvent.click(screen.getByRole('button', { name: 'Logga in' }));
    await findToast(M.loginFailedTitle, M.loginFailed);
  });
});

describe("'Glömt lösenordet?'", () => {
  async function openDialog(email: string, routes: Parameters<typeof fakeApi>[0] = {}) {
    const ctx = openLogin('/partner/login', routes);
    await screen.findByRole('heading', { name: 'Logga in som partner' });
    type('E-postadress', email);
    fireEvent.click(screen.getByRole('button', { name: 'Glömt lösenordet?' }));
    return { ...ctx, dialog: await screen.findByRole('dialog', { name: 'Glömt lösenordet?' }) };
  }

  it('prefills the e-mail from the login field and sends the reset request', async () => {
    const { api, dialog } = await openDialog('per@vingarden.se', {
      'POST /api/auth/reset-password': json(202, { message: 'Om adressen finns skickar vi en länk.' }),
    });
    const input = within(dialog).getByLabelText('E-postadress') as HTMLInputElement;
    expect(input.value).toBe('per@vingarden.se');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skicka instruktioner' }));
    await findToast(M.resetSentTitle, 'Om adressen finns skickar vi en länk.');
    expect(api.calls('POST /api/auth/reset-password')).toEqual([{ email: 'per@vingarden.se' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("asks for an address when it is empty ('Vänligen ange din e-postadress')", async () => {
    const { api, dialog } = await openDialog('   ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skicka instruktioner' }));
    expect(await within(dialog).findByText(M.forgotEmailRequired)).toBeTruthy();
    expect(api.calls('POST /api/auth/reset-password')).toHaveLength(0);
  });

  it("says 'Fel uppstod' when the request fails", async () => {
    const { dialog } = await openDialog('per@vingarden.se', { 'POST /api/auth/reset-password': new Response('', { status: 500 }) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skicka instruktioner' }));
    await findToast(M.resetFailedTitle, M.resetFailed);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
