// Vitest set-up for every test file (vite.config.ts test.setupFiles): in the files that run in a DOM environment
// (the PWA's component tests, `@vitest-environment happy-dom`) the MSW server of pwa/test/msw.ts answers the
// network; a request without a handler fails the test. The API's tests and the PWA's node tests (their real API
// runs in-process through supertest, no fetch) are left alone.
import { afterAll, afterEach, beforeAll } from 'vitest';

if (typeof window !== 'undefined') {
  const { failOnUnhandledRequests, rememberUnhandled, server } = await import('./msw');
  beforeAll(() => {
    server.listen({
      onUnhandledRequest: (request, print) => {
        rememberUnhandled(request);
        print.error();
      },
    });
  });
  afterEach(() => {
    server.resetHandlers();
    failOnUnhandledRequests();
  });
  afterAll(() => {
    server.close();
    failOnUnhandledRequests();
  });
}
