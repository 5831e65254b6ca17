import { describe, expect, it } from 'vitest';
import { getCatalogue, type RecordedEvent } from '@stickwork/domain';
import { takeFigures } from '@stickwork/domain/testing';
import { toHistoryEntry, withTempoChanges } from './customer-history.js';
import { createTempoChangeTracker } from './tempo-changes.js';

const lesson = getCatalogue().find((exercise) => exercise.focus === 'timing')!;
const other = getCatalogue().find((exercise) => exercise.focus === 'timing' && exercise !== lesson)!;

let position = 0;
const recorded = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({
    position: ++position,
    streamId: 'practice-c1',
    revision: position,
    type,
    data,
    metadata: { schemaVersion: 2, time: '2026-05-04T18:00:00.000Z' },
  }) as RecordedEvent;

const take = (bpm: number, playId: string | null, lessonId = lesson.lesson_id) =>
  recorded('TimingScored', {
    ...takeFigures({ lessonId, bpm, meanOffsetMs: 15, spreadMs: 2, accuracy: 92 }),
    focus: 'timing',
    playId,
  });
const evaluated = (playId: string | null, lessonId = lesson.lesson_id) =>
  recorded('LessonEvaluated', {
    lessonId,
    focus: 'timing',
    ratingDifficulty: 'easy',
    skipped: false,
    playId,
  });

describe('tempo changes in the history', () => {
  it('show the start tempo moving from one play of a lesson to the next, not the steps inside a play', () => {
    const changeOf = createTempoChangeTracker();
    const changes = [
      take(84, 'play-one'),
      take(86, 'play-one'), // the speed trainer's step inside the play
      evaluated('play-one'),
      take(88, 'play-two'), // the plan moved the start a step up
      take(80, 'play-x', other.lesson_id), // another lesson's first play: nothing to compare
      evaluated('play-two'),
      take(88, 'play-three'), // kept
    ].map(changeOf);
    expect(changes).toEqual([
      undefined,
      undefined,
      undefined,
      { fromBpm: 84, toBpm: 88 },
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('tell the plays of takes recorded before play ids by their evaluation', () => {
    const changeOf = createTempoChangeTracker();
    expect([take(84, null), take(84, null), evaluated(null), take(80, null)].map(changeOf)).toEqual([
      undefined,
      undefined,
      undefined,
      { fromBpm: 84, toBpm: 80 },
    ]);
  });

  it('read on the take line and carry a field in --json, also when the previous play is filtered out', () => {
    const events = [take(84, 'play-one'), evaluated('play-one'), take(88, 'play-two')];
    const shown = withTempoChanges(events).filter(({ event }) => event.position === events[2]!.position);
    const [entry] = shown.map(({ event, tempoChange }) => toHistoryEntry(event, 'UTC', false, tempoChange));
    expect(entry!.summary).toMatch(/ at 88 bpm on midi: .*, tempo 84 → 88 bpm$/);
    expect(entry!.tempoChange).toEqual({ fromBpm: 84, toBpm: 88 });
    expect(toHistoryEntry(events[0]!, 'UTC', false)).not.toHaveProperty('tempoChange');
  });
});
