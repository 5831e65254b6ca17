import { match } from 'ts-pattern';
import { isDayKey } from '../calendar/day-keys.js';
import type { CommandMetadata } from '../decider/decider.js';
import { DomainError } from '../errors/domain-error.js';
import { MAX_WEEKLY_GOAL, MIN_WEEKLY_GOAL } from '../progress/weekly-goal.js';
import { lessonCountsTowardProgress, levelUp, progressAfterEvaluation } from '../progress/level-progress.js';
import { creditedActivity, practiceEarned, practisedMsAt } from '../progress/practice-clock.js';
import { DIFFICULTY_RATINGS, type DifficultyRating } from '../rules/difficulty-ratings.js';
import { maxLevelIndexFor } from '../rules/level-descriptions.js';
import { isLevel, levelIndex, type Level } from '../rules/levels.js';
import { isSkill, SKILL_DISPLAY_NAMES, type Skill } from '../rules/skills.js';
import { customerDay, lessonsLeftToday } from '../rules/usage.js';
import { takeImplausibilities } from '../timing/take-plausibility.js';
import type {
  EvaluateLesson,
  PracticeCommand,
  RecordPracticeActivity,
  ScheduleSession,
  ScoreTiming,
  SetWeeklyGoal,
} from './practice-commands.js';
import type { PracticeEvent } from './practice-events.js';
import { usageOn } from './practice-queries.js';
import type { PracticeState } from './practice-state.js';
import { evolvePractice } from './practice-evolve.js';
import { sessionScheduleFor, type SessionRequest } from './schedule-input.js';

/** A session without a single lesson to practise is a failure, never an empty success (422). */
export const NO_SESSION_MESSAGE = 'Could not receive practice session';

/**
 * The `ScheduleSession` a `GenerateSession` decides on `state`: the session generated on it, refused
 * with `no_session` when not a single lesson can be practised. A caller that answers with the schedule
 * gives this to `handleCommand` as a command made from the state read, so the session is generated once.
 */
export const sessionToSchedule = (
  state: PracticeState,
  request: SessionRequest,
  metadata: CommandMetadata,
): ScheduleSession => {
  const schedule = sessionScheduleFor(state, request, metadata.now);
  if (!schedule.lessons.some((lesson) => lesson.type !== 'limit_reached'))
    throw new DomainError('no_session', NO_SESSION_MESSAGE);
  const { skills, padSufficient, seed } = request;
  return { type: 'ScheduleSession', data: { schedule, skills: [...skills], padSufficient, seed }, metadata };
};

const checkLevel = (skill: unknown, level: unknown): { skill: Skill; level: Level } => {
  if (!isSkill(skill)) throw new DomainError('invalid_input', `Unknown skill ${String(skill)}`);
  if (!isLevel(level)) throw new DomainError('invalid_level', `Unknown level ${String(level)}`);
  if (levelIndex(level) > maxLevelIndexFor(skill))
    throw new DomainError('invalid_level', `${SKILL_DISPLAY_NAMES[skill]} has no level ${level}`);
  return { skill, level };
};

const isWholeNumber = (value: number, min: number): boolean => Number.isInteger(value) && value >= min;

/** The tempos of the takes of the play being evaluated (the lesson's latest play, while unrated). */
const playTakeBpms = (state: PracticeState, lessonId: number, playId: EvaluateLesson['data']['playId']) => {
  const play = state.takeHistory.get(lessonId)?.plays.at(-1);
  return play && !play.rated && play.playId === playId ? play.takes.map((take) => take.bpm) : [];
};

/**
 * An evaluation of a lesson, credited by the server's practice clock: only a lesson practised for real
 * (`practiceEarned`) moves its skill's progress, by the seed's ratings. A skipped ("mastered") lesson
 * records too easy and is skipped from then on; it is credited as mastered only when a take of it was
 * played well at or above its written tempo, else as the practice it had.
 */
