// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, clearToasts, fakeApi, findToast, flush, json, renderApp } from '../../test/test-utils';

afterEach(() => {
  clearToasts();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const DONE = { message: 'Ditt lösenord har uppdaterats. Du kan nu logga in.' };

async function openWithToken(token = 'abc123') {
  const router = renderApp(`/reset-password?token=${token}`);
  await screen.findByRole('heading', { name: 'ÅTERSTÄLL LÖSENORD' });
  return router;
}

const newPassword = () => screen.getByLabelText('Nytt lösenord') as HTMLInputElement;
const confirmPassword = () => screen.getByLabelText('Bekräfta lösenord') as HTMLInputElement;
const submitButton = () => screen.getByRole('button', { name: /Återställ lösenord|Återställer\.\.\./ }) as HTMLButtonElement;
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('/reset-password without a token', () => {
  it("says the link is invalid ('Ogiltig länk'), shows no form and offers a new link", async () => {
    const api = fakeApi();
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'ÅTERSTÄLL LÖSENORD' })).toBeTruthy();
    await findToast('Ogiltig länk', 'Återställningslänken saknar en giltig token.');
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Token saknas. Försök att klicka på länken i emailet igen.')).toBeTruthy();
    expect(screen.queryByLabelText('Nytt lösenord')).toBeNull();
    expect(screen.getByRole('link', { name: /Tillbaka till startsidan/ }).getAttribute('href')).toBe('/');

    fireEvent.click(within(alert).getByRole('button', { name: 'Begär en ny länk' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Glömt lösenordet?' })).toBeTruthy();
    expect(api.calls('POST /api/auth/reset-password-confirm')).toHaveLength(0);
  });
});

describe('/reset-password?token=…', () => {
  it('takes the token out of the address (keeping it in the history entry) and shows the form', async () => {
    fakeApi();
    const router = await openWithToken();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.state).toEqual({ resetToken: 'abc123' });
    expect(newPassword().placeholder).toBe('Minst 6 tecken');
    expect(newPassword().autocomplete).toBe('new-password');
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('keeps the button disabled until both fields are filled', async () => {
    fakeApi();
    await openWithToken();
    expect(submitButton().disabled).toBe(true);
    type(newPassword(), 'hemligt1');
    expect(submitButton().disabled).toBe(true);
    type(confirmPassword(), 'hemligt1');
    expect(submitButton().disabled).toBe(false);
  });

  it('shows and hides the new password with its toggle', async () => {
    fakeApi();
    await openWithToken();
    const toggle = screen.getByRole('button', { name: 'Visa nytt lösenord' });
    expect(newPassword().type).toBe('password');
    fireEvent.click(toggle);
    expect(newPassword().type).toBe('text');
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    expect(newPassword().type).toBe('password');
  });

  it.each([
    ['different passwords', 'hemligt1', 'hemligt2', 'Lösenorden matchar inte.'],
    ['a short password', 'abc', 'abc', 'Lösenordet måste vara minst 6 tecken långt.'],
    ['both', 'abc', 'abd', 'Lösenorden matchar inte. Lösenordet måste vara minst 6 tecken långt.'],
  ])("refuses %s with the toast 'Fel' and sends nothing", async (_, first, second, message) => {
    const api = fakeApi();
    await openWithToken();
    type(newPassword(), first);
    type(confirmPassword(), second);
    fireEvent.click(submitButton());
    await findToast('Fel', message);
    expect(api.calls('POST /api/auth/reset-password-confirm')).toHaveLength(0);
  });

  it("shows 'Återställer...' on a disabled button while sending", async () => {
    fakeApi({ 'POST /api/auth/reset-password-confirm': () => new Promise<Response>(() => {}) });
    await openWithToken();
    type(newPassword(), 'hemligt1');
    type(confirmPassword(), 'hemligt1');
    fireEvent.click(submitButton());
    const button = await screen.findByRole('button', { name: 'Återställer...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('resets the password, says so, and goes to the start page 2 seconds later', async () => {
    const api = fakeApi({ 'POST /api/auth/reset-password-confirm': json(200, DONE) });
    const router = await openWithToken('tok-42');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    vi.useFakeTimers();
    type(newPassword(), 'hemligt1');
    type(confirmPassword(), 'hemligt1');
    fireEvent.click(submitButton());
    await flush();
    expect(api.calls('POST /api/auth/reset-password-confirm')).toEqual([{ token: 'tok-42', newPassword: 'hemligt1' }]);
    expect(screen.getByText('Lösenord återställt', { selector: '[data-title]' })).toBeTruthy();
    expect(document.querySelector('[data-sonner-toast] [data-description]')?.textContent).toBe('Ditt lösenord har uppdaterats. Du kan nu logga in.');
    expect(screen.getByRole('status').textContent).toContain('Du skickas till startsidan');
    expect(screen.queryByLabelText('Nytt lösenord')).toBeNull();

    await flush(1900);
    expect(router.state.location.pathname).toBe('/reset-password');
    await flush(100);
    expect(router.state.location.pathname).toBe('/');
    // The history entry that held the token was replaced, not kept behind the start page.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("shows the server's reason when the link is spent, and offers a new one instead of the form", async () => {
    const spent = 'Återställningslänken är ogiltig eller har gått ut. Begär en ny länk.';
    fakeApi({ 'POST /api/auth/reset-password-confirm': apiError(400, spent, 'bad_request', [{ path: 'body.token', message: spent }]) });
    await openWithToken();
    type(newPassword(), 'hemligt1');
    type(confirmPassword(), 'hemligt1');
    fireEvent.click(submitButton());
    await findToast('Fel', spent);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(spent)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Begär en ny länk' })).toBeTruthy();
    expect(screen.queryByLabelText('Nytt lösenord')).toBeNull();
  });

  it('keeps the form and marks the password when the server refuses the password itself', async () => {
    const tooLong = 'Lösenordet får vara högst 256 tecken';
    fakeApi({ 'POST /api/auth/reset-password-confirm': apiError(400, tooLong, 'bad_request', [{ path: 'body.newPassword', message: tooLong }]) });
    await openWithToken();
    type(newPassword(), 'hemligt1');
    type(confirmPassword(), 'hemligt1');
    fireEvent.click(submitButton());
    await findToast('Fel', tooLong);
    expect(newPassword().getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(newPassword().getAttribute('aria-describedby')!)?.textContent).toBe(tooLong);
  });

  it("says 'Kunde inte återställa lösenordet.' when the request fails without a message", async () => {
    fakeApi({ 'POST /api/auth/reset-password-confirm': () => Promise.reject(new TypeError('Failed to fetch')) });
    await openWithToken();
    type(newPassword(), 'hemligt1');
    type(confirmPassword(), 'hemligt1');
    await act(async () => {
      fireEvent.click(submitButton());
    });
    await findToast('Fel', 'Kunde inte återställa lösenordet.');
    expect(screen.getByLabelText('Nytt lösenord')).toBeTruthy();
  });
});
