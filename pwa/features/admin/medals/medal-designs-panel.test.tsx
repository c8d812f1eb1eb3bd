// @vitest-environment happy-dom
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MEDAL_MESSAGES, type MedalDesign } from '../../../../api/contract/medal-designs';
import { AppProviders } from '../../../test/providers';
import { apiError, clearToasts, fakeApi, findToast, json } from '../../../test/test-utils';
import { MedalDesignsPanel } from './medal-designs-panel';
import { resetAfterEach } from '../../../test/reset-after-each';

resetAfterEach();

function buildDesign(overrides: Partial<MedalDesign> = {}): MedalDesign {
  const id = overrides.id ?? 'fynd';
  return {
    id,
    name: 'Fynd',
    category: 'FYND',
    primaryColor: null,
    accentColor: null,
    svgUrl: `/api/medal-designs/${id}.svg`,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

const LIST = 'GET /api/admin/medal-designs';

function renderPanel() {
  render(
    <AppProviders>
      <MemoryRouter>
        <MedalDesignsPanel />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('Medaljhantering (spec 001 §2 "Medal design management")', () => {
  it('lists each design with its name, category, id and its SVG as the server draws it', async () => {
    fakeApi({ [LIST]: json(200, { items: [buildDesign(), buildDesign({ id: 'granskad', name: 'Granskad', category: 'GRANSKAD' })] }) });
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Medaljer' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[1]!).getByRole('heading', { name: 'Granskad' })).toBeTruthy();
    expect(items[1]!.textContent).toContain('Granskad av Vinpressen');
    expect(items[1]!.textContent).toContain('granskad');
    const img = within(items[0]!).getByRole('img', { name: 'Medaljen Fynd' });
    expect(img.getAttribute('src')).toMatch(/^\/api\/medal-designs\/fynd\.svg\?v=/);
  });

  it('creates a design: the id is suggested from the name and may be left empty', async () => {
    const created = buildDesign({ id: 'arets-fynd', name: 'Årets fynd', category: 'FOLKETS_VAL' });
    const api = fakeApi({ [LIST]: json(200, { items: [] }), 'POST /api/admin/medal-designs': json(201, created) });
    renderPanel();
    expect(await screen.findByText('Inga medaljer ännu.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Ny medalj' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny medalj' });
    fireEvent.change(within(dialog).getByLabelText('Namn'), { target: { value: 'Årets fynd' } });
    expect(dialog.textContent).toContain('Lämnas det tomt blir id:t "arets-fynd"');
    fireEvent.change(within(dialog).getByLabelText('Kategori'), { target: { value: 'FOLKETS_VAL' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skapa medalj' }));

    await findToast('Medalj skapad');
    expect(api.calls('POST /api/admin/medal-designs')).toEqual([{ name: 'Årets fynd', category: 'FOLKETS_VAL' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends a chosen id and custom colours', async () => {
    const api = fakeApi({ [LIST]: json(200, { items: [] }), 'POST /api/admin/medal-designs': json(201, buildDesign({ id: 'guld' })) });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Ny medalj' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Namn'), { target: { value: 'Guldmedalj' } });
    fireEvent.change(within(dialog).getByLabelText('Id'), { target: { value: 'guld' } });
    fireEvent.click(within(dialog).getByLabelText('Egen medaljfärg'));
    fireEvent.change(within(dialog).getByLabelText('Medaljfärg'), { target: { value: '#C0A030' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skapa medalj' }));
    await findToast('Medalj skapad');
    expect(api.calls('POST /api/admin/medal-designs')).toEqual([{ id: 'guld', name: 'Guldmedalj', category: 'FYND', primaryColor: '#c0a030' }]);
  });

  it('checks the fields with the server rules before sending', async () => {
    const api = fakeApi({ [LIST]: json(200, { items: [] }) });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Ny medalj' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Id'), { target: { value: 'Inte OK' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skapa medalj' }));
    expect(await within(dialog).findByText(MEDAL_MESSAGES.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(MEDAL_MESSAGES.idInvalid)).toBeTruthy();
    expect(within(dialog).getByLabelText('Namn').getAttribute('aria-invalid')).toBe('true');
    // The focus goes to the first field to fix.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Namn'));
    expect(api.calls('POST /api/admin/medal-designs')).toEqual([]);
  });

  it('shows a taken id on the id field', async () => {
    fakeApi({
      [LIST]: json(200, { items: [buildDesign()] }),
      'POST /api/admin/medal-designs': apiError(409, MEDAL_MESSAGES.idTaken, 'medal_design_exists', [
        { path: 'body.id', message: MEDAL_MESSAGES.idTaken },
      ]),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Ny medalj' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Namn'), { target: { value: 'Fynd' } });
    fireEvent.change(within(dialog).getByLabelText('Id'), { target: { value: 'fynd' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Skapa medalj' }));
    await findToast('Fel', MEDAL_MESSAGES.idTaken);
    const id = within(dialog).getByLabelText('Id');
    expect(id.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(id.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(MEDAL_MESSAGES.idTaken);
  });

  it('edits a design without its id', async () => {
    const design = buildDesign({ primaryColor: '#7b1e2b' });
    const api = fakeApi({
      [LIST]: json(200, { items: [design] }),
      'PUT /api/admin/medal-designs/fynd': json(200, { ...design, name: 'Fynd 2026' }),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Redigera Fynd' }));
    const dialog = await screen.findByRole('dialog', { name: 'Redigera medalj' });
    expect(within(dialog).queryByLabelText('Id')).toBeNull();
    expect((within(dialog).getByLabelText('Namn') as HTMLInputElement).value).toBe('Fynd');
    fireEvent.change(within(dialog).getByLabelText('Namn'), { target: { value: 'Fynd 2026' } });
    fireEvent.click(within(dialog).getByLabelText('Egen medaljfärg')); // back to the category's colours
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spara ändringar' }));
    await findToast('Medalj uppdaterad');
    expect(api.calls('PUT /api/admin/medal-designs/fynd')).toEqual([{ name: 'Fynd 2026', category: 'FYND', primaryColor: null, accentColor: null }]);
  });

  it('deletes a design after a confirmation, and says why when it is in use', async () => {
    const api = fakeApi({
      [LIST]: json(200, { items: [buildDesign(), buildDesign({ id: 'guld', name: 'Guld' })] }),
      'DELETE /api/admin/medal-designs/fynd': json(204, undefined),
      'DELETE /api/admin/medal-designs/guld': apiError(409, 'Medaljen används och kan inte tas bort.', 'medal_design_in_use'),
    });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Ta bort Fynd' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Är du säker på att du vill ta bort "Fynd"?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Ta bort' }));
    await findToast('Medalj borttagen');
    expect(api.calls('DELETE /api/admin/medal-designs/fynd')).toHaveLength(1);

    clearToasts();
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort Guld' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort' }));
    await findToast('Borttagning misslyckades', 'Medaljen används och kan inte tas bort.');
  });
});
