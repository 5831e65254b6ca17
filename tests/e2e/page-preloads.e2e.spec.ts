import { expect, test } from '../support/clean-console.js';

/**
 * The server names each page's own chunks in its HTML (the build's route-preloads.json),
 * so a first visit fetches them with the entry. A name that is no file would cost a failed request
 * and an error in the console, so every one must be served.
 */
test('every page names files the server has, and a page’s HTML names its own code', async ({ request }) => {
  const preloads = (await (await request.get('/route-preloads.json')).json()) as Record<
    string,
    { scripts: string[]; styles: string[] }
  >;
  for (const page of ['landing', 'login', 'register', 'pricing', 'impressum', 'launch-overview'])
    expect(preloads[page]?.scripts.length, page).toBeGreaterThan(0);
  const files = new Set(Object.values(preloads).flatMap(({ scripts, styles }) => [...scripts, ...styles]));
  for (const file of files) expect((await request.get(file)).status(), file).toBe(200);

  for (const [path, page] of [
    ['/', 'landing'],
    ['/login', 'login'],
    ['/register', 'register'],
    ['/pricing', 'pricing'],
  ] as const) {
    const html = await (await request.get(path)).text();
    for (const script of preloads[page]!.scripts)
      expect(html, path).toContain(`<link rel="modulepreload" crossorigin href="${script}">`);
  }
});

test('a page opened first renders with its preloaded code, nothing fails to load', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/impressum', '/register', '/login', '/pricing', '/']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  expect(failed).toEqual([]);
});
