import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/clean-console.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The kit as committed; the build copies it byte for byte under a hashed name, which the server serves. */
const KIT_FILE = path.resolve(
  here,
  '../../app-web/src/features/practice/practice-room/acoustic-kit/acoustic-kit.mp3',
);
const kitPath = () => {
  const built = readdirSync(path.resolve(here, '../../app-web/dist/assets')).filter((name) =>
    /^acoustic-kit-[\w-]+\.mp3$/.test(name),
  );
  expect(built).toHaveLength(1);
  return `/assets/${built[0]}`;
};

test('the app is installable: a manifest with its icons, and a service worker that takes control', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    display: string;
    start_url: string;
    icons: { sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Stickwork', display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of ['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png'])
    expect((await page.request.get(icon)).status(), icon).toBe(200);

  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
});

test('offline, the app shell, the pages a drummer opened and the drum kit a lesson card fetched still load from the service worker', async ({
  page,
  context,
}) => {
  await page.goto('/');
  // The worker is ready once it has precached the build; the page it controls is the next one.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The sampled kit is not precached (the install costs nothing); a lesson card fetches it, as here, and
  // the worker keeps it in its own cache for offline practice.
  const kit = kitPath();
  await page.evaluate((url) => fetch(url).then((response) => response.arrayBuffer()), kit);
  const kept = () =>
    page.evaluate(async () =>
      (await (await caches.open('drum-kit')).keys()).map((entry) => new URL(entry.url).pathname),
    );
  await expect.poll(kept).toEqual([kit]);

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your drumming practice guide' })).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Offline, the kit is served whole and decodes.
  const offlineKit = await page.evaluate(async (url) => {
    const response = await fetch(url);
    const bytes = await response.arrayBuffer();
    const decoded = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(bytes.slice(0));
    return { status: response.status, bytes: bytes.byteLength, seconds: decoded.duration };
  }, kit);
  await context.setOffline(false);
  expect(offlineKit.status).toBe(200);
  expect(offlineKit.bytes).toBe(statSync(KIT_FILE).size);
  expect(offlineKit.seconds).toBeGreaterThan(10);
});
