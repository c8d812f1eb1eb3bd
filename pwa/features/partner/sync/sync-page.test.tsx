// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../lib/db';
import { deleteDraft, saveDraft, submitDraft } from '../outbox/outbox';
import { clearToasts, findToast } from '../../../test/test-utils';
import { PartnerSyncPage } from './sync-page';
import { OTHER_USER, renderAt, resetDb, USER, values } from './sync-test-utils';

// The Synkning page against the real outbox in (fake) IndexedDB: rows are put there by the real saveDraft /
// submitDraft, and every action is checked in the database, not only on the screen.

const WINE_A = 'a0000000-0000-4000-8000-000000000001';
const WINE_B = 'b0000000-0000-4000-8000-000000000002';

beforeEach(resetDb);

afterEach(() => {
  clearToasts();
  cleanup();
  vi.restoreAllMocks();
  db.close();
});

/** A wine already on the server (version 3) whose values the device mirrors. */
async function serverWine(id: string, name: string, overrides = {}) {
  const v = values({ name, ...overrides });
  await db.drafts.put({ id, userId: USER, values: v, serverValues: v, serverVersion: 3, approvalStatus: 'draft', syncState: 'synced', updatedAt: 1 });
}

const rows = () => screen.findAllByTestId('outbox-row');
const outbox = () => db.outbox.orderBy('seq').toArray();

async function openPage(path?: string) {
  const router = renderAt(<PartnerSyncPage userId={USER} />, path);
  await screen.findByRole('heading', { level: 1, name: 'Synkning' });
  return router;
}

