import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const API_PORT = process.env.API_PORT ?? '3000';

// Two builds (docs/ssr.md): the browser's (`vite build`, dist/pwa, with the service worker and a manifest of its
// chunks) and the server's (`vite build --ssr`, dist/server/entry-server.js: the same routes and components, rendered
// by the API server for the public pages).
export default defineConfig(({ isSsrBuild }) => ({
  root: path.join(ROOT, 'pwa'),
  publicDir: isSsrBuild ? false : path.join(ROOT, 'pwa/public'),
  plugins: [
    react(),
    tailwindcss(),
    !isSsrBuild &&
      VitePWA({
        registerType: 'prompt',
        injectRegister: false, // registered by pwa/lib/service-worker.ts through workbox-window
        strategies: 'generateSW',
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          name: 'Vinpressen – vinguiden',
          short_name: 'Vinpressen',
          description: 'Månadens viner, fynd, aktuella vintips och folkets val – Sveriges vinguide i tidningsformat.',
          lang: 'sv',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'portrait',
          background_color: '#faf7f2',
          theme_color: '#7b1e2b',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
          // Pages come from the server (rendered there, docs/ssr.md); when it can't be reached (offline, or no answer
          // within 4 s) the precached app shell renders the page from what the device keeps (IndexedDB).
          // API answers are never cached by the service worker: public data is kept in IndexedDB (Dexie)
          // by the app, and authenticated answers must not be cached at all.
          // Nor do the development identity provider's pages (/oidc/…) get the app shell: they are server pages.
          navigateFallback: null,
          runtimeCaching: [
            // The wines' photos and uploaded images (/api/images/…, public bytes, the same for everyone) are kept once
            // seen, so a wine read offline shows its photo (docs/wine-photos.md): cache first, the 300 most recently
            // used, 30 days; only whole answers (200), never an error or a 304.
            {
              urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/images/'),
              handler: 'CacheFirst',
              options: {
                cacheName: 'vinpressen-images',
                expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
                cacheableResponse: { statuses: [200] },
                // A photo the server could not get answers with a redirect to the wine's drawing: not kept under the
                // photo's address, so the photo is asked for again next time.
                plugins: [{ cacheWillUpdate: async ({ response }) => (response.redirected ? null : response) }],
              },
            },
            {
              urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|oidc)\//.test(url.pathname),
              handler: 'NetworkFirst',
              options: {
                cacheName: 'pages',
                networkTimeoutSeconds: 4,
                // No page is kept: offline, every page is the shell reading from the device, so it says when its
                // data is the device's copy (NetworkFirst is the one strategy with a timeout; `statuses: []` never
                // matches, so nothing is cached).
                cacheableResponse: { statuses: [] },
                precacheFallback: { fallbackURL: '/index.html' },
              },
            },
          ],
          cleanupOutdatedCaches: true,
          // The prompt flow decides when a new build takes over (never in the middle of work).
          skipWaiting: false,
          clientsClaim: true,
        },
        devOptions: { enabled: false },
      }),
  ],
  build: isSsrBuild
    ? { outDir: path.join(ROOT, 'dist/server'), emptyOutDir: true, target: 'node24', sourcemap: false }
    : {
        outDir: path.join(ROOT, 'dist/pwa'),
        emptyOutDir: true,
        target: 'es2022',
        sourcemap: false,
        // The chunks of each module, for the server's <link rel=modulepreload> of a page's own chunk (docs/ssr.md).
        manifest: true,
        // A lazy chunk's preload list leaves out the chunks the entry itself loads (the shell, the runtime, the preload
        // helper): they are always there before any dynamic import runs, and listing them in every one of the 30 routes'
        // lists cost the start page ~80 bytes of its 150 KB budget.
        // No modulepreload polyfill: every browser the site supports has <link rel=modulepreload> (Safari since 17); one
        // without it only loads a lazy screen's chunks one after another. 0.x KB less JS on every first load.
        // The admin and partner screens' JS chunks are not preloaded with them (their imports load as the screen starts):
        // their lists of chunk names would sit in the start page's JS for every visitor, who never opens them. Their CSS
        // still comes through this list (Vite loads a lazy chunk's CSS from it).
        modulePreload: {
          polyfill: false,
          resolveDependencies: (file, deps) =>
            deps.filter((dep) =>
              /\/(admin|partner)[\w-]*-[\w-]+\.js$/.test(file) ? dep.endsWith('.css') : !/\/(shell|rolldown-runtime|preload-helper)-/.test(dep),
            ),
        },
        rollupOptions: {
          // The app (index.html → main.tsx) and the script a server-rendered page starts it with after its first
          // paint (boot.ts; api/middlewares/server-render.ts finds it in the manifest).
          input: { index: path.join(ROOT, 'pwa/index.html'), boot: path.join(ROOT, 'pwa/boot.ts') },
          output: {
            // The libraries and app modules that the start page AND the lazy screens (admin, editors, reviews) share go
            // into one 'shell' chunk. Left alone, the bundler split them into six small shared chunks, each gzipped on
            // its own: 153.9 KB of JS for / instead of 149.5 KB (budget 150; npm run bench). Only these modules, not
            // their dependencies, so nothing only a lazy screen needs joins the first download.
            // Dexie and pwa/lib/db are not in it: the start page imports them on first use (pwa/lib/offline-read.ts),
            // right after showing the wines, to keep them for offline reading. Nor is sonner: pwa/lib/toast.tsx imports
            // it with the first toast. / with the real data, Dexie included: 157.8 KB before sonner left, 149.3 after
            // (npm run check:budget, e2e/first-load-budget.spec.ts, 2026-11-24; README 'Benchmarks').
            codeSplitting: {
              groups: [
                {
                  name: 'shell',
                  test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/]query-core|@tanstack[\\/]react-query)[\\/]|pwa[\\/]lib[\\/](api-client|offline-read|query-client|toast)|api[\\/]contract[\\/](constants|money|wine-photos)|pwa[\\/]lib[\\/](wine-format|api[\\/](get-wines|session))|pwa[\\/]components[\\/]wine[\\/](granskad-badge|wine-image|wine-medals|wine-card-skeleton|wine-card)/,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${API_PORT}`, changeOrigin: false } },
  },
  test: {
    root: ROOT,
    include: ['api/**/*.test.ts', 'db/**/*.test.ts', 'pwa/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['api/test/global-setup.ts'],
    // MSW answers the network of the PWA's component tests (pwa/test/msw.ts); a request without a handler fails.
    setupFiles: ['pwa/test/msw-setup.ts'],
    testTimeout: 20_000,
    // Every test file has its own database (api/test/test-db.ts), so files run two at a time: on the 2-core CI machine
    // the default (cores − 1) ran them one by one, 5.3 min instead of 3.3.
    maxWorkers: 2,
    // The JSON report lets .ci/run print one 'N passed, N failed' line for unit and browser tests together.
    reporters: ['default', ['json', { outputFile: 'reports/vitest.json' }]],
    hookTimeout: 60_000,
  },
}));
