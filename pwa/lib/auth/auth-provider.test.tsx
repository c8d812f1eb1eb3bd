// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_RECHECK_MS, CURRENT_USER_ATTEMPTS, CURRENT_USER_RETRY_DELAYS_MS } from '../../../api/contract/auth-rules';
import { AUTH_401_EVENT } from '../../lib/api-client';
import { ATTEMPTS, RECHECK_MS, RETRY_DELAYS_MS } from '../../lib/api/session';
import { apiError, buildUser, clearToasts, fakeApi, flush, json, renderApp } from '../../test/test-utils';

// The auth state machine of spec 000 §4/§9, seen where a reader sees it: the account corner of the masthead.
// 'Logga in' = signed out; the avatar 'Konto: anna' = signed in; neither = still loading.

const signedOut = () => screen.queryAllByRole('button', { name: 'Logga in' }).length > 0;
const signedIn = () => screen.queryAllByLabelText('Konto: anna').length > 0;

afterEach(() => {
  clearToasts();
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the current-user call', () => {
  it('uses the constants of api/contract/auth-rules.ts (copied there to keep the first download small)', () => {
    expect([RECHECK_MS, ATTEMPTS, RETRY_DELAYS_MS]).toEqual([AUTH_RECHECK_MS, CURRENT_USER_ATTEMPTS, CURRENT_USER_RETRY_DELAYS_MS]);
  });

  it.each([
    ['a 5xx answer', () => apiError(503, 'Tjänsten är inte tillgänglig')],
    ['no connection', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('is tried 3 times in all after %s, 1 s and then 2 s apart, and then counts as signed out', async (_, failure) => {
    vi.useFakeTimers();
    const api = fakeApi({ 'GET /api/auth/current': () => failure() });
    renderApp('/om-oss');
    await flush(0);
    const attempts = () => api.calls('GET /api/auth/current').length;
    expect(attempts()).toBe(1);
    expect(signedOut()).toBe(false); // still loading: no flash of 'Logga in'

    await flush(999);
    expect(attempts()).toBe(1);
    await flush(1);
    expect(attempts()).toBe(2);
    await flush(1999);
    expect(attempts()).toBe(2);
    await flush(1);
    expect(attempts()).toBe(3);
    await flush();
    expect(signedOut()).toBe(true);

    await flush(60_000);
    expect(attempts()).toBe(3);
  });

  it('is not retried after 401: the visitor is signed out at once, without a message', async () => {
    vi.useFakeTimers();
    const api = fakeApi();
    renderApp('/om-oss');
    await flush();
    expect(signedOut()).toBe(true);
    await flush(10_000);
    expect(api.calls('GET /api/auth/current')).toHaveLength(1);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  it('is not retried after another client error, which also counts as signed out', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'GET /api/auth/current': apiError(403, 'Nej') });
    renderApp('/om-oss');
    await flush(10_000);
    expect(api.calls('GET /api/auth/current')).toHaveLength(1);
    expect(signedOut()).toBe(true);
  });

  it('shows neither "Logga in" nor an avatar while the answer is awaited, only a placeholder', async () => {
    vi.useFakeTimers();
    fakeApi({ 'GET /api/auth/current': () => new Promise<Response>(() => {}) });
    renderApp('/om-oss');
    await flush(5000);
    expect(signedOut()).toBe(false);
    expect(signedIn()).toBe(false);
    // Invisible copies hold the places of 'Logga in' and 'BLI MEDLEM', hidden from assistive technology.
    const placeholders = [...document.querySelectorAll('header [aria-hidden="true"].invisible')];
    expect(placeholders.map((p) => [p.textContent, p.hasAttribute('inert')])).toEqual([
      ['Logga in', true],
      ['BLI MEDLEM', true],
    ]);
  });
});

describe('while signed in', () => {
  it('re-checks the user every 5 minutes and signs out when the session has ended', async () => {
    vi.useFakeTimers();
    let answer = json(200, buildUser());
    const api = fakeApi({ 'GET /api/auth/current': () => answer });
    renderApp('/om-oss');
    await flush();
    expect(signedIn()).toBe(true);

    await flush(AUTH_RECHECK_MS - 20);
    expect(api.calls('GET /api/auth/current')).toHaveLength(1);
    await flush(20);
    expect(api.calls('GET /api/auth/current')).toHaveLength(2);
    await flush();
    expect(signedIn()).toBe(true);

    answer = apiError(401, 'Du måste vara inloggad.');
    await flush(AUTH_RECHECK_MS);
    expect(api.calls('GET /api/auth/current')).toHaveLength(3);
    await flush();
    expect(signedOut()).toBe(true);

    // Signed out: no more checks.
    await flush(3 * AUTH_RECHECK_MS);
    expect(api.calls('GET /api/auth/current')).toHaveLength(3);
  });

  it('clears the user on the global auth:401 event', async () => {
    vi.useFakeTimers();
    fakeApi({ 'GET /api/auth/current': json(200, buildUser()) });
    renderApp('/om-oss');
    await flush();
    expect(signedIn()).toBe(true);

    act(() => {
      window.dispatchEvent(new CustomEvent(AUTH_401_EVENT, { detail: { url: '/api/wines/1/reviews', status: 401 } }));
    });
    await flush();
    expect(signedIn()).toBe(false);
    expect(signedOut()).toBe(true);
  });
});
