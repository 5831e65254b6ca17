/**
 * The EventStoreDB adapter has the server filter `$all` and keeps stream metadata
 * between reads, so a command's read-your-writes read costs one `$all` page and no metadata
 * reads, while a stream deleted by another host still reads as deleted. Counted on the test
 * server's own tally of the reads it answered.
 */
import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import type { EventToAppend } from '@stickwork/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectEventStoreDb, type EventStoreDbEventStore } from '../eventstoredb-event-store.js';
import { startEsdbTestServer, type EsdbTestServer } from './esdb-test-server.js';

const anEvent = (type: string): EventToAppend => ({
  type,
  data: {},
  metadata: { schemaVersion: 1, time: '2026-11-26T08:00:00.000Z' },
});

let server: EsdbTestServer;
let hostA: EventStoreDbEventStore;
let hostB: EventStoreDbEventStore;
beforeEach(async () => {
  server = await startEsdbTestServer();
  hostA = connectEventStoreDb(server.connectionString);
  hostB = connectEventStoreDb(server.connectionString);
});
afterEach(async () => {
  await hostA.close();
  await hostB.close();
  await server.close();
});

/** What the server answered while `run` ran. */
const readsDuring = async (run: () => Promise<unknown>) => {
  const before = { ...server.reads };
  await run();
  return {
    streamReads: server.reads.streamReads - before.streamReads,
    allReads: server.reads.allReads - before.allReads,
    allEventsSent: server.reads.allEventsSent - before.allEventsSent,
  };
};

describe('EventStoreDB reads filtered by the server', () => {
  it('never sends the events of system streams to the client', async () => {
    const { position: marker } = await hostA.appendToStream('marker-1', [anEvent('Marker')]);
    const raw = EventStoreDBClient.connectionString(server.connectionString);
    try {
      await raw.appendToStream(
        '$stats-127.0.0.1:2113',
        Array.from({ length: 50 }, () => jsonEvent({ type: '$statsCollected', data: {} })),
      );
    } finally {
      await raw.dispose();
    }
    await hostA.appendToStream('practice-1', [anEvent('A'), anEvent('B')]);

    const reads = await readsDuring(async () => {
      const events = await hostA.readAll({ after: marker });
      expect(events.map((event) => event.streamId)).toEqual(['practice-1', 'practice-1']);
    });
    // The page starts at the marker (a read of `$all` includes its start), then our two events.
    expect(reads).toMatchObject({ allReads: 1, allEventsSent: 3 });
  });

  it("reads each stream's metadata once, then not again on the next reads", async () => {
    const { position: marker } = await hostA.appendToStream('marker-1', [anEvent('Marker')]);
    for (let i = 0; i < 20; i++) await hostA.appendToStream(`customer-${i}`, [anEvent('A'), anEvent('B')]);

    const first = await readsDuring(() => hostA.readAll({ after: marker, maxCount: 500 }));
    expect(first).toMatchObject({ streamReads: 20, allReads: 1 });
    const second = await readsDuring(() => hostA.readAll({ after: marker, maxCount: 500 }));
    expect(second).toMatchObject({ streamReads: 0, allReads: 1 });

    // A command's read-your-writes read after its own append: one page, no metadata read.
    const { position } = await hostA.appendToStream('customer-3', [anEvent('C')]);
    await hostA.appendToStream('customer-4', [anEvent('C')]);
    const afterWrite = await readsDuring(async () => {
      expect(await hostA.readAll({ after: position - 1, maxCount: 500 })).toHaveLength(2);
    });
    expect(afterWrite).toMatchObject({ streamReads: 0, allReads: 1 });
  });

  it('hides a stream another host deleted, although this host had its metadata cached', async () => {
    const { position: marker } = await hostA.appendToStream('marker-1', [anEvent('Marker')]);
    await hostA.appendToStream('customer-erased', [anEvent('CustomerRegistered')]);
    await hostA.appendToStream('practice-kept', [anEvent('A')]);
    expect((await hostB.readAll({ after: marker })).map((event) => event.streamId)).toEqual([
      'customer-erased',
      'practice-kept',
    ]);

    await hostA.deleteStream('customer-erased');
    const reads = await readsDuring(async () => {
      expect((await hostB.readAll({ after: marker })).map((event) => event.streamId)).toEqual([
        'practice-kept',
      ]);
    });
    // Told by the deletion's `$metadata` event in the same page, not by a metadata read.
    expect(reads.streamReads).toBe(0);
    expect(await hostB.lastPosition()).toBe((await hostB.readAll({ after: marker })).at(-1)!.position);
  });

  it('shows a deleted stream written again by another host (an erased email registered again)', async () => {
    const { position: marker } = await hostA.appendToStream('marker-1', [anEvent('Marker')]);
    await hostA.appendToStream('email-1', [anEvent('EmailReserved')]);
    await hostA.deleteStream('email-1');
    expect(await hostB.readAll({ after: marker })).toEqual([]);

    await hostA.appendToStream('email-1', [anEvent('EmailReserved')], { expectedRevision: 'no_stream' });
    const events = await hostB.readAll({ after: marker });
    expect(events.map((event) => [event.streamId, event.revision])).toEqual([['email-1', 1]]);
  });

  it('answers the last position from short reads backwards, past system events and deleted streams', async () => {
    const kept = await hostA.appendToStream('practice-1', [anEvent('A')]);
    for (let i = 0; i < 3; i++) await hostA.appendToStream(`customer-${i}`, [anEvent('A')]);
    for (let i = 0; i < 3; i++) await hostA.deleteStream(`customer-${i}`);

    const reads = await readsDuring(async () => expect(await hostB.lastPosition()).toBe(kept.position));
    // The last event alone, deleted; then a page of at most 16 further back.
    expect(reads.allReads).toBe(2);
    expect(reads.allEventsSent).toBeLessThanOrEqual(17);

    await hostA.appendToStream('practice-1', [anEvent('B')]);
    const common = await readsDuring(() => hostB.lastPosition());
    expect(common).toMatchObject({ allReads: 1, allEventsSent: 1 });
  });
});
