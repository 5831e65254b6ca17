import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('takes an answer whose read models are stale as the success it is', async () => {
    const body = { lesson: { data_used: 2 }, lessonsLeftToday: 1, readModels: 'stale' };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), {
            status: 201,
            headers: { 'content-type': 'application/json', 'x-stickwork-read-models': 'stale' },
          }),
      ),
    );
    await expect(
      apiRequest('/api/usage', { method: 'POST', body: { usageType: 'lesson' } }),
    ).resolves.toEqual(body);
  });
});
