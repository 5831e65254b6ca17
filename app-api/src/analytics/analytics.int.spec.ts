import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../http/error-handlers.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';
import { analyticsRouter, createAnalyticsCounter } from './analytics-router.js';

const post = (url: string, body: string, contentType = 'application/json') =>
  fetch(`${url}/api/analytics`, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('POST /api/analytics on the real server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it.each(['landing page visited', 'registration_started', 'sign_up', 'subscription_checkout_completed'])(
    'accepts %s with 204',
    async (event) => {
      const response = await post(server.url, JSON.stringify({ event, params: { step: 1 }, page: '/' }));
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
    },
  );

  it('reads a beacon sent as text/plain too', async () => {
    const response = await post(server.url, JSON.stringify({ event: 'sign_up' }), 'text/plain');
    expect(response.status).toBe(204);
  });

  it('refuses unknown events, odd params and broken JSON with 400', async () => {
    const unknown = await post(server.url, JSON.stringify({ event: 'page_view' }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      message:
        'event must be one of [landing page visited, registration_started, sign_up, subscription_checkout_completed]',
    });
    expect((await post(server.url, JSON.stringify({ event: 'sign_up', params: [1] }))).status).toBe(400);
    expect(
      (await post(server.url, JSON.stringify({ event: 'sign_up', params: { note: 'x'.repeat(201) } })))
        .status,
    ).toBe(400);
    expect((await post(server.url, '{"event":', 'text/plain')).status).toBe(400);
  });
});

describe('the analytics counter and its log', () => {
  const lines: string[] = [];
  const counter = createAnalyticsCounter();
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
    const app = express();
    app.use(express.json());
    app.use('/api', analyticsRouter({ logger }, counter));
    app.use(errorHandler);
    server = app.listen(0);
    await new Promise<void>((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts each accepted event and logs its name without params or page', async () => {
    const beacon = { event: 'sign_up', params: { email: 'ringo@example.com' }, page: '/register?x=ringo' };
    expect((await post(url, JSON.stringify(beacon))).status).toBe(204);
    expect((await post(url, JSON.stringify(beacon))).status).toBe(204);
    expect((await post(url, JSON.stringify({ event: 'nope' }))).status).toBe(400);
    expect(counter.counts()).toEqual({
      'landing page visited': 0,
      registration_started: 0,
      sign_up: 2,
      subscription_checkout_completed: 0,
    });
    const logged = lines.join('\n');
    expect(logged).toContain('"event":"sign_up","count":2');
    expect(logged).not.toContain('ringo');
  });
});