const evaluateLesson = (state: PracticeState, data: EvaluateLesson['data'], now: Date): PracticeEvent[] => {
  const { lesson, skipped, playId } = data;
  if (!(DIFFICULTY_RATINGS as readonly string[]).includes(data.ratingDifficulty))
    throw new DomainError('invalid_input', `Unknown difficulty rating ${data.ratingDifficulty}`);
  const ratingDifficulty: DifficultyRating = skipped ? 'too_easy' : data.ratingDifficulty;
  const focus = lesson.focus;
  const level = isSkill(focus) ? state.levels[focus] : null;
  const practisedMs = practisedMsAt(state.clock, now);
  const takeBpms = playTakeBpms(state, lesson.lesson_id, playId);
  const earned = practiceEarned(lesson, practisedMs, takeBpms.length > 0 ? Math.max(...takeBpms) : null);
  const bestWellBpm = state.takeHistory.get(lesson.lesson_id)?.bestWellBpm ?? null;
  const masteryShown = skipped && bestWellBpm !== null && bestWellBpm >= lesson.start_bpm;
  const progress =
    earned && isSkill(focus) && lessonCountsTowardProgress(lesson, state.levels[focus])
      ? progressAfterEvaluation({ level: state.levels[focus], progress: state.progress[focus] }, lesson, {
          rating: ratingDifficulty,
          mastered: masteryShown,
        }).progress
      : undefined;
  return [
    {
      type: 'LessonEvaluated',
      data: {
        lessonId: lesson.lesson_id,
        playId,
        focus,
        type: lesson.type,
        ratingDifficulty,
        skipped,
        level,
        ...(progress !== undefined ? { progressAfter: progress } : {}),
        practisedMs,
        earned,
        masteryShown,
        evaluatedAt: now.toISOString(),
      },
    },
  ];
};

/** A take the timing coach scored, of a lesson that can be played, with figures the judge could give. */
const scoreTiming = (data: ScoreTiming['data'], now: Date): PracticeEvent[] => {
  const { lesson, take, playId, timeZone } = data;
  if (!lesson || lesson.lesson_id !== take.lessonId)
    throw new DomainError('unknown_lesson', `There is no lesson with id ${take.lessonId}.`);
  if (lesson.type === 'limit_reached')
    throw new DomainError('invalid_input', 'A daily-limit placeholder is not played, so it has no timing.');
  const [impossible] = takeImplausibilities(take);
  if (impossible)
    throw new DomainError('invalid_input', `Not a scored take: ${impossible.field} ${impossible.message}`);
  return [
    {
      type: 'TimingScored',
      data: {
        ...take,
        playId,
        focus: lesson.focus,
        scoredAt: now.toISOString(),
        day: customerDay(now, timeZone),
      },
    },
  ];
};

/**
 * Lessons and minutes practised on the customer's day, as many as asked but never more than the
 * practice clock counted since the last activity (`creditedActivity`); nothing when it counted nothing.
 */
const recordPracticeActivity = (
  state: PracticeState,
  data: RecordPracticeActivity['data'],
  now: Date,
): PracticeEvent[] => {
  const { timeZone } = data;
  if (!isWholeNumber(data.lessons, 0) || !isWholeNumber(data.minutes, 1))
    throw new DomainError(
      'invalid_input',
      'Practice activity needs whole lessons (0 or more) and minutes (1 or more).',
    );
  const { lessons, minutes } = creditedActivity(state.clock, data);
  if (lessons === 0 && minutes === 0) return [];
  return [{ type: 'PracticeActivityRecorded', data: { day: customerDay(now, timeZone), lessons, minutes } }];
};

/** The weekly goal, counted from the customer's day it is set on. */
const setWeeklyGoal = (data: SetWeeklyGoal['data'], now: Date): PracticeEvent[] => {
  const { daysPerWeek, timeZone } = data;
  if (!Number.isInteger(daysPerWeek) || daysPerWeek < MIN_WEEKLY_GOAL || daysPerWeek > MAX_WEEKLY_GOAL)
    throw new DomainError(
      'invalid_input',
      `A weekly goal is ${MIN_WEEKLY_GOAL} to ${MAX_WEEKLY_GOAL} practice days.`,
    );
  return [
    {
      type: 'WeeklyGoalSet',
      data: { daysPerWeek, day: customerDay(now, timeZone), setAt: now.toISOString() },
    },
  ];
};

