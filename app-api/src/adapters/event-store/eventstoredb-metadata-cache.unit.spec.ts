import { describe, expect, it } from 'vitest';
import { createStreamMetadataCache, type TruncateBefore } from './eventstoredb-metadata-cache.js';

/** A soft delete's `$tb` (long.MaxValue) as JSON.parse reads it. */
const DELETED = 2 ** 63;

const setUp = (options: { maxEntries?: number; ttlMs?: number } = {}) => {
  const server = new Map<string, TruncateBefore>();
  const loads: string[] = [];
  let time = 0;
  const cache = createStreamMetadataCache({
    load: async (streamId) => {
      loads.push(streamId);
      return server.get(streamId);
    },
    now: () => time,
    ...options,
  });
  const tbOf = async (streamId: string) => (await cache.lookup(streamId)).truncateBefore;
  return { cache, tbOf, server, loads, advance: (ms: number) => (time += ms) };
};

describe('stream metadata cache', () => {
  it('loads a stream once while fresh, however many reads meet it', async () => {
    const { cache, loads } = setUp();
    await Promise.all([cache.lookup('customer-1'), cache.lookup('customer-1')]);
    await cache.lookup('customer-1');
    expect(loads).toEqual(['customer-1']);
  });

  it('loads again once the time to live has passed (a deletion by another host)', async () => {
    const { tbOf, server, loads, advance } = setUp({ ttlMs: 5_000 });
    expect(await tbOf('customer-1')).toBeUndefined();
    server.set('customer-1', DELETED);
    advance(4_999);
    expect(await tbOf('customer-1')).toBeUndefined();
    advance(1);
    expect(await tbOf('customer-1')).toBe(DELETED);
    expect(loads).toHaveLength(2);
  });

  it('takes what a $metadata event says, and loads again after this process changed the stream', async () => {
    const { cache, tbOf, server, loads } = setUp();
    await cache.lookup('customer-1');
    cache.observe('customer-1', DELETED, 700);
    expect(await cache.lookup('customer-1')).toMatchObject({ truncateBefore: DELETED, observedAt: 700 });
    server.set('customer-1', 3);
    cache.forget('customer-1');
    expect(await tbOf('customer-1')).toBe(3);
    expect(loads).toEqual(['customer-1', 'customer-1']);
  });

  it('keeps at most maxEntries streams, forgetting the least recently used', async () => {
    const { cache, loads } = setUp({ maxEntries: 2 });
    await cache.lookup('a');
    await cache.lookup('b');
    await cache.lookup('a');
    await cache.lookup('c');
    expect(cache.size).toBe(2);
    await cache.lookup('a');
    await cache.lookup('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });
});
