import { fileURLToPath } from 'node:url';
import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { routePreloads } from './build/route-preloads';

const DAY = 24 * 60 * 60;

/**
 * The installable app: a manifest and a Workbox service worker that precaches the app
 * shell and every built chunk (the practice room's lazily loaded code included), and keeps the
 * notation and sheet PDFs of the lessons a drummer opened and the drum kit's samples, so an open
 * lesson keeps working offline. A new build waits until the page takes it ('prompt'): the app announces it.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'Stickwork',
    short_name: 'Stickwork',
    description: 'Your drumming practice guide: generated practice sessions tailored to your level.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0f1b2d',
    theme_color: '#0f1b2d',
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // The notation the lesson card engraves and plays (catalogue data, the same for everyone).
        urlPattern: ({ url }) => url.pathname === '/api/lesson/notation',
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'lesson-notation',
          expiration: { maxEntries: 300, maxAgeSeconds: 30 * DAY },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // The practice room's sampled drum kit: fetched when a lesson card first opens (never precached:
        // the landing page and the install cost nothing), then kept for offline practice. Its name
        // carries its content's hash, so a kept copy is never stale.
        urlPattern: ({ url }) => /^\/assets\/acoustic-kit-[\w-]+\.mp3$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'drum-kit',
          expiration: { maxEntries: 2 },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Sheet PDFs a drummer opened: a lesson's sheet never changes within a catalogue version.
        urlPattern: ({ url }) => url.pathname === '/api/file/download',
        handler: 'CacheFirst',
        options: {
          cacheName: 'sheet-music',
          expiration: { maxEntries: 100, maxAgeSeconds: 30 * DAY },
          cacheableResponse: { statuses: [200] },
        },
      },
    ],
  },
});

export default defineConfig({
  // Every text asset also as .br and .gz: the server sends them as they are, never compressing per request.
  plugins: [
    react(),
    pwa,
    routePreloads(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
  ],
  // 'source' first: @stickwork/domain is read from its TypeScript source, no domain build needed.
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    alias: [
      // React 19 has useSyncExternalStore: no shims (see src/app/use-sync-external-store-shim.ts).
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // domain is pure by rule (no I/O, no globals), so the bundle keeps only what the app imports from it.
        moduleSideEffects: (id: string) => !/[\\/]domain[\\/]src[\\/]/.test(id),
      },
      output: {
        // Fewer, larger files: over HTTP/1.1 (six connections) every extra file of a page costs a
        // round trip. What every page loads is two files (the libraries, the app's shell); the small
        // components, helpers and rules that several pages share are one more ('common'), without
        // the dependencies only some of those pages have (zod stays with the form pages).
        codeSplitting: {
          groups: [
            { name: 'libraries', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            { name: 'shell', tags: ['$initial'], test: /[\\/]app-web[\\/]src[\\/]/, priority: 2 },
            {
              name: 'common',
              // Not lib/mail-request.ts: it holds the form schemas (zod), which only the form pages load;
              // not the level descriptions: a long text only the skill and registration pages show.
              test: (id: string) =>
                /[\\/]app-web[\\/]src[\\/](components|lib)[\\/]|[\\/]domain[\\/]src[\\/]rules[\\/]/.test(
                  id,
                ) && !/mail-request|level-descriptions/.test(id),
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
