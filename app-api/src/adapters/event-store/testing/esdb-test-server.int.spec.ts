/**
 * The EventStoreDB test server answers the real client as EventStoreDB does (semantics cited in
 * esdb-test-log.ts), for the calls the contract suite does not reach: tombstones, metadata,
 * backwards reads, stream-name filters, the unary Append of older servers and its errors.
 */
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server.js';

const collect = async <T>(events: AsyncIterable<T>): Promise<T[]> => {
  const all: T[] = [];
  for await (const event of events) all.push(event);
  return all;
};

const anEvent = (type: string, data: Record<string, number> = {}) => jsonEvent({ type, data });
const types = (events: Array<ResolvedEvent | AllStreamResolvedEvent>) => events.map((e) => e.event?.type);
const unique = (name: string) => `${name}-${crypto.randomUUID()}`;

describe.each([
  { label: 'BatchAppend (servers 21.10+)', batchAppend: true },
  { label: 'unary Append (older servers)', batchAppend: false },
])('EventStoreDB test server through the real client, $label', ({ batchAppend }) => {
  let server: EsdbTestServer;
  let client: EventStoreDBClient;

  beforeAll(async () => {
    server = await startEsdbTestServer({ batchAppend });
    client = EventStoreDBClient.connectionString(server.connectionString);
  });
  afterAll(async () => {
    await client.dispose();
    await server.close();
  });

  it('answers a wrong expected revision with the current one', async () => {
    const stream = unique('wev');
    await client.appendToStream(stream, [anEvent('A'), anEvent('B')], { expectedRevision: NO_STREAM });
    const error: unknown = await client
      .appendToStream(stream, [anEvent('C')], { expectedRevision: 0n })
      .catch((rejection: unknown) => rejection);
    expect(error).toBeInstanceOf(WrongExpectedVersionError);
    expect((error as WrongExpectedVersionError).actualVersion).toBe(1n);
  });

  it('appends a retried batch once, also with "any" (idempotence by event id)', async () => {
    const stream = unique('retry');
    const batch = [anEvent('A'), anEvent('B')];
    const first = await client.appendToStream(stream, batch);
    const retried = await client.appendToStream(stream, batch);
    expect(retried.nextExpectedRevision).toBe(first.nextExpectedRevision);
    expect(retried.position).toEqual(first.position);
    expect(types(await collect(client.readStream(stream)))).toEqual(['A', 'B']);
  });

  it('reads a stream and $all backwards', async () => {
    const stream = unique('backwards');
    await client.appendToStream(stream, [anEvent('A'), anEvent('B'), anEvent('C')]);
    const lastTwo = await collect(
      client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 2 }),
    );
    expect(types(lastTwo)).toEqual(['C', 'B']);
    const fromB = await collect(client.readStream(stream, { direction: BACKWARDS, fromRevision: 1n }));
    expect(types(fromB)).toEqual(['B', 'A']);
    const tail = await collect(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 3 }));
    expect(tail.map((e) => [e.event?.streamId, e.event?.type])).toEqual([
      [stream, 'C'],
      [stream, 'B'],
      [stream, 'A'],
    ]);
    const head = await collect(client.readAll({ direction: FORWARDS, fromPosition: START, maxCount: 1 }));
    expect(head).toHaveLength(1);
  });

  it('keeps stream metadata, and truncate-before hides earlier events', async () => {
    const stream = unique('meta');
    await client.appendToStream(stream, [anEvent('A'), anEvent('B'), anEvent('C')]);
    await client.setStreamMetadata(stream, { truncateBefore: 2, custom: 'kept' });
    const { metadata } = await client.getStreamMetadata(stream);
    expect(metadata).toEqual({ truncateBefore: 2, custom: 'kept' });
    expect(types(await collect(client.readStream(stream)))).toEqual(['C']);
  });

  it('soft delete: reads say not found, the stream can be written again from the next revision', async () => {
    const stream = unique('soft');
    await client.appendToStream(stream, [anEvent('A'), anEvent('B')]);
    await client.deleteStream(stream);
    await expect(collect(client.readStream(stream))).rejects.toBeInstanceOf(StreamNotFoundError);
    const again = await client.appendToStream(stream, [anEvent('C')], { expectedRevision: NO_STREAM });
    expect(again.nextExpectedRevision).toBe(2n);
    expect(types(await collect(client.readStream(stream)))).toEqual(['C']);
    expect((await client.getStreamMetadata(stream)).metadata?.truncateBefore).toBe(2);
  });

  it('tombstone: reads and appends say the stream is deleted, for good', async () => {
    const stream = unique('hard');
    await client.appendToStream(stream, [anEvent('A')]);
    await client.tombstoneStream(stream);
    await expect(collect(client.readStream(stream))).rejects.toBeInstanceOf(StreamDeletedError);
    await expect(client.appendToStream(stream, [anEvent('B')])).rejects.toBeInstanceOf(StreamDeletedError);
  });

  it('deleting with a wrong expected revision is refused', async () => {
    const stream = unique('delete-wev');
    await client.appendToStream(stream, [anEvent('A'), anEvent('B')]);
    await expect(client.deleteStream(stream, { expectedRevision: 0n })).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
    expect(types(await collect(client.readStream(stream)))).toEqual(['A', 'B']);
  });

  it('subscribes to $all with a stream-name filter: stored events, then live ones', async () => {
    const prefix = unique('filtered');
    await client.appendToStream(`${prefix}-1`, [anEvent('Stored')]);
    await client.appendToStream(unique('other'), [anEvent('Other')]);
    const subscription = client.subscribeToAll({
      fromPosition: START,
      filter: streamNameFilter({ prefixes: [prefix] }),
    });
    const seen: string[] = [];
    for await (const resolved of subscription) {
      seen.push(`${resolved.event?.streamId}:${resolved.event?.type}`);
      if (seen.length === 1) await client.appendToStream(`${prefix}-2`, [anEvent('Live')]);
      if (seen.length === 2) break;
    }
    await subscription.unsubscribe();
    expect(seen).toEqual([`${prefix}-1:Stored`, `${prefix}-2:Live`]);
  });
});
