// Test helpers for the account screens: the real app (providers, router, pages, api-client) with only
// `fetch` replaced by a small fake of the account endpoints. Not part of the app bundle.
import { act, configure, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import type { CurrentUser } from '../../api/contract/auth';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { stopOutbox } from '../features/partner/outbox/runtime';

// Screens arrive as lazy chunks: on a loaded 2-core machine the first import of a page can take over the default
// 1 s of findBy*/waitFor, which then fails for no reason of the app's. 5 s still fails a screen that never comes.
configure({ asyncUtilTimeout: 5000 });

// A partner's screens start the tab's outbox engine; it must not outlive the test and its fetch stub.
afterEach(() => stopOutbox());

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '6f1c2b9e-1d7a-4c1e-9a53-0d1f2e3a4b5c',
    username: 'anna',
    email: 'anna@example.se',
    firstName: null,
    lastName: null,
    role: 'user',
    isActive: true,
    isVerified: true,
    authType: 'local',
    createdAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** The API's error shape, {error: {code, message, details?}} (details paths like 'body.token'). */
export const apiError = (status: number, message: string, code = 'error', details?: { path: string; message: string }[]) =>
  json(status, { error: { code, message, ...(details ? { details } : {}) } });

type Handler = Response | ((init: RequestInit | undefined) => Response | Promise<Response>);

/**
 * Replaces the global fetch with a table of 'METHOD /path' → Response (or a function of the request).
 * GET /api/auth/current answers 401 unless the table says otherwise; any other call answers 404 (pages the
 * tests pass through, such as the start page, then show their error state). Each Response is cloned, so
 * one entry can answer many times.
 */
export function fakeApi(routes: Record<string, Handler> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    const key = `${init?.method ?? 'GET'} ${url}`;
    const handler =
      routes[key] ??
      (key === 'GET /api/auth/current' ? apiError(401, 'Du måste vara inloggad.', 'unauthenticated') : apiError(404, 'Hittades inte', 'not_found'));
    const res = typeof handler === 'function' ? await handler(init) : handler;
    return res.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    /** Calls to 'METHOD /path' so far, each with its parsed JSON body. */
    calls: (key: string) =>
      fetchMock.mock.calls
        .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
        .map(([, init]) => (init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined)),
  };
}

/** Renders the whole app (providers, toasts, router, layout, pages) at `path`; returns the memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** The toast with this title, and its description (sonner renders both as text in the 'Notiser' region). */
export async function findToast(title: string, description?: string) {
  const titleEl = await screen.findByText(title, { selector: '[data-title]' });
  const toastEl = titleEl.closest('[data-sonner-toast]') as HTMLElement;
  if (description !== undefined) {
    const desc = toastEl.querySelector('[data-description]');
    if (desc?.textContent !== description) throw new Error(`toast '${title}' says '${desc?.textContent}', expected '${description}'`);
  }
  return toastEl;
}

/** Dismisses every toast (sonner keeps them in a module-level store across tests). */
export function clearToasts() {
  act(() => {
    toast.dismiss();
  });
}

/**
 * Advances fake time by `ms` and lets promises and React updates settle. The query layer and React schedule
 * their follow-ups with setTimeout(…, 0), which fake timers run 1 ms later, so flush(10) after an answer
 * makes sure it has reached the screen.
 */
export async function flush(ms = 10) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
