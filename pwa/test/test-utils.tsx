// Test helpers for the app's screens: the real app (providers, router, pages, api-client) with only the network
// answered by MSW handlers (pwa/test/msw.ts). Not part of the app bundle.
import { act, configure, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import type { CurrentUser } from '../../api/contract/auth';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { stopOutbox } from '../lib/outbox/runtime';
import { answerOrNetworkError, jsonBody, type RecordedRequest, recordRequest, server } from './msw';

// Screens arrive as lazy chunks: on a loaded 2-core machine the first import of a page can take over the default
// 1 s of findBy*/waitFor, which then fails for no reason of the app's. 5 s still fails a screen that never comes.
configure({ asyncUtilTimeout: 5000 });

// A partner's screens start the tab's outbox engine; it must not outlive the test and its handlers.
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

/** A JSON answer with `status` (no body when `body` is undefined). */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  body === undefined ? new HttpResponse(null, { status, headers }) : HttpResponse.json(body, { status, headers });

/** The API's error shape, {error: {code, message, details?}} (details paths like 'body.token'). */
export const apiError = (status: number, message: string, code = 'error', details?: { path: string; message: string }[]) =>
  json(status, { error: { code, message, ...(details ? { details } : {}) } });

/** A fakeApi entry: the answer, or a function of the request (method, path, headers, body: JSON text or FormData). */
type Handler = Response | ((request: RecordedRequest) => Response | Promise<Response>);

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete } as const;

/**
 * Makes the MSW server (pwa/test/msw.ts) answer the app's requests from a table of 'METHOD /path?query' → Response,
 * or a function of the request (one that rejects with TypeError('Failed to fetch') is a failed connection); the
 * query must match exactly. Replaces the handlers set before in the test. GET /api/auth/current answers 401 unless
 * the table says otherwise; any other /api/ call answers 404 (pages the tests pass through, such as the start page,
 * then show their error state, and a CMS page that does not exist is a 404 on the server too). Each Response is
 * cloned, so one entry can answer many times. Returns the requests it answered: `fetchMock` is called once per
 * request with (path and query, {method, headers, body}); `calls(key)` lists the JSON bodies sent to 'METHOD /path?query'.
 */
export function fakeApi(routes: Record<string, Handler> = {}) {
  server.resetHandlers();
  const fetchMock = vi.fn<(path: string, init: Pick<RecordedRequest, 'method' | 'headers' | 'body'>) => void>();
  const answer = async (request: Request, handler: Handler) => {
    const recorded = await recordRequest(request);
    fetchMock(recorded.path, { method: recorded.method, headers: recorded.headers, body: recorded.body });
    const res = await answerOrNetworkError(() => (typeof handler === 'function' ? handler(recorded) : handler));
    return res?.clone();
  };
  const handlers = Object.entries(routes).map(([key, handler]) => {
    const [method, target] = key.split(' ') as [keyof typeof METHODS, string];
    const url = new URL(target, 'http://localhost');
    return METHODS[method](url.pathname, ({ request }) => (new URL(request.url).search === url.search ? answer(request, handler) : undefined));
  });
  server.use(
    ...handlers,
    http.get('/api/auth/current', ({ request }) => answer(request, apiError(401, 'Du måste vara inloggad.', 'unauthenticated'))),
    http.all('/api/*', ({ request }) => answer(request, apiError(404, 'Hittades inte', 'not_found'))),
  );
  return {
    fetchMock,
    /** The JSON bodies sent to 'METHOD /path?query' so far (undefined for a call without a body). */
    calls: (key: string) =>
      fetchMock.mock.calls
        .filter(([path, init]) => `${init.method} ${path}` === key)
        .map(([path, init]) => jsonBody({ ...init, path, url: new URL(path, 'http://localhost') })),
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
