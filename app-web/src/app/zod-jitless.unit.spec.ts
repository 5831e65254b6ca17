import { describe, expect, it } from 'vitest';

describe('zod runs jitless in the browser (no eval probe under the CSP)', () => {
  it('zod adopts the setting made before it loads', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
