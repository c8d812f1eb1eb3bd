// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, type Draft } from '../../../lib/db';
import { saveDraft } from '../outbox/outbox';
import { DraftSyncBadge } from './draft-sync-badge';
import { SyncPill } from './sync-pill';
import { OTHER_USER, renderAt, resetDb, USER, values } from './sync-test-utils';

beforeEach(resetDb);

afterEach(() => {
  cleanup();
  db.close();
});

describe('SyncPill', () => {
  it('shows nothing before the outbox is read, then the count as a link to /partner/sync', async () => {
    await saveDraft(USER, 'a0000000-0000-4000-8000-000000000001', values());
    await saveDraft(USER, 'a0000000-0000-4000-8000-000000000001', values({ price: 99 }));
    await saveDraft(OTHER_USER, 'b0000000-0000-4000-8000-000000000002', values());
    renderAt(<SyncPill userId={USER} />);
    // First render: the live query has not answered yet, so no text that could be wrong.
    expect(screen.queryByTestId('sync-pill')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('');

    const pill = await screen.findByTestId('sync-pill');
    expect(pill.textContent).toBe('Synkstatus: Sparat på enheten (2)');
    expect(pill.getAttribute('href')).toBe('/partner/sync');
    expect(screen.getByRole('link', { name: 'Synkstatus: Sparat på enheten (2)' })).toBe(pill);
    expect(screen.getByRole('status').textContent).toBe('Sparat på enheten (2)');
    expect(pill.getAttribute('title')).toContain('2 ändringar sparade på enheten');
  });

  it('follows the database live: a conflict wins over saved changes, and a sync ends in Allt synkat', async () => {
    renderAt(<SyncPill userId={USER} />);
    const pill = await screen.findByTestId('sync-pill');
    expect(pill.textContent).toBe('Synkstatus: Allt synkat');

    await act(async () => {
      await saveDraft(USER, 'a0000000-0000-4000-8000-000000000001', values());
    });
    await waitFor(() => expect(screen.getByTestId('sync-pill').textContent).toBe('Synkstatus: Sparat på enheten (1)'));

    await act(async () => {
      await db.drafts.update('a0000000-0000-4000-8000-000000000001', {
        syncState: 'conflict',
        conflicts: [{ field: 'price', clientValue: 1, serverValue: 2 }],
      });
    });
    await waitFor(() => expect(screen.getByTestId('sync-pill').textContent).toBe('Synkstatus: Konflikter (1)'));

    await act(async () => {
      await db.drafts.update('a0000000-0000-4000-8000-000000000001', { syncState: 'synced', conflicts: undefined });
      await db.outbox.clear();
      // 09:07 in Stockholm (CET, UTC+1), where the PWA writes its times (pwa/lib/dates.ts).
      await db.syncMeta.put({ key: 'lastSyncedAt', value: Date.UTC(2026, 10, 23, 8, 7) });
    });
    await waitFor(() => expect(screen.getByTestId('sync-pill').textContent).toBe('Synkstatus: Allt synkat 09:07'));
  });
});

const draft = (d: Partial<Draft>): Draft => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  userId: USER,
  values: values(),
  serverVersion: 1,
  approvalStatus: 'draft',
  syncState: 'synced',
  updatedAt: 1,
  ...d,
});

describe('DraftSyncBadge', () => {
  it("says 'Sparat på enheten' (not synced yet) for a pending draft", () => {
    renderAt(<DraftSyncBadge draft={draft({ syncState: 'pending' })} />);
    const badge = screen.getByTestId('draft-sync-badge');
    expect(badge.textContent).toBe('Sparat på enheten – inte synkat ännu');
    expect(badge.getAttribute('title')).toBe('Inte synkat ännu');
  });

  it("says 'Ändringen avvisades' with the server's reason visible", () => {
    renderAt(<DraftSyncBadge draft={draft({ syncState: 'rejected', error: 'Vinet har redan skickats in.' })} />);
    expect(screen.getByText('Ändringen avvisades')).toBeTruthy();
    expect(screen.getByText('Vinet har redan skickats in.')).toBeTruthy();
  });

  it("links 'Konflikt' to the wine's conflict table", () => {
    renderAt(<DraftSyncBadge draft={draft({ syncState: 'conflict' })} />);
    const link = screen.getByRole('link', { name: /^Konflikt/ });
    expect(link.getAttribute('href')).toBe('/partner/sync#wine-a0000000-0000-4000-8000-000000000001');
  });

  it('shows nothing for a synced draft', () => {
    renderAt(<DraftSyncBadge draft={draft({})} />);
    expect(screen.queryByTestId('draft-sync-badge')).toBeNull();
  });
});
