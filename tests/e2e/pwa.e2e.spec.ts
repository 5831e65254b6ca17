import { expect, test } from '../support/clean-console.js';
import { openLessonCard, prepareLessonCardPage } from '../support/lesson-card.js';

const KIT_PATH = /^\/assets\/acoustic-kit-[\w-]+\.mp3$/;

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

test('offline, the app shell and the pages a drummer opened still load from the service worker', async ({
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

  await context.setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Your drumming practice guide' })).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('offline, the drum kit the first lesson card fetched is served by the service worker', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await prepareLessonCardPage(context, baseURL!, page);
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await openLessonCard(page, context, request, baseURL!);

  // The card fetched the kit through the worker, which kept it in its own cache.
  const cachedKit = () =>
    page.evaluate(async () => {
      const cache = await caches.open('drum-kit');
      return (await cache.keys()).map((cached) => new URL(cached.url).pathname);
    });
  await expect.poll(cachedKit, { timeout: 30_000 }).toEqual([expect.stringMatching(KIT_PATH)]);
  const [kitPath] = await cachedKit();

  await context.setOffline(true);
  const offline = await page.evaluate(async (path) => {
    const response = await fetch(path);
    const bytes = await response.arrayBuffer();
    // Decoded as the practice room decodes it: the kit plays offline, not just its bytes arrive.
    const decoded = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(bytes);
    return { status: response.status, type: response.headers.get('content-type'), seconds: decoded.duration };
  }, kitPath!);
  await context.setOffline(false);
  expect(offline.status).toBe(200);
  expect(offline.type).toBe('audio/mpeg');
  expect(offline.seconds).toBeGreaterThan(1);
});
