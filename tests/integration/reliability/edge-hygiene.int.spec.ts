import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  registerCustomer,
  registration,
  startTestServer,
  type ApiClient,
  type TestServer,
} from '@stickwork/app-api/testing';

/** What the edge refuses and what it lets browsers keep. */
let server: TestServer;
let api: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  api = apiClient(server);
});
afterAll(() => server.close());

const NO_CONTROL = 'must not contain control characters (such as tabs, line breaks or escape codes)';

describe('names with control characters', () => {
  it.each([
    ['a colour escape', 'Ringo\u001b[31m'],
    ['a terminal title sequence', '\u001b]0;owned\u0007Ringo'],
  ])('are refused at registration with a clear 400 (%s), and nothing is stored', async (_kind, name) => {
    const before = await server.backend.store.stats();
    const response = await api.post('/api/register', registration({ firstname: name, lastname: name }));
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({
      errors: { firstname: [NO_CONTROL], lastname: [NO_CONTROL] },
    });
    expect((response.json as { message: string }).message).toContain(NO_CONTROL);
    expect(await server.backend.store.stats()).toEqual(before);
  });
});

describe('Cache-Control', () => {
  it('is no-store on every API answer with personal data, and on refusals', async () => {
    const { token } = await registerCustomer(api);
    for (const path of [
      '/api/customer-info',
      '/api/customer-info/subscription-status',
      '/api/authenticate/update-jwt',
      '/api/focus',
      '/api/usage',
      '/api/progress',
      '/api/lesson/progress',
      '/api/practiceActivity',
      '/api/payment/test-payments/portal',
    ]) {
      const response = await fetch(`${server.url}${path}`, { headers: { 'x-auth-token': token } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
    const login = await api.post('/api/register', registration());
    expect(login.status).toBe(201);
    const refused = await fetch(`${server.url}/api/customer-info`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});
