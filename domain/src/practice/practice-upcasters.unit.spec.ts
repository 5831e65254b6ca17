import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../event-store/event-store.js';
import { practiceDecider } from './practice-decider.js';
import { practiceEventSchemaVersions, type PracticeEvent } from './practice-events.js';
import type { LessonEvaluatedV1, TimingScoredV1 } from './practice-upcasters.js';
import { foldEvents, toDomainEvents } from '../decider/decider.js';

const recorded = (type: string, data: unknown, schemaVersion: number, revision = 0): RecordedEvent => ({
  id: `e${revision}`,
  streamId: 'practice-ann',
  type,
  data,
  metadata: { schemaVersion, time: '2026-05-01T10:00:00.000Z' },
  revision,
  position: revision + 1,
});

const evaluatedV1 = (lessonId: number, evaluatedAt: string): LessonEvaluatedV1 => ({
  lessonId,
  focus: 'timing',
  type: 'exercise',
  ratingDifficulty: 'too_hard',
  skipped: false,
  level: 'beginner',
  progressAfter: 5,
  evaluatedAt,
});

const takeV1 = (lessonId: number, scoredAt: string, accuracy: number): TimingScoredV1 => ({
  lessonId,
  input: 'midi',
  bpm: 84,
  expected: 32,
  hits: 30,
  missed: 2,
  extra: 1,
  meanOffsetMs: 7,
  spreadMs: 11,
  accuracy,
  focus: 'timing',
  scoredAt,
  day: scoredAt.slice(0, 10),
});

describe('Practice events of schema version 1', () => {
  it('read as the current version: no play, no figures per position; the stored data is untouched', () => {
    const evaluated = evaluatedV1(7, '2026-05-01T10:05:00.000Z');
    const take = takeV1(7, '2026-05-01T10:00:00.000Z', 91);
    const stored = [recorded('TimingScored', take, 1, 0), recorded('LessonEvaluated', evaluated, 1, 1)];
    expect(toDomainEvents<PracticeEvent>(stored, practiceEventSchemaVersions)).toEqual([
      { type: 'TimingScored', data: { ...take, playId: null, byPosition: [] } },
      {
        type: 'LessonEvaluated',
        data: { ...evaluated, playId: null, practisedMs: null, earned: true, masteryShown: false },
      },
    ]);
    expect(stored[0]?.data).toEqual(take);
  });

  it('fold to the state the same events give in the current shape (property)', () => {
    const minute = fc
      .integer({ min: 0, max: 60 * 24 * 60 })
      .map((m) => new Date(Date.UTC(2026, 0, 1) + m * 60_000).toISOString());
    const oldEvent = fc.oneof(
      fc.record({ lessonId: fc.integer({ min: 1, max: 5 }), at: minute }).map(({ lessonId, at }) => ({
        type: 'LessonEvaluated' as const,
        v1: evaluatedV1(lessonId, at),
        v2: {
          ...evaluatedV1(lessonId, at),
          playId: null,
          practisedMs: null,
          earned: true,
          masteryShown: false,
        },
      })),
      fc
        .record({
          lessonId: fc.integer({ min: 1, max: 5 }),
          at: minute,
          accuracy: fc.integer({ min: 0, max: 100 }),
        })
        .map(({ lessonId, at, accuracy }) => ({
          type: 'TimingScored' as const,
          v1: takeV1(lessonId, at, accuracy),
          v2: { ...takeV1(lessonId, at, accuracy), playId: null, byPosition: [] },
        })),
    );
    fc.assert(
      fc.property(fc.array(oldEvent, { maxLength: 40 }), (events) => {
        const upcast = toDomainEvents<PracticeEvent>(
          events.map((event, i) => recorded(event.type, event.v1, 1, i)),
          practiceEventSchemaVersions,
        );
        const current = events.map((event) => ({ type: event.type, data: event.v2 }) as PracticeEvent);
        expect(upcast).toEqual(current);
        expect(foldEvents(practiceDecider, upcast)).toEqual(foldEvents(practiceDecider, current));
      }),
    );
  });
});

describe('LessonEvaluated of schema version 2 (before the practice clock)', () => {
  it('reads as credited as it was sent: earned, a mastered box taken as mastery, its time unknown', () => {
    const evaluated = { ...evaluatedV1(7, '2026-05-01T10:05:00.000Z'), playId: 'p1', skipped: true };
    const [event] = toDomainEvents<PracticeEvent>(
      [recorded('LessonEvaluated', evaluated, 2)],
      practiceEventSchemaVersions,
    );
    expect(event).toEqual({
      type: 'LessonEvaluated',
      data: { ...evaluated, practisedMs: null, earned: true, masteryShown: true },
    });
    // Its time is unknown, so no practice activity can claim it.
    expect(foldEvents(practiceDecider, event ? [event] : []).clock).toEqual({
      shownAt: evaluated.evaluatedAt,
      unrecordedMs: 0,
      unrecordedLessons: 0,
    });
  });
});
