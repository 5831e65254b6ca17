import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LessonEvaluationSummary } from './lesson-rest.js';
import { withRating, withTake, type LessonTakeHistory } from './take-history.js';
import { lessonTempoRange, planTempo, tempoPlanSentence, tempoStep } from './tempo-plan.js';

const lesson = { lesson_id: 42, start_bpm: 80 };
const now = new Date('2026-05-10T09:00:00.000Z');
const at = (minutes: number) => new Date(now.getTime() - 86_400_000 + minutes * 60_000).toISOString();

const played = (...takes: [bpm: number, accuracy: number][]): LessonTakeHistory | undefined =>
  takes.reduce<LessonTakeHistory | undefined>(
    (history, [bpm, accuracy], i) => withTake(history, { bpm, accuracy, playId: 'p1', at: at(i) }),
    undefined,
  );
const rated = (lastRating: LessonEvaluationSummary['lastRating'], daysAgo = 1): LessonEvaluationSummary => ({
  lastRating,
  lastEvaluatedAt: new Date(now.getTime() - daysAgo * 86_400_000).toISOString(),
  count: 1,
});

describe('The tempo plan', () => {
  it('moves a take of 90 % or more at T to T + one step, and says so', () => {
    const plan = planTempo(lesson, played([84, 92]), undefined, now);
    expect(plan).toEqual({
      lessonId: 42,
      startBpm: 88,
      targetBpm: 92,
      basis: { kind: 'takes', bpm: 84, accuracy: 92, takes: 1, ratedTooHard: false },
    });
    expect(tempoPlanSentence(plan)).toBe('Last time 92 % at 84 bpm, today 88 bpm');
  });

  it('keeps T at 70-90 %, steps back below 70 %, judging the fastest tempo played well or fairly', () => {
    expect(planTempo(lesson, played([84, 80]), undefined, now).startBpm).toBe(84);
    expect(planTempo(lesson, played([84, 55]), undefined, now).startBpm).toBe(80);
    expect(planTempo(lesson, played([84, 92], [88, 75]), undefined, now).startBpm).toBe(88);
    expect(planTempo(lesson, played([84, 50], [76, 60]), undefined, now).startBpm).toBe(73);
    // The speed trainer went from 80 (well) over 88 (fair) to 96 (lost): 88 is the fastest supported.
    expect(planTempo(lesson, played([80, 95], [88, 75], [96, 40]), undefined, now)).toMatchObject({
      startBpm: 88,
      basis: { bpm: 88, accuracy: 75 },
    });
  });

  it('lowers the tempo when the play was rated too hard, whatever its takes', () => {
    const history = withRating(played([84, 92]), 'p1');
    const plan = planTempo(lesson, history, rated('too_hard'), now);
    expect(plan.startBpm).toBe(71);
    expect(tempoPlanSentence(plan)).toBe('Last time 92 % at 84 bpm, rated too hard, today 71 bpm');
  });

  it('without takes follows the self-ratings: too hard returns slower, otherwise the catalogue tempo', () => {
    expect(planTempo(lesson, undefined, rated('too_hard', 4), now)).toMatchObject({
      startBpm: 68,
      basis: { kind: 'rating', rating: 'too_hard' },
    });
    const plan = planTempo(lesson, undefined, rated('easy'), now);
    expect(plan).toEqual({ lessonId: 42, startBpm: 80, targetBpm: 96, basis: { kind: 'catalogue' } });
    expect(tempoPlanSentence(plan)).toBeNull();
  });

  it('aims the speed trainer at the best tempo ever played well plus a step', () => {
    const history = [withTake(undefined, { bpm: 100, accuracy: 95, playId: 'p0', at: at(0) })].map((first) =>
      withTake(first, { bpm: 84, accuracy: 60, playId: 'p1', at: at(60) }),
    )[0];
    expect(planTempo(lesson, history, undefined, now)).toMatchObject({ startBpm: 80, targetBpm: 105 });
  });

  const startBpm = fc.integer({ min: 30, max: 250 });
  const take = fc.tuple(
    fc.integer({ min: 30, max: 250 }),
    fc.integer({ min: 0, max: 1000 }).map((p) => p / 10),
  );
  const rating = fc.option(fc.constantFrom('too_easy', 'easy', 'challenging', 'hard', 'too_hard' as const), {
    nil: undefined,
  });

  it('never leaves the lesson range (property)', () => {
    fc.assert(
      fc.property(
        startBpm,
        fc.array(take, { maxLength: 6 }),
        rating,
        fc.boolean(),
        (start, takes, last, closed) => {
          const history = played(...takes);
          const plan = planTempo(
            { lesson_id: 1, start_bpm: start },
            closed ? withRating(history, 'p1') : history,
            last ? rated(last) : undefined,
            now,
          );
          const range = lessonTempoRange(start);
          expect(plan.startBpm).toBeGreaterThanOrEqual(Math.min(range.min, start));
          expect(plan.startBpm).toBeLessThanOrEqual(Math.max(range.max, start));
          expect(plan.targetBpm).toBeGreaterThanOrEqual(plan.startBpm);
          expect(plan.targetBpm).toBeLessThanOrEqual(250);
          if (takes.length > 0) expect(plan.startBpm).toBeGreaterThanOrEqual(range.min);
          if (takes.length > 0) expect(plan.startBpm).toBeLessThanOrEqual(range.max);
        },
      ),
    );
  });

  it('is never lowered by a take of 90 % or more (property)', () => {
    fc.assert(
      fc.property(
        startBpm,
        fc.array(take, { maxLength: 5 }),
        fc.integer({ min: 900, max: 1000 }),
        (start, takes, permille) => {
          const range = lessonTempoRange(start);
          const bpm = Math.round((range.min + range.max) / 2);
          const plan = planTempo(
            { lesson_id: 1, start_bpm: start },
            played(...takes, [bpm, permille / 10]),
            undefined,
            now,
          );
          expect(plan.startBpm).toBeGreaterThanOrEqual(Math.min(range.max, bpm + tempoStep(bpm)));
        },
      ),
    );
  });
});
