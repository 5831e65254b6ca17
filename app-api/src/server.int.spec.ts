import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.js';

let server: TestServer;
let webDist: string;

beforeAll(async () => {
  // A stand-in build of the web app, so the fallback can be checked without running Vite.
  webDist = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'stickwork-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Stickwork</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDist, 'app.js'), 'console.log("app")');
  server = await startTestServer({ WEB_DIST: webDist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the server', () => {
  it('reports the store kind and that it answers on /api/health', async () => {
    const response = await fetch(`${server.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', store: { kind: 'sqlite', ok: true } });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`, { method: 'POST' });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect(await response.json()).toEqual({ message: 'No API route POST /api/nothing-here' });
  });

  it('answers malformed JSON with a 400 and a message, not a 500', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The request body is not valid JSON' });
  });

  it('serves the web app for every client route and a 404 page elsewhere', async () => {
    for (const route of [
      '/',
      '/log-out',
      '/register',
      '/verify-mail/abc',
      '/checkout/price_basic_monthly',
      '/change-password?secret=x',
      '/change-password/abc',
      '/verify-email/abc',
    ]) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
    const missing = await fetch(`${server.url}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
    expect(await (await fetch(`${server.url}/app.js`)).text()).toContain('console.log');
  });

  it('sends security headers and a request id', async () => {
    const response = await fetch(`${server.url}/api/health`, { headers: { 'x-request-id': 'trace-42' } });
    expect(response.headers.get('x-request-id')).toBe('trace-42');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
    const generated = await fetch(`${server.url}/api/health`, {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores the generated signing secret in DATA_DIR, readable by its owner only', async () => {
    const secretFile = path.join(server.dataDir, 'secrets', 'jwt-secret');
    expect(fs.readFileSync(secretFile, 'utf8')).toBe(server.backend.jwtSecret);
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
  });
});
