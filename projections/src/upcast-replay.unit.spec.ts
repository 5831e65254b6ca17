import { describe, expect, it } from 'vitest';
import {
  practiceEventSchemaVersions,
  type LessonEvaluatedV1,
  type PracticeEvent,
  type RecordedEvent,
  type TimingScoredV1,
} from '@stickwork/domain';
import { ALL_PROJECTIONS } from './all-projections.js';
import { foldProjection } from './fold.js';
import {
  lessonHistoryEntries,
  lessonHistoryModelsIn,
  lessonHistoryProjection,
} from './lesson-history-projection.js';

const at = (minutes: number) => new Date(Date.parse('2026-03-01T08:00:00Z') + minutes * 60_000).toISOString();

const take = (lessonId: number, minutes: number, accuracy: number): TimingScoredV1 => ({
  lessonId,
  input: 'midi',
  bpm: 84,
  expected: 16,
  hits: 16,
  missed: 0,
  extra: 0,
  meanOffsetMs: 9,
  spreadMs: 6,
  accuracy,
  focus: 'timing',
  scoredAt: at(minutes),
  day: at(minutes).slice(0, 10),
});

const evaluation = (lessonId: number, minutes: number): LessonEvaluatedV1 => ({
  lessonId,
  focus: 'timing',
  type: 'exercise',
  ratingDifficulty: 'hard',
  skipped: false,
  level: 'beginner',
  progressAfter: 7,
  evaluatedAt: at(minutes),
});

/** A customer's practice as a store written before plays had ids holds it (schema version 1). */
const oldShapes: [PracticeEvent['type'], unknown][] = [
  ['SkillsSelfRated', { ratings: [{ skill: 'timing', level: 'beginner' }] }],
  ['TimingScored', take(42, 0, 72)],
  ['TimingScored', take(42, 4, 91)],
  ['LessonEvaluated', evaluation(42, 6)],
  ['UsageIncremented', { usageType: 'lesson', day: '2026-03-01' }],
  ['TimingScored', take(7, 10, 64)],
  ['LessonEvaluated', evaluation(42, 60 * 24)],
];

const store = (events: [string, unknown, number][]): RecordedEvent[] =>
  events.map(([type, data, schemaVersion], position) => ({
    id: `e${position}`,
    streamId: 'practice-ann',
    type,
    data,
    metadata: { schemaVersion, time: at(position) },
    revision: position,
    position: position + 1,
  }));

describe('A store written with the old shapes', () => {
  const old = store(oldShapes.map(([type, data]) => [type, data, 1]));
  // The same facts written today: at the current versions (each fitting its schema), with no play and no
  // figures per position.
  const current = store(
    oldShapes.map(([type, data]) => [
      type,
      type === 'TimingScored'
        ? { ...(data as object), playId: null, byPosition: [] }
        : type === 'LessonEvaluated'
          ? // Credited as version 2 was: earned, its time unknown, mastery as its box said.
            { ...(data as object), playId: null, practisedMs: null, earned: true, masteryShown: false }
          : data,
      practiceEventSchemaVersions[type],
    ]),
  );

  it('replays into the read models the current shapes give, in every projection', () => {
    for (const projection of ALL_PROJECTIONS)
      expect([...foldProjection(projection, old)], projection.name).toEqual([
        ...foldProjection(projection, current),
      ]);
  });

  it('keeps its lesson history as it was: takes joined to the evaluation that followed them', () => {
    const entries = lessonHistoryEntries(
      lessonHistoryModelsIn(foldProjection(lessonHistoryProjection, old), 'ann'),
    );
    expect(
      entries.map(({ lessonId, takes, rating, best }) => [lessonId, takes, rating, best?.accuracy ?? null]),
    ).toEqual([
      [42, 0, 'hard', null],
      [7, 1, null, 64],
      [42, 2, 'hard', 91],
    ]);
    expect(entries.every((entry) => !('playId' in entry))).toBe(true);
  });
});
