import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customerDay } from '../rules/usage.js';
import { foldEvents } from '../decider/decider.js';
import { isDomainError } from '../errors/domain-error.js';
import { givenWhenThen } from '../testing/given-when-then.js';
import { takeFigures } from '../testing/take-fixtures.js';
import type { EvaluateLesson } from './practice-commands.js';
import { practiceDecider } from './practice-decider.js';
import { selectedSkills, usageOn } from './practice-queries.js';
import { sessionScheduleFor } from './schedule-input.js';
import { indexCatalogue } from '../scheduler/catalogue-index.js';
import type { SkillPreference } from '../scheduler/generate-schedule.js';
import { fixtureCatalogue } from '../scheduler/testing/fixture-catalogue.js';
import type { LessonEvaluated, PracticeEvent, SkillLevelChanged } from './practice-events.js';

const now = new Date('2025-03-10T22:30:00Z');
const earlier = '2025-03-01T09:00:00.000Z';
const freemium = { tier: 'freemium', status: 'freemium' } as const;
const premium = { tier: 'premium', status: 'active' } as const;

const given = givenWhenThen(practiceDecider, now);

const rated: PracticeEvent = {
  type: 'SkillsSelfRated',
  data: {
    ratings: [
      { skill: 'hand_technique', level: 'beginner' },
      { skill: 'timing', level: 'absolute_pro' },
      { skill: 'grooves', level: 'level not set' },
    ],
  },
};
const evaluation = (
  rating: EvaluateLesson['data']['ratingDifficulty'],
  skipped = false,
): Omit<EvaluateLesson, 'metadata'> => ({
  type: 'EvaluateLesson',
  data: {
    lesson: {
      lesson_id: 42,
      focus: 'hand_technique',
      type: 'exercise',
      min_level: 'starter',
      max_level: 'advanced_beginner',
      practice_time: 4,
      start_bpm: 80,
      notation: { timeSignature: { beats: 4, beatUnit: 4 }, subdivision: 4, bars: 2, notes: [] },
    },
    ratingDifficulty: rating,
    skipped,
    playId: 'play-1',
  },
});
const evaluated = (progressAfter: number, lessonId = 42): LessonEvaluated => ({
  type: 'LessonEvaluated',
  data: {
    lessonId,
    playId: null,
    focus: 'hand_technique',
    type: 'exercise',
    ratingDifficulty: 'easy',
    skipped: false,
    level: 'beginner',
    progressAfter,
    practisedMs: null,
    earned: true,
    masteryShown: false,
    evaluatedAt: earlier,
  },
});
/** The session that showed lesson 42, nine days before `now`: plenty of practice by the clock. */
const shownAt = (at: string): PracticeEvent => ({
  type: 'PracticeSessionScheduled',
  data: {
    lessonIds: [42],
    targetPracticeTime: 10,
    skills: [],
    padSufficient: true,
    seed: 1,
    scheduledAt: at,
  },
});
const shown = shownAt(earlier);
/** A take of lesson 42 in play-1, `secondsAgo` before `now`. */
const takeOf42 = (bpm: number, accuracy: number, secondsAgo = 30): PracticeEvent => ({
  type: 'TimingScored',
  data: {
    ...takeFigures({ lessonId: 42, bpm, accuracy }),
    playId: 'play-1',
    focus: 'hand_technique',
    scoredAt: new Date(now.getTime() - secondsAgo * 1000).toISOString(),
    day: '2025-03-10',
  },
});
const usage = (day: string): PracticeEvent => ({
  type: 'UsageIncremented',
  data: { usageType: 'lesson', day },
});
const state = (...events: PracticeEvent[]) => foldEvents(practiceDecider, events);