export const decidePractice = (command: PracticeCommand, state: PracticeState): PracticeEvent[] => {
  const now = command.metadata.now;
  return match(command)
    .returnType<PracticeEvent[]>()
    .with({ type: 'RateSkills' }, ({ data, metadata }) => {
      const ratings = data.ratings.map(({ skill, level }) => checkLevel(skill, level));
      const rated: PracticeEvent = { type: 'SkillsSelfRated', data: { ratings } };
      const after = evolvePractice(state, rated);
      const deselections = data.ratings
        .filter(({ selected, level }) => selected === false && level !== 'level not set')
        .flatMap(({ skill, level }) =>
          decidePractice(
            { type: 'SetSkillPreference', data: { skill, level, selected: false }, metadata },
            after,
          ),
        );
      return [rated, ...deselections];
    })
    .with({ type: 'ChangeSkillLevel' }, ({ data: { skill, level }, metadata }) => {
      const known = state.levels[skill];
      const selected =
        level !== 'level not set' &&
        (known === undefined || known === 'level not set' || state.selected[skill]);
      return decidePractice(
        { type: 'SetSkillPreference', data: { skill, level, selected }, metadata },
        state,
      );
    })
    .with({ type: 'GenerateSession' }, ({ data, metadata }) =>
      decidePractice(sessionToSchedule(state, data, metadata), state),
    )
    .with({ type: 'SetSkillLevel' }, ({ data }) => {
      const { skill, level } = checkLevel(data.skill, data.level);
      const from = state.levels[skill];
      return from === level ? [] : [{ type: 'SkillLevelChanged', data: { skill, from, to: level } }];
    })
    .with({ type: 'SetSkillPreference' }, ({ data }) => {
      const { skill, level } = checkLevel(data.skill, data.level);
      const { selected } = data;
      const unchanged = state.levels[skill] === level && state.selected[skill] === selected;
      return unchanged ? [] : [{ type: 'SkillPreferenceChanged', data: { skill, selected, level } }];
    })
    .with({ type: 'RaiseLevel' }, ({ data }) => {
      const { skill } = data;
      const from = state.levels[skill];
      const raised = levelUp(skill, { level: from, progress: state.progress[skill] });
      if (!raised)
        throw new DomainError(
          'level_up_not_offered',
          `Level up is not offered for ${SKILL_DISPLAY_NAMES[skill]}.`,
        );
      return [{ type: 'LevelRaised', data: { skill, from, to: raised.level } }];
    })
    .with({ type: 'ScheduleSession' }, ({ data }) => {
      const { schedule, skills, padSufficient, seed } = data;
      if (schedule.lessons.length === 0)
        throw new DomainError('invalid_input', 'An empty schedule is not a session.');
      return [
        {
          type: 'PracticeSessionScheduled',
          data: {
            lessonIds: schedule.lessons.map((lesson) => lesson.lesson_id),
            targetPracticeTime: schedule.targetPracticeTime,
            skills,
            padSufficient,
            seed,
            scheduledAt: now.toISOString(),
          },
        },
      ];
    })
    .with({ type: 'EvaluateLesson' }, ({ data }) => evaluateLesson(state, data, now))
    .with({ type: 'IncrementUsage' }, ({ data }) => {
      const { usageType, plan, timeZone, zoneChangeAdjustment = 0 } = data;
      const day = customerDay(now, timeZone);
      if (lessonsLeftToday(plan, usageOn(state, day) + zoneChangeAdjustment) === 0)
        throw new DomainError('daily_limit_reached', 'Free lesson limit reached');
      return [{ type: 'UsageIncremented', data: { usageType, day } }];
    })
    .with({ type: 'ResetUsage' }, ({ data }) => {
      const { day } = data;
      if (!isDayKey(day)) throw new DomainError('invalid_input', `${day} is not a day (YYYY-MM-DD).`);
      const lessons = usageOn(state, day);
      return lessons === 0 ? [] : [{ type: 'UsageReset', data: { day, lessons } }];
    })
    .with({ type: 'RecordPracticeActivity' }, ({ data }) => recordPracticeActivity(state, data, now))
    .with({ type: 'ScoreTiming' }, ({ data }) => scoreTiming(data, now))
    .with({ type: 'ErasePracticeHistory' }, () => [
      { type: 'PracticeHistoryErased', data: { erasedAt: now.toISOString() } },
    ])
    .with({ type: 'SetWeeklyGoal' }, ({ data }) => setWeeklyGoal(data, now))
    .exhaustive();
};
