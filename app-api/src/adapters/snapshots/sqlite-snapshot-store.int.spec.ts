import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSnapshots,
  foldEvents,
  loadStreamState,
  practiceDecider,
  practiceEventSchemaVersions,
  practiceStateCodec,
  type PracticeEvent,
} from '@stickwork/domain';
import { openSqliteEventStore } from '../event-store/sqlite-event-store.js';
import { createSqliteSnapshotStore } from './sqlite-snapshot-store.js';

const dirs: string[] = [];
const tempFile = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickwork-snap-'));
  dirs.push(dir);
  return path.join(dir, 'stickwork.sqlite');
};
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const evaluated = (i: number): PracticeEvent => ({
  type: 'LessonEvaluated',
  data: {
    lessonId: 700_000 + (i % 37),
    playId: null,
    focus: 'timing',
    type: 'exercise',
    ratingDifficulty: i % 2 ? 'easy' : 'hard',
    skipped: false,
    level: 'beginner',
    progressAfter: i % 100,
    practisedMs: null,
    earned: true,
    masteryShown: false,
    evaluatedAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  },
});
const counted = (i: number): PracticeEvent => ({
  type: 'UsageIncremented',
  data: { usageType: 'lesson', day: `2026-02-${String((i % 28) + 1).padStart(2, '0')}` },
});
const meta = (event: PracticeEvent) => ({
  ...event,
  metadata: { schemaVersion: practiceEventSchemaVersions[event.type], time: '2026-03-01T00:00:00.000Z' },
});

describe('practice snapshots in the SQLite file', () => {
  it('are written every 50 events, survive a restart, and give the state of the full fold', async () => {
    const file = tempFile();
    const history = Array.from({ length: 130 }, (_, i) => (i % 3 ? evaluated(i) : counted(i)));
    let store = openSqliteEventStore({ file });
    await store.appendToStream('practice-a', history.slice(0, 120).map(meta));
    const first = createSnapshots(practiceStateCodec, createSqliteSnapshotStore(store.database));
    await loadStreamState(store, 'practice-a', practiceDecider, practiceEventSchemaVersions, first);
    const row = store.database
      .prepare('SELECT revision FROM stream_snapshots WHERE stream_id = ?')
      .get('practice-a');
    expect(row).toEqual({ revision: 119 });
    await store.close();

    store = openSqliteEventStore({ file });
    await store.appendToStream('practice-a', history.slice(120).map(meta));
    const afterRestart = createSnapshots(practiceStateCodec, createSqliteSnapshotStore(store.database));
    const loaded = await loadStreamState(
      store,
      'practice-a',
      practiceDecider,
      practiceEventSchemaVersions,
      afterRestart,
    );
    expect(loaded).toEqual({ state: foldEvents(practiceDecider, history), revision: 129 });

    // Erased and started again: the stored snapshot no longer matches and is not used.
    await store.deleteStream('practice-a');
    await store.appendToStream('practice-a', [meta(evaluated(1))]);
    const fresh = createSnapshots(practiceStateCodec, createSqliteSnapshotStore(store.database));
    const restarted = await loadStreamState(
      store,
      'practice-a',
      practiceDecider,
      practiceEventSchemaVersions,
      fresh,
    );
    expect(restarted.state).toEqual(foldEvents(practiceDecider, [evaluated(1)]));
    await store.close();
  });

  it("are not saved once the stream's events are gone: a load from before an erasure leaves no row after it", async () => {
    const store = openSqliteEventStore({ file: tempFile() });
    const history = Array.from({ length: 60 }, (_, i) => meta(counted(i)));
    await store.appendToStream('practice-b', history);
    const snapshots = createSqliteSnapshotStore(store.database, { eventsInSameFile: true });
    const recorded = await store.readStream('practice-b');
    const lastEvent = recorded.at(-1)!;
    // The command read the stream, then the erasure tombstoned it, then the command saves.
    await store.tombstoneStream('practice-b');
    await snapshots.save({
      streamId: 'practice-b',
      revision: lastEvent.revision,
      lastEventId: lastEvent.id,
      schemaVersion: 1,
      state: {},
    });
    const rows = () => store.database.prepare('SELECT stream_id FROM stream_snapshots').pluck().all();
    expect(rows()).toEqual([]);
    // While its last event is there, a snapshot is saved as ever.
    const kept = await store.appendToStream('practice-c', history);
    const [keptLast] = await store.readStream('practice-c', { fromRevision: kept.nextExpectedRevision });
    await snapshots.save({
      streamId: 'practice-c',
      revision: keptLast!.revision,
      lastEventId: keptLast!.id,
      schemaVersion: 1,
      state: {},
    });
    expect(rows()).toEqual(['practice-c']);
    await store.close();
  });
});
