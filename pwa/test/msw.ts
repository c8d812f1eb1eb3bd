// The network of the PWA's component tests: one MSW server (msw/node) that answers the app's fetch and
// XMLHttpRequest calls with the test's handlers. pwa/test/msw-setup.ts starts it for every test file that runs in a
// DOM environment (happy-dom) and drops the test's handlers after each test. A request that no handler answers
// fails the test (see `failOnUnhandledRequests`). Not part of the app bundle.
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

export const server = setupServer();

/** A request as a handler saw it: what the component tests assert on (which call, which body, how often). */
export interface RecordedRequest {
  method: string;
  /** The path and query the app asked for, e.g. '/api/users?q=zzz'. */
  path: string;
  url: URL;
  headers: Headers;
  /** The body: the text (JSON as sent) of a text body, the FormData of a multipart upload, undefined without a body. */
  body: string | FormData | undefined;
}

/**
 * Reads what the test needs from an intercepted request (a clone, so a handler can still read the body).
 * Multipart bodies come back as FormData, every other body as text.
 */
export async function recordRequest(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const copy = request.clone();
  const type = request.headers.get('Content-Type') ?? '';
  const text = type.startsWith('multipart/form-data') ? await copy.formData() : await copy.text();
  return { method: request.method, path: url.pathname + url.search, url, headers: request.headers, body: text === '' ? undefined : text };
}

/** The JSON of a recorded text body, undefined without a body. Throws SyntaxError when the body is not JSON. */
export function jsonBody(request: RecordedRequest): unknown {
  if (request.body === undefined) return undefined;
  if (typeof request.body !== 'string') throw new TypeError(`${request.method} ${request.path} sent a FormData, not JSON`);
  return JSON.parse(request.body) as unknown;
}

/**
 * Runs a test's answer; when it rejects with TypeError('Failed to fetch') (what fetch throws without a connection),
 * answers MSW's network error instead, so the app's fetch rejects with that TypeError as on an offline device.
 */
export async function answerOrNetworkError(answer: () => Response | Promise<Response> | undefined) {
  try {
    return await answer();
  } catch (error) {
    if (error instanceof TypeError && error.message === 'Failed to fetch') return HttpResponse.error();
    throw error;
  }
}

/** Every request fails from now on in this test, as on a device without a connection. */
export function goOffline() {
  server.use(http.all('*', () => HttpResponse.error()));
}

const unhandled: string[] = [];

/** For server.listen: remembers each request that no handler answered (it fails with a network error). */
export function rememberUnhandled(request: Request) {
  const url = new URL(request.url);
  unhandled.push(`${request.method} ${url.pathname}${url.search}`);
}

/**
 * Throws when a request found no handler, naming them: the app only shows an error state for such a request, so
 * without this a test could pass without the network it meant to stub. Call after each test (a request that a
 * previous test's screen sent late is reported in the next one) and after the file.
 */
export function failOnUnhandledRequests() {
  const calls = unhandled.splice(0);
  if (calls.length > 0) throw new Error(`requests without a handler in this test (add one with fakeApi or server.use): ${calls.join(', ')}`);
}