describe('PartnerSyncPage (/partner/sync)', () => {
  it("says 'Allt är synkat.' when nothing waits", async () => {
    await serverWine(WINE_A, 'Synkat vin');
    await openPage();
    expect(await screen.findByText('Allt är synkat.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Konflikter/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Ändringar från ett annat konto' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Synka nu' })).toBeTruthy();
  });

  it('lists the user’s rows in send order with the wine, what changed and the status in Swedish', async () => {
    await saveDraft(USER, WINE_B, values({ name: 'Nytt mässvin' }));
    await serverWine(WINE_A, 'Gammalt vin');
    await saveDraft(USER, WINE_A, values({ name: 'Gammalt vin', price: 99, rating: 5 }));
    await submitDraft(USER, WINE_B);
    await saveDraft(OTHER_USER, 'c0000000-0000-4000-8000-000000000003', values({ name: 'Någon annans vin' }));
    const [, edit] = await outbox();
    await db.outbox.update(edit!.seq!, { status: 'rejected', error: 'Priset måste vara högst 100 000 kr.' });
    const [, , submit] = await outbox();
    await db.outbox.update(submit!.seq!, { status: 'blocked_auth' });

    await openPage();
    const items = await rows();
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['Nytt mässvin', 'Gammalt vin', 'Nytt mässvin']);
    expect(items[0]!.textContent).toContain('Nytt vin');
    expect(items[0]!.textContent).toContain('I kö');
    expect(items[1]!.textContent).toContain('Ändring: Pris (kr), Betyg');
    expect(items[1]!.textContent).toContain('Avvisad');
    expect(items[1]!.textContent).toContain('Priset måste vara högst 100 000 kr.');
    expect(items[2]!.textContent).toContain('Inskickning för granskning');
    expect(items[2]!.textContent).toContain('Väntar på inloggning');
    // Only the rejected row can be retried; every row can be removed. The other account's row is not in the list.
    expect(within(items[0]!).queryByRole('button', { name: /Försök igen/ })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Försök igen med ändringen av Gammalt vin' })).toBeTruthy();
    expect(within(items[2]!).getByRole('button', { name: 'Ta bort inskickningen av Nytt mässvin' })).toBeTruthy();
    expect(screen.queryByText('Någon annans vin')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Väntar på att skickas (3)' })).toBeTruthy();
  });

  it('lists a queued deletion by the deleted draft’s name; discarding it (confirmed) gives the draft back', async () => {
    await serverWine(WINE_A, 'Raderat vin');
    await deleteDraft(USER, WINE_A);
    await openPage();
    const [item] = await rows();
    expect(item!.querySelector('p')?.textContent).toBe('Raderat vin');
    expect(item!.textContent).toContain('Borttagning av utkastet');
    expect(item!.textContent).toContain('I kö');
    fireEvent.click(within(item!).getByRole('button', { name: 'Ta bort borttagningen av Raderat vin' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ta bort ändringen?' });
    expect(dialog.textContent).toContain('Borttagningen av ”Raderat vin” tas bort från den här enheten');
    expect(dialog.textContent).toContain('Utkastet blir kvar.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ta bort ändringen' }));
    await findToast('Ändringen är borttagen');
    expect(await outbox()).toEqual([]);
    expect(await db.drafts.get(WINE_A)).toMatchObject({ syncState: 'synced', values: { name: 'Raderat vin' } });
    expect((await db.drafts.get(WINE_A))!.deleted).toBeUndefined();
  });

  it('shows no conflicts of a draft whose deletion waits; discarding the deletion brings them back', async () => {
    await serverWine(WINE_A, 'Konflikt och borttagning');
    await db.drafts.update(WINE_A, { syncState: 'conflict', conflicts: [{ field: 'price', clientValue: 139, serverValue: 159 }] });
    await deleteDraft(USER, WINE_A);
    await openPage();
    await rows();
    expect(screen.queryByRole('region', { name: 'Konflikt och borttagning' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ta bort borttagningen av Konflikt och borttagning' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ta bort ändringen' }));
    expect(await screen.findByRole('region', { name: 'Konflikt och borttagning' })).toBeTruthy();
    expect(await db.drafts.get(WINE_A)).toMatchObject({ syncState: 'conflict' });
  });

  it("queues a rejected change again under a new mutation id on 'Försök igen'", async () => {
    await serverWine(WINE_A, 'Avvisat vin');
    await saveDraft(USER, WINE_A, values({ name: 'Avvisat vin', price: 1_000_000 }));
    const [before] = await outbox();
    await db.outbox.update(before!.seq!, { status: 'rejected', error: 'För dyrt.' });
    await db.drafts.update(WINE_A, { syncState: 'rejected', error: 'För dyrt.' });

    await openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Försök igen med ändringen av Avvisat vin' }));
    await findToast('Ändringen ligger i kö igen');
    const after = await outbox();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: 'queued', patch: { price: 1_000_000 }, entityId: WINE_A });
    expect(after[0]!.mutationId).not.toBe(before!.mutationId);
    expect((await db.drafts.get(WINE_A))!.syncState).toBe('pending');
    await waitFor(() => expect(screen.getByTestId('outbox-row').textContent).toContain('I kö'));
  });

  it("asks before 'Ta bort': cancelling keeps the change, confirming removes it from the device", async () => {
    await serverWine(WINE_A, 'Ångervin');
    await saveDraft(USER, WINE_A, values({ name: 'Ångervin', price: 150 }));

    await openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Ta bort ändringen av Ångervin' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('tas bort från den här enheten');
    expect(dialog.textContent).toContain('Det går inte att ångra.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await outbox()).toHaveLength(1);
    expect(screen.getAllByTestId('outbox-row')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Ta bort ändringen av Ångervin' }));
    dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ta bort ändringen' }));
    await findToast('Ändringen är borttagen');
    expect(await outbox()).toHaveLength(0);
    // The draft falls back to the server's values.
    expect((await db.drafts.get(WINE_A))!).toMatchObject({ syncState: 'synced', values: { price: 129 } });
    expect(await screen.findByText('Allt är synkat.')).toBeTruthy();
  });

  it('settles a conflict field by field: the choice is a new queued mutation with the chosen values', async () => {
    await serverWine(WINE_A, 'Konfliktvin', { price: 159, rating: 3 });
    await db.drafts.update(WINE_A, {
      syncState: 'conflict',
      values: values({ name: 'Konfliktvin', price: 139, rating: 5, foodPairings: ['fish', 'cheese'] }),
      conflicts: [
        { field: 'rating', clientValue: 5, serverValue: 3 },
        { field: 'price', clientValue: 139, serverValue: 159 },
        { field: 'foodPairings', clientValue: ['fish', 'cheese'], serverValue: [] },
      ],
    });

    await openPage();
    const wine = await screen.findByRole('region', { name: 'Konfliktvin' });
    expect(wine.id).toBe(`wine-${WINE_A}`);
    const headers = within(wine)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Fält', 'På den här enheten', 'På Vinpressen']);
    // Fields in the form's order, with Swedish labels and readable values.
    const fieldRows = within(wine).getAllByRole('row').slice(1);
    expect(fieldRows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Pris (kr)', 'Betyg', 'Passar till']);
    expect(fieldRows[0]!.textContent).toContain('139 kr');
    expect(fieldRows[0]!.textContent).toContain('159 kr');
    expect(fieldRows[2]!.textContent).toContain('Fisk, Ost');
    expect(fieldRows[2]!.textContent).toContain('Ej angivet');

    const save = within(wine).getByRole('button', { name: 'Spara val' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(wine).getByRole('radio', { name: 'Behåll min för Pris (kr): 139 kr' }));
    fireEvent.click(within(wine).getByRole('radio', { name: 'Använd Vinpressens för Betyg: 3 av 5' }));
    expect(save.disabled).toBe(true);
    fireEvent.click(within(wine).getByRole('radio', { name: 'Behåll min för Passar till: Fisk, Ost' }));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await findToast('Dina val för Konfliktvin är sparade', 'Dina värden skickas till Vinpressen.');
    const [row] = await outbox();
    expect(row).toMatchObject({
      type: 'upsertWine',
      entityId: WINE_A,
      userId: USER,
      status: 'queued',
      baseVersion: 3,
      patch: { price: 139, foodPairings: ['fish', 'cheese'] },
    });
    expect(Object.keys(row!.patch).sort()).toEqual(['foodPairings', 'price']);
    const settled = await db.drafts.get(WINE_A);
    expect(settled).toMatchObject({ syncState: 'pending', values: { price: 139, rating: 3 } });
    expect(settled!.conflicts).toBeUndefined();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Konfliktvin' })).toBeNull());
    expect(screen.getAllByTestId('outbox-row')[0]!.textContent).toContain('Ändring: Pris (kr), Passar till');
  });

  it('focuses the wine named in the URL hash (the badge’s link)', async () => {
    await serverWine(WINE_A, 'Hashvin');
    await db.drafts.update(WINE_A, { syncState: 'conflict', conflicts: [{ field: 'price', clientValue: 1, serverValue: 2 }] });
    await openPage(`/partner/sync#wine-${WINE_A}`);
    const wine = await screen.findByRole('region', { name: 'Hashvin' });
    await waitFor(() => expect(document.activeElement).toBe(wine));
  });

  it("exports another account's set-aside rows as vinpressen-utkorg-<date>.json", async () => {
    await saveDraft(OTHER_USER, WINE_B, values({ name: 'Kollegans vin' }));
    await saveDraft(OTHER_USER, WINE_B, values({ name: 'Kollegans vin', price: 200 }));
    await db.outbox.toCollection().modify({ status: 'set_aside' });
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });

    await openPage();
    const section = await screen.findByRole('region', { name: 'Ändringar från ett annat konto' });
    expect(section.textContent).toContain('skickas aldrig');
    // Not this user's changes: the outbox list says nothing waits for them.
    expect(screen.getByText('Allt är synkat.')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Exportera (2)' }));

    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^vinpressen-utkorg-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await blobs[0]!.text()) as {
      rows: { userId: string; patch: { price?: number } }[];
      drafts: { values: { name: string } }[];
    };
    expect(exported.rows).toHaveLength(2);
    expect(exported.rows.every((r) => r.userId === OTHER_USER)).toBe(true);
    expect(exported.rows[1]!.patch).toEqual({ price: 200 });
    expect(exported.drafts[0]!.values.name).toBe('Kollegans vin');
    // Exporting keeps the rows: they still belong to the other account.
    expect(await db.outbox.where('status').equals('set_aside').count()).toBe(2);
  });
});