describe('Practice', () => {
  describe('When self-rated', () => {
    it('selects the skills with a level and keeps the others unselected', () => {
      expect(selectedSkills(state(rated))).toEqual([
        { focus: 'hand_technique', level: 'beginner' },
        { focus: 'timing', level: 'absolute_pro' },
      ]);
    });

    it('refuses a level a skill does not have', () => {
      given()
        .when({ type: 'RateSkills', data: { ratings: [{ skill: 'beginner_course', level: 'beginner' }] } })
        .thenThrows('invalid_level');
    });

    it('keeps the level of a skill rated unselected, and deselects it in the same decision', () => {
      given()
        .when({
          type: 'RateSkills',
          data: {
            ratings: [
              { skill: 'timing', level: 'beginner', selected: true },
              { skill: 'grooves', level: 'advanced', selected: false },
            ],
          },
        })
        .then([
          {
            type: 'SkillsSelfRated',
            data: {
              ratings: [
                { skill: 'timing', level: 'beginner' },
                { skill: 'grooves', level: 'advanced' },
              ],
            },
          },
          { type: 'SkillPreferenceChanged', data: { skill: 'grooves', selected: false, level: 'advanced' } },
        ]);
    });
  });

  describe("When an operator changes a skill's level", () => {
    it('keeps a selected skill selected and an unselected one unselected', () => {
      const deselected: PracticeEvent = {
        type: 'SkillPreferenceChanged',
        data: { skill: 'timing', selected: false, level: 'absolute_pro' },
      };
      given(rated)
        .when({ type: 'ChangeSkillLevel', data: { skill: 'hand_technique', level: 'pro' } })
        .then([
          { type: 'SkillPreferenceChanged', data: { skill: 'hand_technique', selected: true, level: 'pro' } },
        ]);
      given(rated, deselected)
        .when({ type: 'ChangeSkillLevel', data: { skill: 'timing', level: 'pro' } })
        .then([{ type: 'SkillPreferenceChanged', data: { skill: 'timing', selected: false, level: 'pro' } }]);
    });

    it("selects a skill that gets its first level, and deselects one set to 'level not set'", () => {
      given(rated)
        .when({ type: 'ChangeSkillLevel', data: { skill: 'grooves', level: 'beginner' } })
        .then([
          { type: 'SkillPreferenceChanged', data: { skill: 'grooves', selected: true, level: 'beginner' } },
        ]);
      given(rated)
        .when({ type: 'ChangeSkillLevel', data: { skill: 'hand_technique', level: 'level not set' } })
        .then([
          {
            type: 'SkillPreferenceChanged',
            data: { skill: 'hand_technique', selected: false, level: 'level not set' },
          },
        ]);
    });
  });

  describe('When a level changes', () => {
    const changed: SkillLevelChanged = {
      type: 'SkillLevelChanged',
      data: { skill: 'hand_technique', from: 'beginner', to: 'advanced' },
    };

    it('records the change, and nothing for the same level', () => {
      given(rated)
        .when({ type: 'SetSkillLevel', data: { skill: 'hand_technique', level: 'advanced' } })
        .then([changed]);
      given(rated)
        .when({ type: 'SetSkillLevel', data: { skill: 'hand_technique', level: 'beginner' } })
        .then([]);
    });

    it("resets that skill's progress and no other", () => {
      const timingProgress: LessonEvaluated = {
        type: 'LessonEvaluated',
        data: { ...evaluated(30).data, focus: 'timing', level: 'absolute_pro', lessonId: 7 },
      };
      const after = state(rated, evaluated(50), timingProgress, changed);
      expect(after.progress.hand_technique).toBe(0);
      expect(after.progress.timing).toBe(30);
      expect(state(rated, evaluated(50)).progress.hand_technique).toBe(50);
    });

    it('resets progress when a preference changes the level, but not when it only deselects', () => {
      const deselected = state(rated, evaluated(50), {
        type: 'SkillPreferenceChanged',
        data: { skill: 'hand_technique', selected: false, level: 'beginner' },
      });
      expect(deselected.progress.hand_technique).toBe(50);
      expect(deselected.selected.hand_technique).toBe(false);
      const relevelled = state(rated, evaluated(50), {
        type: 'SkillPreferenceChanged',
        data: { skill: 'hand_technique', selected: true, level: 'pro' },
      });
      expect(relevelled.progress.hand_technique).toBe(0);
    });
  });

  describe('When evaluating a lesson', () => {
    it('adds progress by rating, most for mastered, capped at 100', () => {
      const progressAfter = (command: Omit<EvaluateLesson, 'metadata'>, ...history: PracticeEvent[]) => {
        const [event] = given(rated, shown, ...history)
          .when(command)
          .events();
        return event?.type === 'LessonEvaluated' ? event.data.progressAfter : undefined;
      };
      const byRating = (['too_hard', 'hard', 'challenging', 'easy', 'too_easy'] as const).map((rating) =>
        progressAfter(evaluation(rating)),
      );
      for (let i = 1; i < byRating.length; i++) expect(byRating[i]!).toBeGreaterThan(byRating[i - 1]!);
      // Mastery is shown by a take played well at the written tempo (80 bpm) or faster.
      const atTempo = takeOf42(80, 95);
      expect(progressAfter(evaluation('challenging', true), atTempo)).toBeGreaterThan(byRating.at(-1)!);
      expect(progressAfter(evaluation('too_easy', true), atTempo, evaluated(95))).toBe(100);
    });

    it('records a mastered (skipped) lesson as too_easy; without a take at tempo it is credited as practice, not mastery', () => {
      given(rated, shown)
        .when(evaluation('hard', true))
        .then([
          {
            type: 'LessonEvaluated',
            data: {
              lessonId: 42,
              playId: 'play-1',
              focus: 'hand_technique',
              type: 'exercise',
              ratingDifficulty: 'too_easy',
              skipped: true,
              level: 'beginner',
              progressAfter: 20,
              practisedMs: now.getTime() - Date.parse(earlier),
              earned: true,
              masteryShown: false,
              evaluatedAt: now.toISOString(),
            },
          },
        ]);
    });

    it('adds no progress for a warm-up or a lesson off the customer level', () => {
      const warmUp = evaluation('easy');
      warmUp.data.lesson = { ...warmUp.data.lesson, focus: 'warm_up', type: 'warm_up' };
      const [warmUpEvent] = given(rated, shown).when(warmUp).events();
      expect(warmUpEvent?.data).not.toHaveProperty('progressAfter');
      const offLevel = evaluation('easy');
      offLevel.data.lesson = { ...offLevel.data.lesson, min_level: 'pro', max_level: 'absolute_pro' };
      const [offLevelEvent] = given(rated, shown).when(offLevel).events();
      expect(offLevelEvent?.data).not.toHaveProperty('progressAfter');
    });

    it('keeps the last rating, time and count per lesson for the scheduler', () => {
      const second: LessonEvaluated = {
        type: 'LessonEvaluated',
        data: { ...evaluated(60).data, ratingDifficulty: 'too_hard', evaluatedAt: now.toISOString() },
      };
      expect(state(rated, evaluated(50), second).evaluations.get(42)).toEqual({
        lastRating: 'too_hard',
        lastEvaluatedAt: now.toISOString(),
        count: 2,
      });
    });
  });

  describe('When levelling up', () => {
    const raise = { type: 'RaiseLevel', data: { skill: 'hand_technique' } } as const;

    it('raises by one and resets progress when offered (progress 80 or more)', () => {
      given(rated, evaluated(80))
        .when(raise)
        .then([
          {
            type: 'LevelRaised',
            data: { skill: 'hand_technique', from: 'beginner', to: 'advanced_beginner' },
          },
        ]);
      const raised = state(rated, evaluated(80), {
        type: 'LevelRaised',
        data: { skill: 'hand_technique', from: 'beginner', to: 'advanced_beginner' },
      });
      expect(raised.levels.hand_technique).toBe('advanced_beginner');
      expect(raised.progress.hand_technique).toBe(0);
    });

    it('is not offered below 80, at absolute_pro, or for the beginner course', () => {
      given(rated, evaluated(79)).when(raise).thenThrows('level_up_not_offered');
      const timingAt100: LessonEvaluated = {
        type: 'LessonEvaluated',
        data: { ...evaluated(100).data, focus: 'timing', level: 'absolute_pro' },
      };
      given(rated, timingAt100)
        .when({ type: 'RaiseLevel', data: { skill: 'timing' } })
        .thenThrows('level_up_not_offered');
      const course: PracticeEvent = {
        type: 'SkillsSelfRated',
        data: { ratings: [{ skill: 'beginner_course', level: 'starter' }] },
      };
      const courseAt100: LessonEvaluated = {
        type: 'LessonEvaluated',
        data: { ...evaluated(100).data, focus: 'beginner_course', level: 'starter' },
      };
      given(course, courseAt100)
        .when({ type: 'RaiseLevel', data: { skill: 'beginner_course' } })
        .thenThrows('level_up_not_offered');
    });
  });

  describe('When counting usage', () => {
    const increment = (plan: typeof freemium | typeof premium, timeZone = 'Asia/Tokyo') =>
      ({ type: 'IncrementUsage', data: { usageType: 'lesson', plan, timeZone } }) as const;

    it("counts a lesson on the customer's day", () => {
      // 22:30 UTC is already the next day in Tokyo.
      given()
        .when(increment(freemium))
        .then([usage('2025-03-11')]);
      given()
        .when(increment(freemium, 'Not/AZone'))
        .then([usage('2025-03-10')]);
    });

    it('refuses the fourth freemium lesson of a day', () => {
      const day = '2025-03-11';
      given(usage(day), usage(day))
        .when(increment(freemium))
        .then([usage(day)]);
      given(usage(day), usage(day), usage(day)).when(increment(freemium)).thenThrows('daily_limit_reached');
    });

    it('starts afresh the next day, and has no limit on a paid plan', () => {
      const yesterday = '2025-03-10';
      given(usage(yesterday), usage(yesterday), usage(yesterday))
        .when(increment(freemium))
        .then([usage('2025-03-11')]);
      const today = '2025-03-11';
      given(usage(today), usage(today), usage(today))
        .when(increment(premium))
        .then([usage(today)]);
    });

    it('never lets a freemium customer past 3 lessons a day, whatever the sequence', () => {
      const start = Date.parse('2025-03-01T00:00:00Z');
      fc.assert(
        fc.property(
          fc.array(
            fc.record({
              minutesLater: fc.integer({ min: 0, max: 600 }),
              timeZone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York'),
            }),
            {
              maxLength: 40,
            },
          ),
          (requests) => {
            let history: PracticeEvent[] = [];
            let at = start;
            for (const { minutesLater, timeZone } of requests) {
              at += minutesLater * 60_000;
              try {
                history = [
                  ...history,
                  ...given(...history)
                    .when(increment(freemium, timeZone), new Date(at))
                    .events(),
                ];
              } catch (error) {
                expect(isDomainError(error, 'daily_limit_reached')).toBe(true);
                expect(usageOn(state(...history), customerDay(new Date(at), timeZone))).toBe(3);
              }
            }
            const perDay = new Map<string, number>();
            for (const event of history)
              if (event.type === 'UsageIncremented')
                perDay.set(event.data.day, (perDay.get(event.data.day) ?? 0) + 1);
            for (const count of perDay.values()) expect(count).toBeLessThanOrEqual(3);
          },
        ),
      );
    });
  });

  describe('When generating a session', () => {
    const catalogue = indexCatalogue(fixtureCatalogue());
    const session = (skills: SkillPreference[]) => ({
      catalogue,
      skills,
      practiceTime: 30,
      padSufficient: false,
      plan: { tier: 'premium', status: 'active' } as const,
      seed: 3,
    });

    it('records the schedule it generates on this state', () => {
      const request = session([{ focus: 'hand_technique', level: 'beginner' }]);
      const [event] = given(rated).when({ type: 'GenerateSession', data: request }).events();
      const schedule = sessionScheduleFor(state(rated), request, now);
      expect(event).toEqual({
        type: 'PracticeSessionScheduled',
        data: {
          lessonIds: schedule.lessons.map((lesson) => lesson.lesson_id),
          targetPracticeTime: 30,
          skills: [{ focus: 'hand_technique', level: 'beginner' }],
          padSufficient: false,
          seed: 3,
          scheduledAt: now.toISOString(),
        },
      });
    });

    it('refuses a session without a single lesson to practise, and what the scheduler refuses', () => {
      const noLessons = { ...session([{ focus: 'hand_technique', level: 'beginner' }]), practiceTime: 10 };
      // No warm-up, and no lesson fits in the time: nothing to practise.
      const tooLong = indexCatalogue(
        fixtureCatalogue()
          .filter((exercise) => exercise.type !== 'warm_up')
          .map((exercise) => ({ ...exercise, practice_time: 60 })),
      );
      given(rated)
        .when({ type: 'GenerateSession', data: { ...noLessons, catalogue: tooLong } })
        .thenThrows('no_session');
      given(rated)
        .when({ type: 'GenerateSession', data: { ...noLessons, practiceTime: 5 } })
        .thenThrows('invalid_input');
      given(rated)
        .when({ type: 'GenerateSession', data: session([]) })
        .thenThrows('no_skill_selected');
    });
  });

  describe('When recording a session and activity', () => {
    it('records the scheduled lesson ids', () => {
      const lesson = { lesson_id: 5, type: 'warm_up' } as const;
      given()
        .when({
          type: 'ScheduleSession',
          data: {
            schedule: {
              lessons: [lesson as never],
              currentLessonIndex: 0,
              targetPracticeTime: 30,
              practiceTimeBeforeCurrentExercise: 0,
              evaluation: { rating_difficulty: 'challenging' },
            },
            skills: [{ focus: 'timing', level: 'pro' }],
            padSufficient: false,
            seed: 9,
          },
        })
        .then([
          {
            type: 'PracticeSessionScheduled',
            data: {
              lessonIds: [5],
              targetPracticeTime: 30,
              skills: [{ focus: 'timing', level: 'pro' }],
              padSufficient: false,
              seed: 9,
              scheduledAt: now.toISOString(),
            },
          },
        ]);
    });

    /** Lesson 42 evaluated after `minutes` on it by the clock. */
    const practised = (minutes: number, earned = true): PracticeEvent => ({
      type: 'LessonEvaluated',
      data: { ...evaluated(10).data, practisedMs: minutes * 60_000, earned, evaluatedAt: now.toISOString() },
    });

    it("records activity on the customer's day and refuses less than a minute", () => {
      given(practised(12))
        .when({ type: 'RecordPracticeActivity', data: { lessons: 1, minutes: 12, timeZone: 'Asia/Tokyo' } })
        .then([{ type: 'PracticeActivityRecorded', data: { day: '2025-03-11', lessons: 1, minutes: 12 } }]);
      given(practised(12))
        .when({ type: 'RecordPracticeActivity', data: { lessons: 1, minutes: 0 } })
        .thenThrows('invalid_input');
    });

    it('records no more minutes and lessons than the clock counted, and nothing for no practice', () => {
      given(practised(5.5), practised(0.1, false))
        .when({ type: 'RecordPracticeActivity', data: { lessons: 3, minutes: 60 } })
        .then([{ type: 'PracticeActivityRecorded', data: { day: '2025-03-10', lessons: 1, minutes: 5 } }]);
      // A stopwatch paused for part of the lesson asks for less: it gets what it asks.
      given(practised(9))
        .when({ type: 'RecordPracticeActivity', data: { lessons: 1, minutes: 4 } })
        .then([{ type: 'PracticeActivityRecorded', data: { day: '2025-03-10', lessons: 1, minutes: 4 } }]);
      given(practised(0.2, false))
        .when({ type: 'RecordPracticeActivity', data: { lessons: 1, minutes: 1 } })
        .then([]);
      // What one activity recorded, the next cannot record again.
      const recorded: PracticeEvent = {
        type: 'PracticeActivityRecorded',
        data: { day: '2025-03-10', lessons: 1, minutes: 5 },
      };
      given(practised(5.5), recorded)
        .when({ type: 'RecordPracticeActivity', data: { lessons: 1, minutes: 5 } })
        .then([]);
    });
  });

  describe('When the history is erased', () => {
    it("forgets levels, progress and evaluations but keeps today's usage", () => {
      given(rated)
        .when({ type: 'ErasePracticeHistory', data: {} })
        .then([{ type: 'PracticeHistoryErased', data: { erasedAt: now.toISOString() } }]);
      const erased = state(rated, evaluated(50), usage('2025-03-11'), {
        type: 'PracticeHistoryErased',
        data: { erasedAt: now.toISOString() },
      });
      expect(selectedSkills(erased)).toEqual([]);
      expect(erased.progress.hand_technique).toBe(0);
      expect(erased.evaluations.size).toBe(0);
      expect(usageOn(erased, '2025-03-11')).toBe(1);
    });
  });

  describe('When the timing coach scores a take', () => {
    const take = {
      lessonId: 42,
      input: 'midi',
      bpm: 100,
      expected: 16,
      hits: 15,
      missed: 1,
      extra: 2,
      meanOffsetMs: 14.2,
      spreadMs: 6.5,
      accuracy: 82.5,
      byPosition: [],
    } as const;
    const lesson = { lesson_id: 42, focus: 'hand_technique', type: 'exercise' } as const;

    it("records the take with the lesson's skill, the time and the customer's day", () => {
      given(rated)
        .when({ type: 'ScoreTiming', data: { lesson, take, playId: 'play-7', timeZone: 'Asia/Tokyo' } })
        .then([
          {
            type: 'TimingScored',
            data: {
              ...take,
              playId: 'play-7',
              focus: 'hand_technique',
              scoredAt: now.toISOString(),
              day: '2025-03-11',
            },
          },
        ]);
    });

    it('scores warm-ups too, on the UTC day without a zone', () => {
      const warmUp = { lesson_id: 42, focus: 'warm_up', type: 'warm_up' } as const;
      const [event] = given()
        .when({
          type: 'ScoreTiming',
          data: { lesson: warmUp, take: { ...take, input: 'microphone' }, playId: null },
        })
        .events();
      expect(event).toMatchObject({ type: 'TimingScored', data: { focus: 'warm_up', day: '2025-03-10' } });
    });

    it('rejects an unknown lesson, a lesson other than the take names, and a daily-limit placeholder', () => {
      given()
        .when({ type: 'ScoreTiming', data: { lesson: undefined, take, playId: null } })
        .thenThrows('unknown_lesson');
      given()
        .when({ type: 'ScoreTiming', data: { lesson: { ...lesson, lesson_id: 43 }, take, playId: null } })
        .thenThrows('unknown_lesson');
      given()
        .when({
          type: 'ScoreTiming',
          data: {
            lesson: { lesson_id: 42, focus: 'hand_technique', type: 'limit_reached' },
            take,
            playId: null,
          },
        })
        .thenThrows('invalid_input');
    });

    it('rejects a take whose counts do not add up or whose accuracy is out of range', () => {
      given()
        .when({ type: 'ScoreTiming', data: { lesson, take: { ...take, missed: 3 }, playId: null } })
        .thenThrows('invalid_input');
      given()
        .when({ type: 'ScoreTiming', data: { lesson, take: { ...take, accuracy: 101 }, playId: null } })
        .thenThrows('invalid_input');
    });

    it('rejects figures per position whose strokes are not the hits', () => {
      const figures = { voice: 'snare', position: '1', strokes: 14, meanOffsetMs: 3, spreadMs: 4 } as const;
      given()
        .when({
          type: 'ScoreTiming',
          data: { lesson, take: { ...take, byPosition: [figures] }, playId: null },
        })
        .thenThrows('invalid_input');
      given()
        .when({
          type: 'ScoreTiming',
          data: { lesson, take: { ...take, byPosition: [{ ...figures, strokes: 15 }] }, playId: null },
        })
        .events();
    });

    it('remembers the take for the tempo plan and its return, and changes nothing else', () => {
      const before = state(rated, evaluated(50));
      const after = practiceDecider.evolve(before, {
        type: 'TimingScored',
        data: {
          ...take,
          playId: 'play-7',
          focus: 'hand_technique',
          scoredAt: now.toISOString(),
          day: '2025-03-10',
        },
      });
      expect(after).toEqual({
        ...before,
        takeHistory: new Map([
          [
            42,
            {
              plays: [
                {
                  playId: 'play-7',
                  at: now.toISOString(),
                  takes: [{ bpm: 100, accuracy: 82.5 }],
                  rated: false,
                },
              ],
              bestWellBpm: null,
            },
          ],
        ]),
        // Played at 70-90 %: back 2 days after the take.
        returnsDue: new Map([[42, now.getTime() + 2 * 86_400_000]]),
      });
      expect(before.takeHistory.size).toBe(0);
    });
  });
});
