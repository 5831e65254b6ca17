import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LessonEvaluationSummary } from './lesson-rest.js';
import { withRating, withTake, type LessonTakeHistory } from './take-history.js';
import { DIFFICULTY_RATINGS } from '../rules/difficulty-ratings.js';
import { PLAYED_POORLY, suggestedRating } from '../timing/score-take.js';
import {
  FAILS_THAT_CAP,
  judgePlay,
  lessonTempoRange,
  playVerdictSentence,
  planTempo,
  tempoPlanSentence,
  tempoStep,
} from './tempo-plan.js';

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

  it('is never lowered by a take of 90 % or more: a step up, unless a tempo failed twice caps it, and never under the tempo played well (property)', () => {
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
          expect(plan.startBpm).toBeGreaterThanOrEqual(Math.min(range.max, bpm));
          // A tempo failed twice in the play caps the next start a step below it (the rule's own test).
          const failedTwice = takes.some(
            ([failed]) =>
              takes.filter(([other, accuracy]) => other === failed && accuracy < PLAYED_POORLY).length >=
              FAILS_THAT_CAP,
          );
          if (!failedTwice)
            expect(plan.startBpm).toBeGreaterThanOrEqual(Math.min(range.max, bpm + tempoStep(bpm)));
        },
      ),
    );
  });

  it('is capped a step below a tempo failed twice, even after a take of 90 % or more', () => {
    // start 121 (range 73-182), two takes at 138 under 70 %, then 90 % at 128: 134 allowed, 138 capped.
    const plan = planTempo(
      { lesson_id: 1, start_bpm: 121 },
      played([138, 0], [138, 0], [128, 90]),
      undefined,
      now,
    );
    expect(plan.startBpm).toBe(138 - tempoStep(138));
    expect(plan.startBpm).toBeLessThan(128 + tempoStep(128));
    expect(plan.startBpm).toBeGreaterThanOrEqual(128);
  });
});

describe('The rule of a play (judgePlay)', () => {
  it('lets a tempo failed twice in the play cap the next start, and says so', () => {
    // 92 % at 84 allows 88, but 88 failed twice in the same play: the next start stays at 84.
    const plan = planTempo(lesson, played([84, 92], [88, 50], [88, 55]), undefined, now);
    expect(plan).toMatchObject({ startBpm: 84, basis: { bpm: 84, accuracy: 92, failedBpm: 88 } });
    expect(tempoPlanSentence(plan)).toBe('Last time 92 % at 84 bpm, 88 bpm failed twice, today 84 bpm');
    // Failed once is not a cap; a fair take at the failed tempo (or faster) lifts it.
    expect(planTempo(lesson, played([84, 92], [88, 50]), undefined, now).startBpm).toBe(88);
    expect(planTempo(lesson, played([84, 92], [88, 50], [88, 55], [88, 75]), undefined, now)).toMatchObject({
      startBpm: 88,
      basis: { bpm: 84, accuracy: 92 },
    });
    expect(
      planTempo(lesson, played([84, 92], [88, 50], [88, 55], [88, 75]), undefined, now).basis,
    ).not.toHaveProperty('failedBpm');
    expect(planTempo(lesson, played([84, 92], [88, 50], [88, 55], [92, 80]), undefined, now).startBpm).toBe(
      92,
    );
    // A cap a step below the failed tempo, never below the judged one: 100 failed twice, 92 % at 90.
    expect(
      judgePlay([
        { bpm: 90, accuracy: 92 },
        { bpm: 100, accuracy: 40 },
        { bpm: 100, accuracy: 60 },
      ]),
    ).toEqual({
      judged: { bpm: 90, accuracy: 92 },
      nextBpm: 94,
      failedBpm: null,
      rating: 'easy',
    });
  });

  it('rates the play by where its next start goes, whatever the order of its takes (property)', () => {
    const marks = fc.array(
      fc.record({
        bpm: fc.integer({ min: 30, max: 250 }),
        accuracy: fc.integer({ min: 0, max: 1000 }).map((p) => p / 10),
      }),
      { minLength: 1, maxLength: 12 },
    );
    fc.assert(
      fc.property(marks, fc.func(fc.integer()), (takes, order) => {
        const verdict = judgePlay(takes);
        if (!verdict) throw new Error('a verdict for takes');
        const shuffled = [...takes].sort((a, b) => order(a) - order(b) || 0);
        expect(judgePlay(shuffled)?.nextBpm).toBe(verdict.nextBpm);
        expect(judgePlay(shuffled)?.rating).toBe(verdict.rating);
        // Up: easy (1), the same: challenging (2), back: hard (3).
        const goes = 2 - Math.sign(verdict.nextBpm - verdict.judged.bpm);
        expect(DIFFICULTY_RATINGS.indexOf(verdict.rating)).toBe(goes);
        // Uncapped, the rating is the judged take's own (90 %: easy, 70 %: challenging, else hard).
        if (verdict.failedBpm === null) expect(verdict.rating).toBe(suggestedRating(verdict.judged.accuracy));
        // Never a start at a tempo failed twice that no fair take reached.
        for (const { bpm } of takes) {
          const failed = takes.filter((take) => take.bpm === bpm && take.accuracy < 70).length >= 2;
          const reached = takes.some((take) => take.bpm >= bpm && take.accuracy >= 70);
          if (failed && !reached && bpm > verdict.judged.bpm) expect(verdict.nextBpm).toBeLessThan(bpm);
        }
      }),
    );
  });

  it("says on the card's back which take set the slider, and a cap", () => {
    const one = judgePlay([{ bpm: 84, accuracy: 95 }])!;
    expect(playVerdictSentence(one, 1)).toBe(
      'Your last full take scored 95 % on timing, so the slider starts at easy: move it if it felt different.',
    );
    const capped = judgePlay([
      { bpm: 84, accuracy: 92 },
      { bpm: 88, accuracy: 50 },
      { bpm: 88, accuracy: 55 },
    ])!;
    expect(playVerdictSentence(capped, 3)).toBe(
      'Of your 3 full takes, 92 % at 84 bpm sets the next tempo (88 bpm failed twice), so the slider starts at challenging: move it if it felt different.',
    );
  });

  it('is null without takes', () => {
    expect(judgePlay([])).toBeNull();
  });
});
