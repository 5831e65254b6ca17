import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MIN_FULL_TAKE_NOTES,
  practiceEventSchemaVersions,
  type LessonEvaluated,
  type PracticeEvent,
  type RecordedEvent,
  type TimingScored,
} from '@stickwork/domain';
import { foldProjection } from './fold.js';
import {
  LESSON_HISTORY_MAX_ENTRIES,
  LESSON_PLAYS_KEPT,
  lessonHistoryModelsIn,
  lessonHistoryEntries,
  lessonHistoryProjection,
  type LessonHistoryModel,
} from './lesson-history-projection.js';

const START = Date.parse('2026-03-01T08:00:00Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(START + minutes * MINUTE).toISOString();

const take = (lessonId: number, minutes: number, accuracy: number, bpm = 100): TimingScored => ({
  type: 'TimingScored',
  data: {
    lessonId,
    playId: null,
    input: 'midi',
    bpm,
    expected: 16,
    hits: 16,
    missed: 0,
    extra: 0,
    meanOffsetMs: 12,
    spreadMs: 5,
    accuracy,
    byPosition: [],
    focus: 'timing',
    scoredAt: at(minutes),
    day: at(minutes).slice(0, 10),
  },
});

const evaluated = (lessonId: number, minutes: number, skipped = false): LessonEvaluated => ({
  type: 'LessonEvaluated',
  data: {
    lessonId,
    playId: null,
    focus: lessonId === 1 ? 'warm_up' : 'timing',
    type: lessonId === 1 ? 'warm_up' : 'exercise',
    ratingDifficulty: skipped ? 'too_easy' : 'challenging',
    skipped,
    level: null,
    practisedMs: null,
    earned: true,
    masteryShown: false,
    evaluatedAt: at(minutes),
  },
});

/** The event as the card records it: in the play `playId`. */
const inPlay = <Event extends PracticeEvent>(event: Event, playId: string): Event =>
  ({ ...event, data: { ...event.data, playId } }) as Event;

/** The events as the log holds them, on customer streams (`ann` unless told). */
const log = (...events: (PracticeEvent | { customer: string; event: PracticeEvent })[]): RecordedEvent[] =>
  events.map((entry, position) => {
    const { customer, event } = 'customer' in entry ? entry : { customer: 'ann', event: entry };
    return {
      id: `e${position}`,
      streamId: `practice-${customer}`,
      type: event.type,
      data: event.data,
      // The events are in the current shape (with plays): at the current version, not upcast.
      metadata: { schemaVersion: practiceEventSchemaVersions[event.type], time: at(position) },
      revision: position,
      position,
    };
  });

/** The customer's history as the page reads it: their lessons' models merged, newest first. */
const historyOf = (events: RecordedEvent[], customer = 'ann'): LessonHistoryModel | undefined => {
  const models = lessonHistoryModelsIn(foldProjection(lessonHistoryProjection, events), customer);
  return models.length === 0 ? undefined : { entries: lessonHistoryEntries(models) };
};

describe('lesson history', () => {
  it('makes one entry of the takes and the evaluation of a lesson, with the best take and the rating', () => {
    const model = historyOf(
      log(take(42, 0, 71.5, 90), take(42, 5, 88, 96), take(42, 9, 80), evaluated(42, 12)),
    );
    expect(model?.entries).toEqual([
      {
        lessonId: 42,
        focus: 'timing',
        playedAt: at(12),
        rating: 'challenging',
        skipped: false,
        takes: 3,
        best: { input: 'midi', bpm: 96, accuracy: 88, meanOffsetMs: 12, spreadMs: 5 },
      },
    ]);
  });

  it('never makes a take shorter than a full one the best take, nor counts it (property)', () => {
    const short = (minutes: number, accuracy: number, expected: number): TimingScored => {
      const event = take(42, minutes, accuracy);
      return { ...event, data: { ...event.data, expected, hits: expected } };
    };
    // The case: a 2-stroke take at 100 % after a 64-note take at 92 %.
    expect(historyOf(log(short(0, 92, 64), short(1, 100, 2)))?.entries[0]).toMatchObject({
      takes: 1,
      best: { accuracy: 92 },
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            expected: fc.integer({ min: 1, max: 3 * MIN_FULL_TAKE_NOTES }),
            accuracy: fc.integer({ min: 0, max: 100 }),
          }),
          { maxLength: 10 },
        ),
        (takes) => {
          const full = takes.filter(({ expected }) => expected >= MIN_FULL_TAKE_NOTES);
          const entry = historyOf(
            log(...takes.map(({ accuracy, expected }, i) => short(i, accuracy, expected))),
          )?.entries[0];
          if (full.length === 0) expect(entry).toBeUndefined();
          else {
            expect(entry?.takes).toBe(full.length);
            expect(entry?.best?.accuracy).toBe(Math.max(...full.map(({ accuracy }) => accuracy)));
          }
        },
      ),
    );
  });

  it('lists lessons newest first, evaluated ones without takes too', () => {
    const model = historyOf(log(evaluated(1, 0), take(42, 10, 90), evaluated(7, 20), evaluated(42, 30)));
    expect(model?.entries.map((entry) => [entry.lessonId, entry.rating, entry.takes])).toEqual([
      [42, 'challenging', 1],
      [7, 'challenging', 0],
      [1, 'challenging', 0],
    ]);
    expect(model?.entries[2]).toMatchObject({ focus: 'warm_up', best: null });
  });

  it('joins the takes and the rating of one play by its id, whichever comes first', () => {
    const model = historyOf(
      log(
        inPlay(evaluated(42, 0), 'play-a'),
        inPlay(take(42, 1, 70), 'play-b'),
        inPlay(take(42, 2, 95), 'play-a'),
        inPlay(evaluated(42, 3), 'play-b'),
      ),
    );
    expect(
      model?.entries.map(({ playId, takes, rating, best }) => [playId, takes, rating, best?.accuracy]),
    ).toEqual([
      ['play-b', 1, 'challenging', 70],
      ['play-a', 1, 'challenging', 95],
    ]);
  });

  it('shows takes of a lesson not evaluated yet as unrated', () => {
    const model = historyOf(log(take(42, 0, 60)));
    expect(model?.entries).toMatchObject([{ lessonId: 42, rating: null, takes: 1 }]);
  });

  it('starts a new entry when a rated lesson is played again, or after a long pause', () => {
    const model = historyOf(
      log(
        take(42, 0, 60),
        evaluated(42, 5),
        take(42, 10, 70),
        take(42, 10 + 7 * 60, 75),
        evaluated(42, 10 + 7 * 60),
      ),
    );
    expect(model?.entries.map((entry) => [entry.rating, entry.takes, entry.best?.accuracy])).toEqual([
      ['challenging', 1, 75],
      [null, 1, 70],
      ['challenging', 1, 60],
    ]);
  });

  it('records a mastered lesson as too_easy, skipped', () => {
    expect(historyOf(log(evaluated(42, 0, true)))?.entries[0]).toMatchObject({
      rating: 'too_easy',
      skipped: true,
    });
  });

  it('keeps entries newest first and the best take the highest accuracy, for any order of plays', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            lessonId: fc.integer({ min: 2, max: 6 }),
            accuracy: fc.integer({ min: 0, max: 100 }),
            evaluate: fc.boolean(),
            minutesLater: fc.integer({ min: 0, max: 500 }),
          }),
          { maxLength: 40 },
        ),
        (plays) => {
          let minutes = 0;
          const events = plays.map(({ lessonId, accuracy, evaluate, minutesLater }) => {
            minutes += minutesLater;
            return evaluate ? evaluated(lessonId, minutes) : take(lessonId, minutes, accuracy);
          });
          const entries = historyOf(log(...events))?.entries ?? [];
          for (let i = 1; i < entries.length; i++)
            expect(Date.parse(entries[i - 1]!.playedAt)).toBeGreaterThanOrEqual(
              Date.parse(entries[i]!.playedAt),
            );
          const takes = events.filter((event) => event.type === 'TimingScored');
          expect(entries.reduce((sum, entry) => sum + entry.takes, 0)).toBe(takes.length);
          expect(entries.filter((entry) => entry.rating !== null)).toHaveLength(events.length - takes.length);
          const best = Math.max(-1, ...takes.map((event) => event.data.accuracy));
          expect(Math.max(-1, ...entries.map((entry) => entry.best?.accuracy ?? -1))).toBe(best);
        },
      ),
    );
  });

  it('keeps the newest entries only, up to its bound', () => {
    const events = Array.from({ length: LESSON_HISTORY_MAX_ENTRIES + 5 }, (_, i) => evaluated(2 + i, i));
    const entries = historyOf(log(...events))?.entries ?? [];
    expect(entries).toHaveLength(LESSON_HISTORY_MAX_ENTRIES);
    expect(entries[0]?.lessonId).toBe(2 + LESSON_HISTORY_MAX_ENTRIES + 4);
    expect(entries.at(-1)?.lessonId).toBe(2 + 5);
  });

  it("is erased with the practice history and with the customer, and keeps other customers' history", () => {
    const erasedHistory: PracticeEvent = { type: 'PracticeHistoryErased', data: { erasedAt: at(20) } };
    const events = log(
      take(42, 0, 80),
      { customer: 'ben', event: take(42, 1, 70) },
      evaluated(42, 10),
      erasedHistory,
    );
    expect(historyOf(events)).toBeUndefined();
    expect(historyOf(events, 'ben')?.entries).toHaveLength(1);
    expect(historyOf(log(take(42, 0, 80), erasedHistory, take(7, 30, 50)))?.entries).toMatchObject([
      { lessonId: 7 },
    ]);

    const customerErased: RecordedEvent = {
      id: 'x',
      streamId: 'erasure-ann',
      type: 'CustomerErased',
      data: { customerId: 'ann', erasedAt: at(40) },
      metadata: { schemaVersion: 1, time: at(40) },
      revision: 0,
      position: 99,
    };
    const models = foldProjection(lessonHistoryProjection, [
      ...log(take(42, 0, 80), evaluated(7, 5)),
      customerErased,
    ]);
    expect(lessonHistoryModelsIn(models, 'ann')).toEqual([]);
  });

  it('filters by skill', () => {
    const model = historyOf(log(evaluated(1, 0), take(42, 10, 90)));
    const models = model ? [model] : [];
    expect(lessonHistoryEntries(models, 'warm_up').map((entry) => entry.lessonId)).toEqual([1]);
    expect(lessonHistoryEntries(models, 'timing').map((entry) => entry.lessonId)).toEqual([42]);
    expect(lessonHistoryEntries(models).map((entry) => entry.lessonId)).toEqual([42, 1]);
    expect(lessonHistoryEntries([], 'timing')).toEqual([]);
  });

  it('keeps each play under a key of its own, so a take rewrites that play, not the lesson or the history', () => {
    const models = foldProjection(
      lessonHistoryProjection,
      log(
        inPlay(evaluated(1, 0), 'p1'),
        inPlay(take(42, 10, 90), 'p2'),
        inPlay(evaluated(42, 20), 'p2'),
        inPlay(take(42, 25, 80), 'p3'),
        inPlay(evaluated(7, 30), 'p4'),
      ),
    );
    expect([...models.keys()].sort()).toEqual(['ann/1/p1', 'ann/42/p2', 'ann/42/p3', 'ann/7/p4']);
    expect(models.get('ann/42/p2')?.entries).toMatchObject([
      { playId: 'p2', takes: 1, rating: 'challenging' },
    ]);
  });

  it('keeps the plays recorded without an id per lesson, where their takes find their rating', () => {
    const models = foldProjection(
      lessonHistoryProjection,
      log(evaluated(1, 0), take(42, 10, 90), evaluated(42, 20), inPlay(evaluated(42, 30), 'p1')),
    );
    expect([...models.keys()].sort()).toEqual(['ann/1', 'ann/42', 'ann/42/p1']);
    expect(models.get('ann/42')?.entries).toMatchObject([{ takes: 1, rating: 'challenging' }]);
  });

  it('keeps every named play of a lesson, however often it was played', () => {
    const plays = Array.from({ length: LESSON_PLAYS_KEPT + 3 }, (_, i) =>
      inPlay(evaluated(42, i * 60 * 24), `p${i}`),
    );
    expect(historyOf(log(...plays))?.entries).toHaveLength(LESSON_PLAYS_KEPT + 3);
  });

  it('keeps the latest plays of one lesson recorded without ids', () => {
    const plays = Array.from({ length: LESSON_PLAYS_KEPT + 3 }, (_, i) => evaluated(42, i * 60 * 24));
    const entries = historyOf(log(...plays))?.entries ?? [];
    expect(entries).toHaveLength(LESSON_PLAYS_KEPT);
    expect(entries[0]?.playedAt).toBe(at((LESSON_PLAYS_KEPT + 2) * 60 * 24));
    expect(entries.at(-1)?.playedAt).toBe(at(3 * 60 * 24));
  });
});
