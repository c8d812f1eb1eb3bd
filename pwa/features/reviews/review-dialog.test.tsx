// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '../../../api/contract/review-rules';
import { AppProviders } from '../../app/providers';
import { apiError, clearToasts, fakeApi, findToast, json } from '../../test/test-utils';
import { ReviewDialog, ReviewFormSchema } from './review-dialog';

const WINE = { id: '3c6e0b8a-1111-4111-8111-0123456789ab', name: 'Barolo Classico', vintage: 2017 };
const USER_ID = '6f1c2b9e-1d7a-4c1e-9a53-0d1f2e3a4b5c';
const POST = `POST /api/wines/${WINE.id}/reviews`;
const SUBMITTED = {
  id: '9d9d9d9d-1111-4111-8111-0123456789ab',
  wineId: WINE.id,
  userId: USER_ID,
  content: 'Mjuk och fin.',
  priceWorthRating: 3,
  qualityRating: 3,
  overallExperience: 3,
  status: 'pending',
  createdAt: '2026-03-05T12:00:00.000Z',
};

afterEach(() => {
  clearToasts();
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog() {
  const onClose = vi.fn();
  render(
    <AppProviders>
      <ReviewDialog open onClose={onClose} wine={WINE} userId={USER_ID} />
    </AppProviders>,
  );
  const dialog = screen.getByRole('dialog');
  return { dialog, onClose };
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const submit = (dialog: HTMLElement) => fireEvent.submit(within(dialog).getByRole('button', { name: 'Skicka recension' }).closest('form')!);
const group = (dialog: HTMLElement, name: string) => within(dialog).getByRole('group', { name: new RegExp(`^${name}`) });

describe('the review dialog', () => {
  it('names the wine and has a labelled text field with a counter of at most 4 000 characters', () => {
    fakeApi();
    const { dialog } = renderDialog();
    expect(within(dialog).getByRole('heading', { name: 'Barolo Classico 2017' })).toBeTruthy();
    const content = within(dialog).getByLabelText('Din recension');
    expect(content.tagName).toBe('TEXTAREA');
    expect(within(dialog).getByText('0 / 4 000 tecken')).toBeTruthy();
    type(content, 'Gott!');
    expect(within(dialog).getByText('5 / 4 000 tecken')).toBeTruthy();
    expect(content.getAttribute('aria-describedby')).toContain(within(dialog).getByText('5 / 4 000 tecken').id);
  });

  it('asks for three ratings, each 1–5 with the spec labels and 3 Okej chosen by default', () => {
    fakeApi();
    const { dialog } = renderDialog();
    for (const name of ['Prisvärdhet', 'Kvalitet', 'Helhet']) {
      const radios = within(group(dialog, name)).getAllByRole('radio');
      expect(radios.map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
      for (const label of ['1 Mycket dåligt', '2 Dåligt', '3 Okej', '4 Bra', '5 Utmärkt']) {
        expect(within(group(dialog, name)).getByRole('radio', { name: label })).toBeTruthy();
      }
      expect((within(group(dialog, name)).getByRole('radio', { name: '3 Okej' }) as HTMLInputElement).checked).toBe(true);
    }
  });

  it("sends nothing without a text: 'Recension saknas' and 'Skriv en recension av vinet.' on the field, which gets the focus", async () => {
    const api = fakeApi({ [POST]: json(201, SUBMITTED) });
    const { dialog } = renderDialog();
    const content = within(dialog).getByLabelText('Din recension');
    type(content, '   \n ');
    submit(dialog);
    expect(await within(dialog).findByText('Recension saknas')).toBeTruthy();
    expect(within(dialog).getByText('Skriv en recension av vinet.')).toBeTruthy();
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(content);
    expect(api.calls(POST)).toHaveLength(0);

    type(content, 'Nu skriver jag.');
    await waitFor(() => expect(within(dialog).queryByText('Recension saknas')).toBeNull());
  });

  it('refuses a text over 4 000 characters with the server message', async () => {
    const api = fakeApi({ [POST]: json(201, SUBMITTED) });
    const { dialog } = renderDialog();
    type(within(dialog).getByLabelText('Din recension'), 'a'.repeat(4001));
    expect(within(dialog).getByText('4 001 / 4 000 tecken')).toBeTruthy();
    submit(dialog);
    expect(await within(dialog).findByText(REVIEW_MESSAGES.contentTooLong)).toBeTruthy();
    expect(api.calls(POST)).toHaveLength(0);
  });

  it("sends the spec's payload (trimmed text, the three ratings, userId and wineId), thanks and closes", async () => {
    let answer!: (res: Response) => void;
    const api = fakeApi({ [POST]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { dialog, onClose } = renderDialog();
    type(within(dialog).getByLabelText('Din recension'), '  Mjuk och fin.  ');
    fireEvent.click(within(group(dialog, 'Prisvärdhet')).getByRole('radio', { name: '5 Utmärkt' }));
    fireEvent.click(within(group(dialog, 'Kvalitet')).getByRole('radio', { name: '4 Bra' }));
    fireEvent.click(within(group(dialog, 'Helhet')).getByRole('radio', { name: '1 Mycket dåligt' }));
    submit(dialog);

    const sending = await within(dialog).findByRole('button', { name: 'Skickar…' });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(sending.closest('form')!);
    expect(api.calls(POST)).toEqual([
      { content: 'Mjuk och fin.', priceWorthRating: 5, qualityRating: 4, overallExperience: 1, userId: USER_ID, wineId: WINE.id },
    ]);

    answer(json(201, SUBMITTED));
    await findToast('Recension skickad!', 'Tack! Den granskas av vårt AI-system och publiceras inom kort.');
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's 400 field messages on the fields and 'Fel vid inlämning' with its message", async () => {
    fakeApi({
      [POST]: apiError(400, 'Betyget måste vara ett heltal från 1 till 5.', 'validation_failed', [
        { path: 'body.qualityRating', message: 'Betyget måste vara ett heltal från 1 till 5.' },
      ]),
    });
    const { dialog, onClose } = renderDialog();
    type(within(dialog).getByLabelText('Din recension'), 'Gott.');
    submit(dialog);
    await findToast('Fel vid inlämning', 'Betyget måste vara ett heltal från 1 till 5.');
    const quality = group(dialog, 'Kvalitet');
    expect(within(quality).getByText('Betyget måste vara ett heltal från 1 till 5.')).toBeTruthy();
    expect(quality.getAttribute('aria-describedby')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows the server's Swedish message for a second review of the same wine (409) and closes", async () => {
    fakeApi({ [POST]: apiError(409, REVIEW_MESSAGES.duplicate, 'review_exists') });
    const { dialog, onClose } = renderDialog();
    type(within(dialog).getByLabelText('Din recension'), 'Igen.');
    submit(dialog);
    await findToast('Fel vid inlämning', 'Du har redan recenserat det här vinet. Varje medlem kan lämna en recension per vin.');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it.each([
    ['a server failure', () => apiError(500, 'Internal error', 'internal')],
    [
      'no connection',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])("falls back to 'Kunde inte skicka din recension. Försök igen.' on %s and keeps the text", async (_case, handler) => {
    fakeApi({ [POST]: handler });
    const { dialog, onClose } = renderDialog();
    type(within(dialog).getByLabelText('Din recension'), 'Behåll mig.');
    submit(dialog);
    await findToast('Fel vid inlämning', 'Kunde inte skicka din recension. Försök igen.');
    expect((within(dialog).getByLabelText('Din recension') as HTMLTextAreaElement).value).toBe('Behåll mig.');
    expect(within(dialog).getByRole('button', { name: 'Skicka recension' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('the review form schema', () => {
  const contentMessage = (content: string) =>
    ReviewFormSchema.safeParse({ content, priceWorthRating: 3, qualityRating: 3, overallExperience: 3 }).error?.issues.find(
      (i) => i.path[0] === 'content',
    )?.message;
  it('needs a text after trimming', () => expect(contentMessage(' \t')).toBe('Recension saknas'));
  it('accepts 4 000 characters', () => expect(contentMessage('x'.repeat(4000))).toBeUndefined());
});
