import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { WrongExpectedRevisionError, type EventToAppend, type RecordedEvent } from '@stickwork/domain';
import { describeEventStoreContract } from '@stickwork/domain/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openSqliteEventStore, type SqliteEventStore } from './sqlite-event-store.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'stickwork-sqlite-store-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const newFile = () => path.join(directory, `${randomUUID()}.db`);
const removeFiles = (file: string) =>
  Promise.all(['', '-wal', '-shm'].map((suffix) => rm(`${file}${suffix}`, { force: true })));

describeEventStoreContract('sqlite', async () => {
  const file = newFile();
  return {
    store: openSqliteEventStore({ file }),
    sharesItsTransaction: true,
    reopen: async () => openSqliteEventStore({ file }),
    cleanup: () => removeFiles(file).then(() => undefined),
  };
});

const anEvent = (type: string, data: unknown = {}): EventToAppend => ({
  type,
  data,
  metadata: { schemaVersion: 1, time: '2025-03-01T09:30:00.000Z' },
});
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('SQLite event store', () => {
  let file: string;
  let store: SqliteEventStore;
  const others: SqliteEventStore[] = [];

  const open = () => {
    file = newFile();
    store = openSqliteEventStore({ file });
  };
  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
    await store.close();
    await removeFiles(file);
  });

  /** Every file SQLite keeps for the store: the database, its WAL and its shared-memory index. */
  const filesContaining = async (marker: string) => {
    const names = (await readdir(directory)).filter((name) => name.startsWith(path.basename(file)));
    expect(names).toContain(path.basename(file));
    const hits: string[] = [];
    for (const name of names) {
      const bytes = await readFile(path.join(directory, name));
      if (bytes.includes(Buffer.from(marker, 'utf8'))) hits.push(name);
    }
    return hits;
  };

  describe('erasure', () => {
    const writeCustomer = async (customerId: string, marker: string, padding: number) => {
      const customer = `customer-${customerId}`;
      await store.appendToStream(`practice-${customerId}`, [anEvent('SkillsSelfRated', { level: 2 })]);
      await store.appendToStream(customer, [
        anEvent('CustomerRegistered', { email: `${marker}@example.com`, name: `Name ${marker}` }),
      ]);
      // Kept rows share pages with the erased ones; padding makes the erased rows fill whole pages too.
      await store.appendToStream(`practice-${customerId}`, [anEvent('LessonEvaluated', { rating: 'easy' })]);
      await store.appendToStream(
        customer,
        Array.from({ length: padding }, (_, n) =>
          anEvent('CustomerProfileChanged', { n, note: `${marker} `.repeat(40) }),
        ),
      );
      return customer;
    };

    it.each([
      { where: 'the WAL only', checkpointFirst: false, padding: 0 },
      { where: 'the database file', checkpointFirst: true, padding: 0 },
      { where: 'whole pages of the database file', checkpointFirst: true, padding: 200 },
      { where: 'whole pages of the WAL', checkpointFirst: false, padding: 200 },
    ])(
      'leaves no byte of a deleted stream in any file when its data was in $where',
      async ({ checkpointFirst, padding }) => {
        open();
        const marker = `erase-me-${randomUUID()}`;
        const keptMarker = `keep-me-${randomUUID()}`;
        await store.appendToStream('customer-kept', [
          anEvent('CustomerRegistered', { email: `${keptMarker}@example.com` }),
        ]);
        const erased = await writeCustomer(randomUUID(), marker, padding);
        if (checkpointFirst) store.database.pragma('wal_checkpoint(TRUNCATE)');
        expect(await filesContaining(marker)).not.toEqual([]);

        await store.deleteStream(erased);

        expect(await filesContaining(marker)).toEqual([]);
        expect(await filesContaining(keptMarker)).not.toEqual([]);
        expect(await store.readStream('customer-kept')).toHaveLength(1);
        expect(await store.readStream(erased)).toEqual([]);
      },
    );
  });

  describe('group commit', () => {
    it('commits the appends asked for together in one transaction, each answered after that commit', async () => {
      open();
      const outside = new Database(file, { readonly: true });
      const committed = () => outside.prepare('SELECT count(*) FROM events').pluck().get() as number;
      const seenInside: number[] = [];
      const answered: number[] = [];
      try {
        await Promise.all(
          ['a', 'b', 'c'].map((name) =>
            store
              .appendToStream(`practice-${name}`, [anEvent('LessonEvaluated')], {
                inTransaction: () => void seenInside.push(committed()),
              })
              .then(() => void answered.push(committed())),
          ),
        );
        // Inside, another connection saw none of the three: one transaction, not three.
        expect(seenInside).toEqual([0, 0, 0]);
        // Each caller heard of its append once all three were on disk.
        expect(answered).toEqual([3, 3, 3]);
      } finally {
        outside.close();
      }
    });

    it('refuses only the append whose expected revision is wrong; the others of its group land', async () => {
      open();
      await store.appendToStream('practice-b', [anEvent('LessonEvaluated')]);
      const outcomes = await Promise.allSettled([
        store.appendToStream('practice-a', [anEvent('LessonEvaluated', { n: 1 })], {
          expectedRevision: 'no_stream',
        }),
        store.appendToStream('practice-b', [anEvent('LessonEvaluated', { n: 2 })], {
          expectedRevision: 'no_stream',
        }),
        store.appendToStream('practice-c', [anEvent('LessonEvaluated', { n: 3 })], {
          expectedRevision: 'no_stream',
        }),
        store.appendToStream('practice-a', [anEvent('LessonEvaluated', { n: 4 })], { expectedRevision: 0 }),
      ]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readAll()).map((event) => [event.streamId, event.data])).toEqual([
        ['practice-b', {}],
        ['practice-a', { n: 1 }],
        ['practice-c', { n: 3 }],
        ['practice-a', { n: 4 }],
      ]);
    });
  });

  describe('a second reader', () => {
    it('another process reads the events while the server keeps writing', async () => {
      open();
      const streamId = `practice-${randomUUID()}`;
      for (let n = 0; n < 50; n++) await store.appendToStream(streamId, [anEvent('UsageIncremented', { n })]);

      const script = fileURLToPath(new URL('./testing/read-only-reader.ts', import.meta.url));
      const child = spawn(
        process.execPath,
        ['--conditions=source', '--import', 'tsx', script, file, streamId, '80'],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      onTestFinished(() => void child.kill());
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const opened = new Promise<number>((resolve) =>
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          const match = /^opened (\d+)\n/.exec(stdout);
          if (match) resolve(Number(match[1]));
        }),
      );
      const exited = new Promise<number | null>((resolve) => child.on('close', resolve));

      // The child is open before the next events exist, so it can only finish by reading them.
      expect(await Promise.race([opened, exited.then(() => `exited: ${stderr}`)])).toBe(50);
      for (let n = 50; n < 100; n++) {
        await store.appendToStream(streamId, [anEvent('UsageIncremented', { n })]);
        await pause(2);
      }
      expect({ code: await exited, stderr }).toEqual({ code: 0, stderr: '' });

      const read = JSON.parse(stdout.slice(stdout.indexOf('\n') + 1)) as {
        events: RecordedEvent[];
        positions: number[];
      };
      const written = await store.readStream(streamId);
      expect(read.events.length).toBeGreaterThanOrEqual(80);
      expect(read.events).toEqual(
        written.slice(0, read.events.length).map(({ id, revision, data }) => ({ id, revision, data })),
      );
      expect(read.positions).toEqual([...read.positions].sort((a, b) => a - b));
      expect(new Set(read.positions).size).toBe(read.positions.length);
    });

    it('a read-only store follows the writer through its subscription and refuses to write', async () => {
      open();
      const reader = openSqliteEventStore({ file, readonly: true });
      others.push(reader);
      const { position } = await store.appendToStream('customer-earlier', [anEvent('CustomerRegistered')]);

      const subscription = reader.subscribeToAll({ after: position });
      const received: RecordedEvent[] = [];
      const consuming = (async () => {
        for await (const event of subscription) {
          received.push(event);
          if (received.length === 3) break;
        }
      })();
      await store.appendToStream('practice-a', [anEvent('A'), anEvent('B')]);
      await pause(60);
      await store.appendToStream('practice-b', [anEvent('C')]);
      await consuming;

      expect(received.map((event) => event.type)).toEqual(['A', 'B', 'C']);
      await expect(reader.appendToStream('practice-a', [anEvent('D')])).rejects.toThrow(/read-only/);
      await expect(reader.deleteStream('practice-a')).rejects.toThrow(/read-only/);
    });
  });

  describe('streamMark (a cache may skip reading a stream whose mark has not moved)', () => {
    it('stays while the stream is not written, and moves with every write to it through this store', async () => {
      open();
      const stream = 'customer-marked';
      const marks = [store.streamMark(stream)];
      await store.appendToStream(stream, [anEvent('CustomerRegistered')]);
      marks.push(store.streamMark(stream));
      await store.readStream(stream);
      await store.readAll();
      marks.push(store.streamMark(stream));
      await store.deleteStream(stream);
      marks.push(store.streamMark(stream));
      await store.tombstoneStream(stream);
      marks.push(store.streamMark(stream));
      expect(marks[1]).not.toBe(marks[0]);
      expect(marks[2]).toBe(marks[1]);
      expect(marks[3]).not.toBe(marks[2]);
      expect(marks[4]).not.toBe(marks[3]);
    });

    it("stays when another stream is written through this store (a cache stays warm under others' writes)", async () => {
      open();
      const before = store.streamMark('customer-quiet');
      for (const other of ['customer-busy', 'practice-busy', 'reservation-busy'])
        await store.appendToStream(other, [anEvent('Written')]);
      expect(store.streamMark('customer-quiet')).toBe(before);
    });

    it("taken inside an append's transaction, is the mark after it commits (a state kept with it is exact)", async () => {
      open();
      const stream = 'practice-appended';
      let inside: string | undefined;
      await store.appendToStream(stream, [anEvent('UsageIncremented')], {
        inTransaction: () => (inside = store.streamMark(stream)),
      });
      expect(inside).toBeDefined();
      expect(store.streamMark(stream)).toBe(inside);
    });

    it("moves when another connection writes the stream, not when it writes others (a cluster's workers)", async () => {
      open();
      await store.appendToStream('customer-watched', [anEvent('CustomerRegistered')]);
      const before = store.streamMark('customer-watched');
      const other = openSqliteEventStore({ file });
      others.push(other);
      await other.appendToStream('practice-elsewhere', [anEvent('Written')]);
      expect(store.streamMark('customer-watched')).toBe(before);
      await other.appendToStream('customer-watched', [anEvent('PasswordChanged')]);
      const appended = store.streamMark('customer-watched');
      expect(appended).not.toBe(before);
      await other.deleteStream('customer-watched');
      expect(store.streamMark('customer-watched')).not.toBe(appended);
    });

    it('differs for a stream deleted and written again up to the same revision', async () => {
      open();
      await store.appendToStream('reservation-reused', [anEvent('EmailReserved')]);
      const first = store.streamMark('reservation-reused');
      await store.deleteStream('reservation-reused');
      await store.appendToStream('reservation-reused', [anEvent('EmailReserved')]);
      expect((await store.readStream('reservation-reused')).map((event) => event.revision)).toEqual([0]);
      expect(store.streamMark('reservation-reused')).not.toBe(first);
    });
  });

  describe('the file', () => {
    it('keeps everything when reopened, also read-only after the writer closed', async () => {
      open();
      await store.appendToStream('customer-1', [anEvent('CustomerRegistered', { n: 1 })]);
      await store.appendToStream('practice-1', [anEvent('SkillsSelfRated', { n: 2 })]);
      const written = await store.readAll();
      const stats = await store.stats();
      await store.close();

      const reader = openSqliteEventStore({ file, readonly: true });
      others.push(reader);
      expect(await reader.readAll()).toEqual(written);
      expect(await reader.stats()).toEqual(stats);

      store = openSqliteEventStore({ file });
      expect(await store.readAll()).toEqual(written);
      expect(store.database.prepare('SELECT version FROM event_store_schema').pluck().all()).toEqual([3]);
    });
  });
});
