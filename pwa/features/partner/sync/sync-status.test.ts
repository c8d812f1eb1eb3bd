import { describe, expect, it } from 'vitest';
import type { SyncEngineState } from '../outbox/sync-engine';
import { formatFieldValue } from './field-format';
import { isSameDay, pillStatus, type OutboxCounts } from './sync-status';

// 23 November 2026, 14:05 in Stockholm (CET, UTC+1).
const SYNCED = Date.UTC(2026, 10, 23, 13, 5);
const NOW = SYNCED + 30 * 60_000;

const state = (s: Partial<SyncEngineState> = {}): SyncEngineState => ({ online: true, pushing: false, needsSignIn: false, ...s });
const counts = (c: Partial<OutboxCounts> = {}): OutboxCounts => ({ queued: 0, blockedAuth: 0, setAside: 0, rejected: 0, conflicts: 0, ...c });
const pill = (s: Partial<SyncEngineState>, c: Partial<OutboxCounts>, lastSyncedAt: number | null = SYNCED) =>
  pillStatus({ state: state(s), counts: counts(c), lastSyncedAt: lastSyncedAt ?? undefined, now: NOW });

describe("pillStatus (README 'Offline drafts')", () => {
  it("says 'Allt synkat hh:mm' in 24-hour Swedish time when nothing waits", () => {
    expect(pill({}, {})).toMatchObject({ kind: 'synced', text: 'Allt synkat 14:05' });
    expect(pill({}, {}).description).toBe('Allt är synkat med Vinpressen (senast i dag kl. 14:05).');
    const evening = Date.UTC(2026, 10, 22, 21, 7); // 22:07 the day before
    expect(pillStatus({ state: state(), counts: counts(), lastSyncedAt: evening, now: NOW })).toMatchObject({
      text: 'Allt synkat 22:07',
      description: 'Allt är synkat med Vinpressen (senast 22 november kl. 22:07).',
    });
  });

  it("says just 'Allt synkat' before the first sync", () => {
    expect(pill({}, {}, null)).toMatchObject({ kind: 'synced', text: 'Allt synkat' });
  });

  it("counts queued, blocked and rejected rows as 'Sparat på enheten (n)', and names the next try after a failure", () => {
    expect(pill({}, { queued: 2, rejected: 1 })).toMatchObject({ kind: 'saved', text: 'Sparat på enheten (3)' });
    expect(pill({}, { rejected: 1 }).description).toContain('1 ändring avvisades');
    const retry = pill({ lastError: 'HTTP 503', retryAt: Date.UTC(2026, 10, 23, 13, 35, 20) }, { queued: 2 });
    expect(retry).toMatchObject({ kind: 'saved', text: 'Sparat på enheten (2)' });
    expect(retry.description).toBe('2 ändringar sparade på enheten. Kunde inte skicka just nu; nästa försök kl. 14:35:20.');
  });

  it('never counts rows set aside for another account', () => {
    expect(pill({}, { setAside: 4 })).toMatchObject({ kind: 'synced', text: 'Allt synkat 14:05' });
  });

  it("shows 'Synkar…' while pushing, over saved", () => {
    expect(pill({ pushing: true }, { queued: 5 })).toMatchObject({ kind: 'syncing', text: 'Synkar…' });
  });

  it("shows 'Offline' over syncing and saved, counting the kept changes in the description", () => {
    const offline = pill({ online: false, pushing: true }, { queued: 2 });
    expect(offline).toMatchObject({ kind: 'offline', text: 'Offline' });
    expect(offline.description).toContain('2 ändringar sparade på enheten');
  });

  it("shows 'Konflikter (n)' (wines) over offline", () => {
    expect(pill({ online: false }, { conflicts: 2, queued: 1 })).toMatchObject({ kind: 'conflicts', text: 'Konflikter (2)' });
  });

  it("shows 'Logga in för att synka (n)' first when a 401 stopped the queue, counting blocked and newer queued rows", () => {
    expect(pill({ needsSignIn: true, online: false }, { blockedAuth: 3, queued: 1, conflicts: 1 })).toMatchObject({
      kind: 'signIn',
      text: 'Logga in för att synka (4)',
    });
    // Nothing waiting: signing in has nothing to unblock, so the other states apply.
    expect(pill({ needsSignIn: true }, {})).toMatchObject({ kind: 'synced' });
  });
});

describe('formatFieldValue', () => {
  it('formats prices, alcohol, scales, lists and empty values the Swedish way', () => {
    expect(formatFieldValue('price', 129.5)).toBe('129,50 kr');
    expect(formatFieldValue('alcoholContent', 13.5)).toBe('13,5 %');
    expect(formatFieldValue('rating', 4)).toBe('4 av 5');
    expect(formatFieldValue('body', 2)).toBe('2 av 5');
    expect(formatFieldValue('vintage', 2022)).toBe('2022');
    expect(formatFieldValue('foodPairings', ['meat', 'light_meat', 'okänt'])).toBe('Kött, Ljust kött, okänt');
    expect(formatFieldValue('occasions', ['cozy_evening'])).toBe('Mys');
    expect(formatFieldValue('region', null)).toBe('Ej angivet');
    expect(formatFieldValue('region', '  ')).toBe('Ej angivet');
    expect(formatFieldValue('occasions', [])).toBe('Ej angivet');
  });
});

describe('isSameDay', () => {
  it('compares calendar days in Stockholm, not in UTC or on the device', () => {
    // 23:30 and 00:30 UTC on 24/25 March are 00:30 and 01:30 on 25 March in Stockholm.
    expect(isSameDay(Date.UTC(2026, 2, 24, 23, 30), Date.UTC(2026, 2, 25, 0, 30))).toBe(true);
    // 22:30 UTC on 24 March is 23:30 on 24 March in Stockholm.
    expect(isSameDay(Date.UTC(2026, 2, 24, 22, 30), Date.UTC(2026, 2, 24, 23, 30))).toBe(false);
  });
});
