import { PassThrough, type Readable } from 'node:stream';
import { dehydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { isSiteRoute } from '../api/contract/site-routes';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { matchServerRoute } from './app/server-routes';
import { type ServerFetch, setServerFetch } from './lib/api-client';
import { CURRENT_USER_KEY } from './lib/api/session';
import { type PageMeta, type PageMetaCollector, PageMetaCollectorProvider, SiteOriginProvider } from './lib/page-meta';
import { createQueryClient } from './lib/query-client';
import { reviveErrors, type SsrState, serializeSsrState } from './lib/ssr-state';

export { serializeSsrState };
export { pageMetaTags } from './lib/page-meta';

/** A page rendered on the server (docs/ssr.md). */
export interface RenderedPage {
  /** 200, or 404 for an address that names nothing. */
  status: number;
  /** The page's title, description and canonical path (usePageMeta); absent when the page set none. */
  meta?: PageMeta;
  /** The modules of the page (keys of the client build's manifest) to preload. */
  modules: string[];
  /** The page's HTML inside #root, streamed (complete: every query was read before rendering). */
  html: Readable;
  state: SsrState;
}

/** How long a render may take before the server sends the app shell instead (ms). */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * Renders the public page at `url` ('/wine/…?…') on the server: reads what the page's route needs through the API
 * (`fetch`, in-process) into a fresh query cache, then renders the app's own routes and components with it (React 19,
 * renderToPipeableStream, handed over when everything is ready). Null for the pages the browser renders alone: admin,
 * partner and account pages. `signedOut`: the request carries no session cookie.
 * @throws the render's error (the server then sends the app shell).
 */
export async function renderPage(url: string, opts: { fetch: ServerFetch; origin: string; signedOut: boolean }): Promise<RenderedPage | null> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const matched = matchServerRoute(pathname);
  if (!matched && isSiteRoute(pathname)) return null;
  setServerFetch(opts.fetch);
  const queryClient = createQueryClient();
  let status = matched ? await matched.route.prefetch({ queryClient, params: matched.params, search: searchParams }) : 404;
  if (!opts.signedOut && matched) {
    // The server reads as a guest; a signed-in reader may see more (an admin previews a draft article): what failed
    // here is rendered as loading and read again by the browser with the reader's session.
    queryClient.removeQueries({ predicate: (q) => q.state.status === 'error' });
    status = 200;
  }
  // A reader without a session cookie is signed out: the page shows 'Logga in' at once, and the browser doesn't ask
  // GET /api/auth/current (whose 401 every browser logs as an error). With a cookie, the browser asks as before.
  if (opts.signedOut) queryClient.setQueryData(CURRENT_USER_KEY, null);
  // Failed reads too (an address that names nothing renders its own 'not found'), their ApiError as plain data.
  const state: SsrState = {
    origin: opts.origin,
    queries: dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' || q.state.status === 'error' }),
  };
  const collector: PageMetaCollector = {};

  const html = await new Promise<Readable>((resolve, reject) => {
    const out = new PassThrough();
    // The tree gets the answers as the browser will (through JSON, errors revived), so both render the same HTML.
    const { pipe, abort } = renderToPipeableStream(
      <StrictMode>
        <AppProviders queryState={reviveErrors(JSON.parse(serializeSsrState(state)) as SsrState).queries}>
          <SiteOriginProvider value={opts.origin}>
            <PageMetaCollectorProvider value={collector}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </PageMetaCollectorProvider>
          </SiteOriginProvider>
        </AppProviders>
      </StrictMode>,
      {
        // Every boundary inline, however large: React would otherwise send a large one after the page as a hidden
        // template with an inline script to move it in, which the Content-Security-Policy (scripts from our origin
        // only) blocks. The page is sent whole anyway (onAllReady).
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady: () => {
          clearTimeout(timer);
          pipe(out);
          resolve(out);
        },
        onShellError: reject,
        onError: (err) => {
          // Errors inside a boundary are shown by the page's own error state; the browser retries them.
          if (!(err instanceof Error && err.name === 'AbortError')) console.error(err);
        },
      },
    );
    const timer = setTimeout(() => abort(new Error(`server render of ${url} took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  });
  queryClient.clear();
  return { status, meta: collector.meta, modules: [...(matched ? [matched.route.module] : ['features/pages/not-found-page.tsx'])], html, state };
}
