/**
 * The one HTTP client of the PWA (spec 000 §7 'Shared conventions'): credentials included, caching
 * disabled, the JSON content type only when there is a body; a non-OK answer throws ApiError whose
 * message is "status: text"; a 401 also emits the global `auth:401` event.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'ApiError';
  }

  /** The Swedish message the API sent in its error shape, if any. */
  get serverMessage(): string | undefined {
    const b = this.body as { error?: { message?: unknown } } | null;
    return typeof b?.error?.message === 'string' ? b.error.message : undefined;
  }
}

export const AUTH_401_EVENT = 'auth:401';

/** Unwraps a `data`, `items` or `results` field when present (spec 000 §7), else the whole body. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const key of ['data', 'items', 'results'] as const) {
      if (key in body) return (body as Record<string, unknown>)[key] as T;
    }
  }
  return body as T;
}

async function parse(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** How the server-rendered pages reach the API (pwa/entry-server.tsx): in-process, without a browser. */
export type ServerFetch = (url: string, init: RequestInit) => Promise<Response>;
let serverFetch: ServerFetch | undefined;

/**
 * On the server only (pwa/entry-server.tsx): sends every request of the query functions to `fetchImpl` (the API's
 * own Koa app, in-process) instead of the browser's fetch, which has no origin for '/api/…' there.
 */
export function setServerFetch(fetchImpl: ServerFetch): void {
  serverFetch = fetchImpl;
}

/** Sends `init` to `url` with the shared conventions; a non-OK answer throws ApiError (and a 401 raises `auth:401`). */
async function send<T>(url: string, init: RequestInit): Promise<T> {
  const res = serverFetch ? await serverFetch(url, init) : await fetch(url, { ...init, credentials: 'include', cache: 'no-store' });
  const parsed = await parse(res);
  if (!res.ok) {
    if (res.status === 401 && typeof window !== 'undefined') {
      window.dispatchEvent(new CustomEvent(AUTH_401_EVENT, { detail: { url, status: res.status } }));
    }
    const text = typeof parsed === 'string' && parsed ? parsed : parsed ? JSON.stringify(parsed) : res.statusText;
    throw new ApiError(res.status, parsed, text);
  }
  return parsed as T;
}

/**
 * Sends a request to the API and returns the parsed body (not unwrapped).
 * @throws ApiError on a non-OK status; TypeError on a network failure.
 */
export function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  return send<T>(url, {
    method,
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * POSTs a multipart form (files) to the API with the same conventions; the browser sets the content type
 * with its boundary. `headers` adds e.g. the upload routes' CSRF header.
 * @throws ApiError on a non-OK status; TypeError on a network failure.
 */
export function apiUpload<T>(url: string, form: FormData, headers: Record<string, string> = {}): Promise<T> {
  return send<T>(url, { method: 'POST', headers: { Accept: 'application/json', ...headers }, body: form });
}

/** GET `url` and unwrap the answer (spec 000 §7). */
export async function apiGet<T>(url: string): Promise<T> {
  return unwrap<T>(await apiRequest<unknown>('GET', url));
}

/** True for errors that mean "no connection" rather than "the server said no". */
export function isNetworkError(err: unknown): boolean {
  return err instanceof TypeError || (err instanceof DOMException && err.name === 'AbortError');
}
