import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.js';

/** A small built web app, precompressed the way the Vite build writes it. */
const script = `console.log(${JSON.stringify('stick '.repeat(400))});`;
let webDist: string;
let server: TestServer;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><head><title>Stickwork</title></head>');
  fs.writeFileSync(
    path.join(webDist, 'route-preloads.json'),
    JSON.stringify({
      landing: { scripts: ['/assets/landing-A1.js'], styles: ['/assets/landing-A1.css'] },
      login: { scripts: ['/assets/login-B2.js', '/assets/fields-C3.js'], styles: [] },
    }),
  );
  fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("install", () => {});');
  const asset = path.join(webDist, 'assets/index-AbC123xy.js');
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (pathname: string, acceptEncoding: string) =>
  fetch(`${server.url}${pathname}`, { headers: { 'accept-encoding': acceptEncoding } });

describe('the built web app', () => {
  it('sends hashed assets precompressed (brotli first, else gzip, else plain) and cached for a year as immutable', async () => {
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await get('/assets/index-AbC123xy.js', accepted);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding'), accepted).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toBe(script); // fetch decodes what the server encoded
    }
  });

  it('never lets a cache keep HTML or the service worker without asking', async () => {
    for (const pathname of ['/', '/pricing', '/sw.js', '/no-such-page']) {
      const response = await get(pathname, 'br');
      expect(response.headers.get('cache-control'), pathname).toBe('no-cache');
    }
  });

  it('names a page’s own chunks in its HTML, so the browser fetches them with the entry (route-preloads.json)', async () => {
    const html = async (pathname: string) => (await get(pathname, 'br')).text();
    const login = await html('/login');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/login-B2.js">');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/fields-C3.js">');
    expect(login).not.toContain('landing-A1');
    for (const pathname of ['/', '/log-out']) {
      const landing = await html(pathname);
      expect(landing).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-A1.js">');
      expect(landing).toContain('<link rel="preload" as="style" crossorigin href="/assets/landing-A1.css">');
      expect(landing.indexOf('landing-A1.js')).toBeLessThan(landing.indexOf('</head>'));
    }
    for (const pathname of ['/pricing', '/no-such-page', '/constructor']) {
      expect(await html(pathname), pathname).toBe('<!doctype html><head><title>Stickwork</title></head>');
    }
  });
});
