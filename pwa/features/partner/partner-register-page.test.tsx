// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DUPLICATE_EMAIL_TOAST_MS, PARTNER_MESSAGES as M } from '../../../api/contract/partner-rules';
import { apiError, clearToasts, fakeApi, findToast, json, renderApp } from '../../test/test-utils';
import { EMPTY_REGISTRATION, RegisterFormSchema, type RegisterValues } from './register-form';

afterEach(() => {
  clearToasts();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const messageOf = (label: string) => {
  const ids = field(label).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).find((t) => t && t !== '(valfritt)');
};
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Registrera' }));

async function openRegister(routes: Parameters<typeof fakeApi>[0] = {}, path = '/partner/register') {
  const api = fakeApi(routes);
  const router = renderApp(path);
  await screen.findByRole('heading', { name: 'Bli partner', level: 1 });
  return { api, router };
}

function fillValid() {
  type('Företagsnamn', 'Vingården AB');
  type('Kontaktperson', 'Per Persson');
  type('Förnamn', 'Per');
  type('Efternamn', 'Persson');
  type('E-postadress', 'per@vingarden.se');
  type('Användarnamn', 'vingarden');
  type('Lösenord', 'hemligt-123');
  type('Bekräfta lösenord', 'hemligt-123');
}

/** The form schema's first message per field, as the form shows them. */
function validateRegistration(values: RegisterValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of RegisterFormSchema.safeParse(values).error?.issues ?? []) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('the registration form schema (spec 001 §5)', () => {
  it('requires every field but phone, and reports both password rules', () => {
    expect(validateRegistration(EMPTY_REGISTRATION)).toEqual({
      companyName: M.companyNameRequired,
      contactName: M.contactNameRequired,
      firstName: M.firstNameRequired,
      lastName: M.lastNameRequired,
      email: 'E-postadress krävs',
      username: 'Användarnamn krävs',
      password: M.passwordTooShort,
      confirmPassword: M.confirmPasswordRequired,
    });
    const ok = { ...EMPTY_REGISTRATION, companyName: 'A', contactName: 'B', firstName: 'C', lastName: 'D', email: 'a@b.se', username: 'u' };
    expect(validateRegistration({ ...ok, password: '1234567', confirmPassword: '1234567' })).toEqual({ password: M.passwordTooShort });
    expect(validateRegistration({ ...ok, password: '12345678', confirmPassword: '12345679' })).toEqual({ confirmPassword: M.passwordsDontMatch });
    expect(validateRegistration({ ...ok, password: '12345678', confirmPassword: '12345678' })).toEqual({});
  });
});

describe('partner registration (/partner/register, /partner-register)', () => {
  it.each(['/partner/register', '/partner-register'])('%s has the three sections with their fields', async (path) => {
    await openRegister({}, path);
    const sections = screen.getAllByRole('group').map((g) => [g.querySelector('legend')?.textContent, within(g).getAllByRole('textbox').length]);
    expect(sections.map(([legend]) => legend)).toEqual(['Företagsinformation', 'Personuppgifter', 'Kontouppgifter']);
    expect(field('Telefon').getAttribute('aria-describedby')).toContain('optional');
    expect(field('Lösenord').type).toBe('password');
    expect(field('Bekräfta lösenord').type).toBe('password');
  });

  it("refuses a short password ('Lösenordet är för kort') and a mismatch ('Lösenorden matchar inte') before sending", async () => {
    const { api } = await openRegister();
    fillValid();
    type('Lösenord', 'kort');
    type('Bekräfta lösenord', 'kort');
    send();
    await findToast(M.passwordTooShortTitle, M.passwordTooShort);
    expect(messageOf('Lösenord')).toBe(M.passwordTooShort);
    expect(document.activeElement).toBe(field('Lösenord'));

    type('Lösenord', 'hemligt-123');
    type('Bekräfta lösenord', 'hemligt-124');
    await waitFor(() => expect(messageOf('Bekräfta lösenord')).toBe(M.passwordsDontMatch));
    send();
    await findToast(M.passwordsDontMatchTitle, M.passwordsDontMatch);
    expect(api.calls('POST /api/partner/register')).toHaveLength(0);
  });

  it('shows the required messages on their fields and focuses the first', async () => {
    const { api } = await openRegister();
    send();
    await waitFor(() => expect(messageOf('Företagsnamn')).toBe(M.companyNameRequired));
    expect(messageOf('Efternamn')).toBe(M.lastNameRequired);
    expect(document.activeElement).toBe(field('Företagsnamn'));
    expect(api.calls('POST /api/partner/register')).toHaveLength(0);
  });

  it('registers and shows the confirmation with a button to the login', async () => {
    const { api, router } = await openRegister({ 'POST /api/partner/register': json(201, { message: M.registered }) });
    fillValid();
    send();
    expect(await screen.findByText(M.registered)).toBeTruthy();
    expect(api.calls('POST /api/partner/register')).toEqual([
      {
        companyName: 'Vingården AB',
        contactName: 'Per Persson',
        phone: null,
        firstName: 'Per',
        lastName: 'Persson',
        email: 'per@vingarden.se',
        username: 'vingarden',
        password: 'hemligt-123',
        confirmPassword: 'hemligt-123',
      },
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Till inloggningen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/partner/login'));
  });

  it("shows 'E-postadressen finns redan' for 8 seconds when the address is taken", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openRegister({ 'POST /api/partner/register': apiError(409, M.registerEmailTaken, 'email_taken') });
    fillValid();
    send();
    await findToast(M.emailExistsTitle, M.emailExists);
    expect(messageOf('E-postadress')).toBe(M.emailExistsTitle);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(DUPLICATE_EMAIL_TOAST_MS - 2000);
    });
    expect(screen.queryByText(M.emailExistsTitle, { selector: '[data-title]' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3000);
    });
    await waitFor(() => expect(screen.queryByText(M.emailExistsTitle, { selector: '[data-title]' })).toBeNull());
  });

  it("puts the server's field messages on the fields and says 'Registrering misslyckades'", async () => {
    await openRegister({
      'POST /api/partner/register': apiError(400, 'Kontrollera fälten.', 'validation_failed', [{ path: 'body.phone', message: M.phoneInvalid }]),
    });
    fillValid();
    type('Telefon', 'abc');
    send();
    await findToast(M.registrationFailedTitle, 'Kontrollera fälten.');
    expect(messageOf('Telefon')).toBe(M.phoneInvalid);
    cleanup();
    clearToasts();

    await openRegister({ 'POST /api/partner/register': new Response('', { status: 500 }) });
    fillValid();
    send();
    await findToast(M.registrationFailedTitle, M.registrationFailed);
  });
});
