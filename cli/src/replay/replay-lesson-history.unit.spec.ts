import { describe, expect, it } from 'vitest';
import {
  createInMemoryEventStore,
  getCatalogue,
  planTempo,
  practiceStreamId,
  tempoPlanSentence,
  withTake,
  type PracticeEvent,
} from '@stickwork/domain';
import { replayLines } from '../actions/replay.js';
import { draggingBassDrumTake } from '../testing/timing-takes.js';
import { replayCustomer } from './replay-customer.js';

const lesson = getCatalogue().find(
  (exercise) => exercise.focus === 'timing' && exercise.type === 'exercise',
)!;
const at = (time: string) => ({ schemaVersion: 1, time });

const events: { event: PracticeEvent; time: string }[] = [
  {
    time: '2026-05-04T22:30:00.000Z',
    event: {
      type: 'TimingScored',
      data: {
        lessonId: lesson.lesson_id,
        playId: null,
        input: 'microphone',
        bpm: 80,
        expected: 16,
        hits: 16,
        missed: 0,
        extra: 0,
        meanOffsetMs: 12,
        spreadMs: 4,
        accuracy: 93,
        byPosition: [],
        focus: 'timing',
        scoredAt: '2026-05-04T22:30:00.000Z',
        day: '2026-05-05',
      },
    },
  },
  {
    time: '2026-05-04T22:40:00.000Z',
    event: {
      type: 'LessonEvaluated',
      data: {
        lessonId: lesson.lesson_id,
        playId: null,
        focus: 'timing',
        type: 'exercise',
        ratingDifficulty: 'easy',
        skipped: false,
        level: 'beginner',
        practisedMs: null,
        earned: true,
        masteryShown: false,
        evaluatedAt: '2026-05-04T22:40:00.000Z',
      },
    },
  },
];

const storeWithHistory = async () => {
  const store = createInMemoryEventStore();
  for (const { event, time } of events)
    await store.appendToStream(practiceStreamId('ann'), [
      { type: event.type, data: event.data, metadata: at(time) },
    ]);
  return store;
};

describe('replay: the lesson history', () => {
  it('lists the lessons played in the replay zone, and a point in between shows the take not yet rated', async () => {
    const store = await storeWithHistory();
    const now = new Date('2026-05-05T08:00:00.000Z');
    const report = await replayCustomer(store, 'ann', { timeZone: 'Asia/Tokyo', now });
    expect(report.lessonHistory).toEqual([
      {
        lessonId: lesson.lesson_id,
        name: lesson.name,
        focus: 'timing',
        day: '2026-05-05',
        playedAt: '2026-05-04T22:40:00.000Z',
        rating: 'easy',
        skipped: false,
        takes: 1,
        best: { input: 'microphone', bpm: 80, accuracy: 93, meanOffsetMs: 12, spreadMs: 4 },
      },
    ]);
    const lines = replayLines(report).join('\n');
    expect(lines).toContain('Lesson history (newest first):');
    // The tempo plan then: the take of 93 % at 80 bpm moves the next start a step up.
    const plan = planTempo(
      lesson,
      withTake(undefined, { bpm: 80, accuracy: 93, playId: null, at: '2026-05-04T22:30:00.000Z' }),
      undefined,
      now,
    );
    expect(report.tempoPlans).toEqual([{ ...plan, name: lesson.name, reason: tempoPlanSentence(plan) }]);
    expect(plan.basis).toMatchObject({ kind: 'takes', bpm: 80, accuracy: 93 });
    expect(lines).toContain(
      "Tempo plans (lessons whose takes or too-hard rating moved the catalogue's tempo):",
    );
    expect(lines).toContain(`Last time 93 % at 80 bpm, today ${plan.startBpm} bpm`);
    expect(lines).toMatch(
      new RegExp(
        `2026-05-05 +${lesson.name.replace(/[()]/g, '.')} +Timing +easy +93 % at 80 bpm +12 ms late ±4 ms +1`,
      ),
    );

    const before = await replayCustomer(store, 'ann', {
      timeZone: 'UTC',
      now,
      until: { time: new Date('2026-05-04T22:35:00.000Z') },
    });
    expect(before.lessonHistory).toMatchObject([{ day: '2026-05-04', rating: null, takes: 1 }]);
  });

  it('shows the tempo plan of a lesson rated too hard without takes, and none for one rated easy', async () => {
    const [hard, easy] = getCatalogue().filter(
      (exercise) => exercise.focus === 'grooves' && exercise.type === 'exercise',
    );
    const store = createInMemoryEventStore();
    for (const [exercise, ratingDifficulty] of [
      [hard!, 'too_hard'],
      [easy!, 'easy'],
    ] as const)
      await store.appendToStream(practiceStreamId('bo'), [
        {
          type: 'LessonEvaluated',
          data: {
            lessonId: exercise.lesson_id,
            playId: 'p1',
            focus: exercise.focus,
            type: exercise.type,
            ratingDifficulty,
            skipped: false,
            level: 'beginner',
            evaluatedAt: '2026-05-01T10:00:00.000Z',
          },
          metadata: { schemaVersion: 2, time: '2026-05-01T10:00:00.000Z' },
        },
      ]);
    // Past the 3 days a too-hard lesson rests, it returns slower.
    const report = await replayCustomer(store, 'bo', {
      timeZone: 'UTC',
      now: new Date('2026-05-05T08:00:00.000Z'),
    });
    const slower = Math.round(hard!.start_bpm * 0.85);
    expect(report.tempoPlans).toMatchObject([
      {
        lessonId: hard!.lesson_id,
        startBpm: slower,
        basis: { kind: 'rating', rating: 'too_hard' },
        reason: `Rated too hard last time, today ${slower} bpm`,
      },
    ]);
  });

  it('shows the weak spots as they were at the replay point', async () => {
    const store = createInMemoryEventStore();
    for (const [day, playId] of [
      ['2026-05-01', 'p1'],
      ['2026-05-03', 'p2'],
    ])
      await store.appendToStream(practiceStreamId('cy'), [
        draggingBassDrumTake(lesson.lesson_id, day!, playId!),
      ]);
    const now = new Date('2026-05-05T08:00:00.000Z');
    const report = await replayCustomer(store, 'cy', { timeZone: 'UTC', now });
    expect(report.weakSpots).toEqual([
      {
        voice: 'bass_drum',
        position: '&',
        meanOffsetMs: 20,
        spreadMs: 4,
        strokes: 32,
        takes: 2,
        trend: 'new',
      },
    ]);
    expect(replayLines(report)).toContain(
      "  Your bass drum on the '&' drags 20 ms, ±4 ms over 32 strokes in 2 takes (new this month)",
    );
    const before = await replayCustomer(store, 'cy', {
      timeZone: 'UTC',
      now,
      until: { time: new Date('2026-05-02T00:00:00.000Z') },
    });
    expect(before.weakSpots).toEqual([]);
    expect(replayLines(before)).toContain('Weak spots: none');
  });

  it('says so when there is none', async () => {
    const report = await replayCustomer(createInMemoryEventStore(), 'ben', {
      timeZone: 'UTC',
      now: new Date('2026-05-05T08:00:00.000Z'),
    });
    expect(report.lessonHistory).toEqual([]);
    expect(replayLines(report)).toContain('Lesson history: none');
  });
});
