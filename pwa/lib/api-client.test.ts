// @vitest-environment happy-dom
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../test/msw';
import { ApiError, AUTH_401_EVENT, apiGet, apiRequest, unwrap } from './api-client';

/** Every /api/ request gets `answer`. */
const answerAll = (answer: () => Response) => server.use(http.all('/api/*', answer));

afterEach(() => vi.restoreAllMocks());

describe('unwrap', () => {
  it('unwraps data, items or results (spec 000 §7)', () => {
    expect(unwrap({ data: [1] })).toEqual([1]);
    expect(unwrap({ items: [2] })).toEqual([2]);
    expect(unwrap({ results: [3] })).toEqual([3]);
  });
  it('returns other bodies whole', () => {
    expect(unwrap([1, 2])).toEqual([1, 2]);
    expect(unwrap({ id: 'x' })).toEqual({ id: 'x' });
  });
});

describe('apiRequest', () => {
  it('sends credentials, no-store, and a JSON content type only with a body', async () => {
    // The spy only watches the calls (the options as the app gave them); MSW answers them.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    answerAll(() => HttpResponse.json({ ok: true }));
    await apiGet('/api/x');
    await apiRequest('POST', '/api/y', { a: 1 });
    const calls = fetchSpy.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'include', cache: 'no-store' });
    expect(calls[0]![1].headers).not.toHaveProperty('Content-Type');
    expect(calls[1]![1].headers).toHaveProperty('Content-Type', 'application/json');
    expect(calls[1]![1].body).toBe('{"a":1}');
  });

  it('throws "status: text" and exposes the server message', async () => {
    answerAll(() => HttpResponse.json({ error: { code: 'x', message: 'Ange en giltig e-postadress' } }, { status: 400 }));
    const err = await apiRequest('POST', '/api/newsletter', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toMatch(/^400: /);
    expect((err as ApiError).serverMessage).toBe('Ange en giltig e-postadress');
  });

  it('uses the status text when the body is empty', async () => {
    answerAll(() => new HttpResponse(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiGet('/api/x')).rejects.toThrow('503: Service Unavailable');
  });

  it('emits auth:401 with url and status on a 401', async () => {
    answerAll(() => new HttpResponse('', { status: 401, statusText: 'Unauthorized' }));
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(AUTH_401_EVENT, listener);
    await apiGet('/api/auth/current').catch(() => {});
    window.removeEventListener(AUTH_401_EVENT, listener);
    expect(seen).toEqual([{ url: '/api/auth/current', status: 401 }]);
  });
});
