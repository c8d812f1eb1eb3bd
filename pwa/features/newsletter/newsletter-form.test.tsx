// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '../../test/test-utils';
import { NewsletterSection } from './newsletter-form';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

/** The form with the site settings already read (GET /api/settings/public: `settings`, none set by default). */
function renderForm(settings: Record<string, string> = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: 0 }, queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(['/api/settings/public'], settings);
  return render(
    <QueryClientProvider client={client}>
      <NewsletterSection />
    </QueryClientProvider>,
  );
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText('E-postadress'), { target: { value: ' anna@example.se ' } });
  fireEvent.change(screen.getByLabelText('Telefonnummer'), { target: { value: '070-123 45 67' } });
  fireEvent.click(screen.getByLabelText('Jag godkänner att ni sparar mina kontaktuppgifter för nyhetsbrevet enligt GDPR'));
  fireEvent.submit(screen.getByRole('button', { name: 'Bli medlem idag!' }).closest('form')!);
}

beforeEach(() => {
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
});

afterEach(() => {
  cleanup();
});

describe('NewsletterSection', () => {
  it("is the section 'Håll dig uppdaterad' with labelled, required fields", () => {
    renderForm();
    expect(screen.getByRole('region', { name: 'Håll dig uppdaterad' })).toBeTruthy();
    const email = screen.getByLabelText('E-postadress') as HTMLInputElement;
    const phone = screen.getByLabelText('Telefonnummer') as HTMLInputElement;
    const consent = screen.getByLabelText('Jag godkänner att ni sparar mina kontaktuppgifter för nyhetsbrevet enligt GDPR') as HTMLInputElement;
    expect([email.type, email.required]).toEqual(['email', true]);
    expect([phone.type, phone.required]).toEqual(['tel', true]);
    expect([consent.type, consent.required]).toEqual(['checkbox', true]);
  });

  it("takes its heading and text from the settings 'newsletter.heading' and 'newsletter.text' (empty text: none)", () => {
    renderForm({ 'newsletter.heading': 'Få vintipsen först', 'newsletter.text': '' });
    const region = screen.getByRole('region', { name: 'Få vintipsen först' });
    expect(region.textContent).not.toContain('Månadens vintips, nya fynd');
  });

  it('sends e-mail, phone and consent, thanks the reader and clears the form', async () => {
    const { fetchMock } = fakeApi({ 'POST /api/newsletter': json(201, { subscribed: true, message: 'Tack!' }) });
    renderForm();
    fillAndSubmit();

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Tack för din anmälan!', { description: 'Du får nu våra vintips och nyheter via e-post.' }),
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/newsletter');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'anna@example.se', phone: '070-123 45 67', gdprConsent: true });
    expect((screen.getByLabelText('E-postadress') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Telefonnummer') as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false);
  });

  it("disables the button and shows 'Skickar...' while sending", async () => {
    fakeApi({ 'POST /api/newsletter': () => new Promise(() => {}) });
    renderForm();
    fillAndSubmit();
    const button = await screen.findByRole('button', { name: 'Skickar...' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's message when the signup is refused, and keeps what was typed", async () => {
    fakeApi({ 'POST /api/newsletter': json(400, { error: { code: 'validation', message: 'Ange ett giltigt telefonnummer' } }) });
    renderForm();
    fillAndSubmit();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Anmälan misslyckades', { description: 'Ange ett giltigt telefonnummer' }));
    expect((screen.getByLabelText('Telefonnummer') as HTMLInputElement).value).toBe('070-123 45 67');
    expect(screen.getByRole('button', { name: 'Bli medlem idag!' })).toBeTruthy();
  });

  it("checks the API's schema before sending: an invalid phone number is refused under its field", async () => {
    const { fetchMock } = fakeApi();
    renderForm();
    fireEvent.change(screen.getByLabelText('E-postadress'), { target: { value: 'anna@example.se' } });
    fireEvent.change(screen.getByLabelText('Telefonnummer'), { target: { value: '12' } });
    fireEvent.click(screen.getByLabelText('Jag godkänner att ni sparar mina kontaktuppgifter för nyhetsbrevet enligt GDPR'));
    fireEvent.submit(screen.getByRole('button', { name: 'Bli medlem idag!' }).closest('form')!);

    const phone = screen.getByLabelText('Telefonnummer');
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)!.textContent).toBe('Ange ett giltigt telefonnummer');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's field details under the fields they name", async () => {
    fakeApi({
      'POST /api/newsletter': json(400, {
        error: { code: 'validation_failed', message: 'Kontrollera fälten', details: [{ path: 'body.email', message: 'Adressen tas inte emot' }] },
      }),
    });
    renderForm();
    fillAndSubmit();

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Anmälan misslyckades', { description: 'Kontrollera fälten' }));
    const email = screen.getByLabelText('E-postadress');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe('Adressen tas inte emot');
    expect(screen.getByLabelText('Telefonnummer').getAttribute('aria-invalid')).toBeNull();
  });

  it('falls back to a general hint when the server gives no message', async () => {
    fakeApi({ 'POST /api/newsletter': new Response('', { status: 500 }) });
    renderForm();
    fillAndSubmit();
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Anmälan misslyckades', { description: 'Kontrollera uppgifterna och försök igen.' }),
    );
  });
});
