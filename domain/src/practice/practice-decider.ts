import { match } from 'ts-pattern';
import type { Exercise } from '../catalogue/exercise.js';
import { isDayKey } from '../calendar/day-keys.js';
import { MAX_WEEKLY_GOAL, MIN_WEEKLY_GOAL } from '../progress/weekly-goal.js';
import {
  lessonCountsTowardProgress,
  levelUp,
  progressAfterEvaluation,
  progressAfterLevelChange,
} from '../progress/level-progress.js';
import { DIFFICULTY_RATINGS, type DifficultyRating } from '../rules/difficulty-ratings.js';
import { maxLevelIndexFor } from '../rules/level-descriptions.js';
import { isLevel, levelIndex, type Level } from '../rules/levels.js';
import { isSkill, SKILL_DISPLAY_NAMES, SKILLS, type Skill } from '../rules/skills.js';
import { customerDay, lessonsLeftToday, type Plan } from '../rules/usage.js';
import type { LessonEvaluationSummary } from '../scheduler/lesson-rest.js';
import { withRating, withTake, type LessonTakeHistory } from '../scheduler/take-history.js';
import { takeImplausibilities } from '../timing/take-plausibility.js';
import type { PracticeSchedule, ScheduledLesson } from '../scheduler/practice-schedule.js';
import type { SkillPreference } from '../scheduler/generate-schedule.js';
import type { Decider, DomainCommand } from '../decider/decider.js';
import { DomainError } from '../errors/domain-error.js';
import type { PlayId, PracticeEvent, SkillRating, TakeFigures } from './practice-events.js';

//////////////////// State

export interface PracticeState {
  levels: Readonly<Record<Skill, Level>>;
  selected: Readonly<Record<Skill, boolean>>;
  /** Percent 0-100 per skill, reset to 0 whenever the skill's level changes. */
  progress: Readonly<Record<Skill, number>>;
  /** Non-warm-up lessons per customer day ('YYYY-MM-DD'); only the latest days are kept. */
  usageByDay: Readonly<Record<string, number>>;
  /** For the scheduler's rest rules. */
  evaluations: ReadonlyMap<number, LessonEvaluationSummary>;
  /** Per lesson id: its latest plays' takes, for the tempo plan and the returns. */
  takeHistory: ReadonlyMap<number, LessonTakeHistory>;
  selfRated: boolean;
}

/** Usage older than this many (recorded) days can no longer matter to a daily limit. */
const USAGE_DAYS_KEPT = 3;

const perSkill = <T>(value: T): Record<Skill, T> =>
  Object.fromEntries(SKILLS.map((skill) => [skill, value])) as Record<Skill, T>;

export const initialPracticeState = (): PracticeState => ({
  levels: perSkill<Level>('level not set'),
  selected: perSkill(false),
  progress: perSkill(0),
  usageByDay: {},
  evaluations: new Map(),
  takeHistory: new Map(),
  selfRated: false,
});

/** The state after a skill's level is set: selected from index 1, progress reset if the level changed. */
const withLevel = (
  state: PracticeState,
  skill: Skill,
  level: Level,
  selected = levelIndex(level) > 0,
): PracticeState => ({
  ...state,
  levels: { ...state.levels, [skill]: level },
  selected: { ...state.selected, [skill]: selected },
  progress: {
    ...state.progress,
    [skill]: progressAfterLevelChange({ level: state.levels[skill], progress: state.progress[skill] }, level)
      .progress,
  },
});

export const evolvePractice = (state: PracticeState, event: PracticeEvent): PracticeState =>
  match(event)
    .returnType<PracticeState>()
    .with({ type: 'SkillsSelfRated' }, ({ data }) =>
      data.ratings.reduce<PracticeState>((rated, { skill, level }) => withLevel(rated, skill, level), {
        ...state,
        selfRated: true,
      }),
    )
    .with({ type: 'SkillLevelChanged' }, { type: 'LevelRaised' }, ({ data }) =>
      withLevel(state, data.skill, data.to),
    )
    .with({ type: 'SkillPreferenceChanged' }, ({ data }) =>
      withLevel(state, data.skill, data.level, data.selected),
    )
    .with({ type: 'LessonEvaluated' }, (event) => evolvePracticeEvents(state, [event]))
    .with({ type: 'TimingScored' }, (event) => evolvePracticeEvents(state, [event]))
    .with({ type: 'UsageIncremented' }, ({ data: { day } }) => {
      const usage = { ...state.usageByDay, [day]: (state.usageByDay[day] ?? 0) + 1 };
      const kept = Object.keys(usage).sort().slice(-USAGE_DAYS_KEPT);
      return { ...state, usageByDay: Object.fromEntries(kept.map((key) => [key, usage[key] ?? 0])) };
    })
    .with({ type: 'UsageReset' }, ({ data }) => {
      const { [data.day]: _cleared, ...usageByDay } = state.usageByDay;
      return { ...state, usageByDay };
    })
    // Today's usage survives: erasing one's history must not reset the daily limit.
    .with({ type: 'PracticeHistoryErased' }, () => ({
      ...initialPracticeState(),
      usageByDay: state.usageByDay,
    }))
    .with(
      { type: 'PracticeSessionScheduled' },
      { type: 'PracticeActivityRecorded' },
      { type: 'WeeklyGoalSet' },
      () => state,
    )
    .exhaustive();

/**
 * `events.reduce(evolvePractice, state)` without copying the evaluations and take maps once per
 * `LessonEvaluated` or `TimingScored` (a year of practice has thousands): the fold copies each map
 * once, on its first change, and updates its own copy in place. `state` itself is never changed.
 */
export const evolvePracticeEvents = (
  state: PracticeState,
  events: readonly PracticeEvent[],
): PracticeState => {
  let current = state;
  let evaluations: Map<number, LessonEvaluationSummary> | null = null;
  let takeHistory: Map<number, LessonTakeHistory> | null = null;
  for (const event of events) {
    if (event.type === 'TimingScored') {
      const { lessonId, bpm, accuracy, playId, scoredAt } = event.data;
      takeHistory ??= new Map(current.takeHistory);
      takeHistory.set(lessonId, withTake(takeHistory.get(lessonId), { bpm, accuracy, playId, at: scoredAt }));
      current = { ...current, takeHistory };
      continue;
    }
    if (event.type !== 'LessonEvaluated') {
      current = evolvePractice(current, event);
      if (current.evaluations !== evaluations) evaluations = null;
      if (current.takeHistory !== takeHistory) takeHistory = null;
      continue;
    }
    const { lessonId, ratingDifficulty, evaluatedAt, focus, progressAfter, playId } = event.data;
    evaluations ??= new Map(current.evaluations);
    const count = (evaluations.get(lessonId)?.count ?? 0) + 1;
    evaluations.set(lessonId, { lastRating: ratingDifficulty, lastEvaluatedAt: evaluatedAt, count });
    const played = current.takeHistory.get(lessonId);
    if (played) {
      takeHistory ??= new Map(current.takeHistory);
      takeHistory.set(lessonId, withRating(played, playId) ?? played);
    }
    const progress =
      progressAfter !== undefined && isSkill(focus)
        ? { ...current.progress, [focus]: progressAfter }
        : current.progress;
    current = { ...current, evaluations, progress, takeHistory: takeHistory ?? current.takeHistory };
  }
  return current;
};

//////////////////// Queries

/** Non-warm-up lessons used on a customer day (GET /api/usage's `data_used`). */
export const usageOn = (state: PracticeState, day: string): number => state.usageByDay[day] ?? 0;

/** The skill preferences (GET /api/focus): every selected skill with its level. */
export const selectedSkills = (state: PracticeState): SkillPreference[] =>
  SKILLS.filter((skill) => state.selected[skill]).map((focus) => ({ focus, level: state.levels[focus] }));

//////////////////// Commands

type Command<Type extends string, Data = Record<string, never>> = DomainCommand<Type, Data>;

export type RateSkills = Command<'RateSkills', { ratings: SkillRating[] }>;
export type SetSkillLevel = Command<'SetSkillLevel', { skill: Skill; level: Level }>;
export type SetSkillPreference = Command<
  'SetSkillPreference',
  { skill: Skill; selected: boolean; level: Level }
>;
export type RaiseLevel = Command<'RaiseLevel', { skill: Skill }>;
/** Records a schedule made by `generateSchedule` (see `scheduleInputFor`). */
export type ScheduleSession = Command<
  'ScheduleSession',
  { schedule: PracticeSchedule; skills: SkillPreference[]; padSufficient: boolean; seed: number }
>;
export type EvaluateLesson = Command<
  'EvaluateLesson',
  {
    /** The catalogue entry evaluated. */
    lesson: Pick<Exercise, 'lesson_id' | 'focus' | 'type' | 'min_level' | 'max_level'>;
    ratingDifficulty: DifficultyRating;
    /** "I have mastered this lesson": recorded as too_easy. */
    skipped: boolean;
    /** The showing of the lesson evaluated; null when the card did not say. */
    playId: PlayId;
  }
>;
/**
 * Counts one non-warm-up lesson against today's limit. Race-free by contract: the handler appends
 * the event with the expected revision of the stream it folded into the state it passed here.
 * Two concurrent increments cannot both append; the loser re-reads, decides again, sees the new
 * count and is refused once the limit is reached. Appending with `any` would break the limit.
 */
export type IncrementUsage = Command<
  'IncrementUsage',
  {
    usageType: 'lesson';
    plan: Plan;
    timeZone?: string | null;
    /** What a zone change adds to (or takes from) today's count (`zoneChangeUsageAdjustment`). */
    zoneChangeAdjustment?: number;
  }
>;
/** An operator's reset of one customer day's lesson count; a day with nothing counted is a no-op. */
export type ResetUsage = Command<'ResetUsage', { day: string }>;
export type RecordPracticeActivity = Command<
  'RecordPracticeActivity',
  { lessons: number; minutes: number; timeZone?: string | null }
>;
export type ErasePracticeHistory = Command<'ErasePracticeHistory'>;
/** The customer's weekly goal (practice days per week); no decision state: any valid goal is taken. */
export type SetWeeklyGoal = Command<'SetWeeklyGoal', { daysPerWeek: number; timeZone?: string | null }>;
/**
 * Records a take the timing coach scored. `lesson` is the catalogue entry of `take.lessonId` (undefined
 * when the catalogue has none). Warm-ups are played like any lesson, so their takes count; a
 * `limit_reached` placeholder (id -1, never in the catalogue) is not played and has none. No decision state: a take changes no rule.
 */
export type ScoreTiming = Command<
  'ScoreTiming',
  {
    lesson: Pick<ScheduledLesson, 'lesson_id' | 'focus' | 'type'> | undefined;
    take: TakeFigures;
    /** The showing of the lesson the take was played in; null when the card did not say. */
    playId: PlayId;
    timeZone?: string | null;
  }
>;

export type PracticeCommand =
  | RateSkills
  | SetSkillLevel
  | SetSkillPreference
  | RaiseLevel
  | ScheduleSession
  | EvaluateLesson
  | IncrementUsage
  | ResetUsage
  | RecordPracticeActivity
  | ScoreTiming
  | ErasePracticeHistory
  | SetWeeklyGoal;

//////////////////// Decide

const checkLevel = (skill: unknown, level: unknown): { skill: Skill; level: Level } => {
  if (!isSkill(skill)) throw new DomainError('invalid_input', `Unknown skill ${String(skill)}`);
  if (!isLevel(level)) throw new DomainError('invalid_level', `Unknown level ${String(level)}`);
  if (levelIndex(level) > maxLevelIndexFor(skill))
    throw new DomainError('invalid_level', `${SKILL_DISPLAY_NAMES[skill]} has no level ${level}`);
  return { skill, level };
};

const isWholeNumber = (value: number, min: number): boolean => Number.isInteger(value) && value >= min;

export const decidePractice = (command: PracticeCommand, state: PracticeState): PracticeEvent[] => {
  const now = command.metadata.now;
  return match(command)
    .returnType<PracticeEvent[]>()
    .with({ type: 'RateSkills' }, ({ data }) => {
      const ratings = data.ratings.map(({ skill, level }) => checkLevel(skill, level));
      return [{ type: 'SkillsSelfRated', data: { ratings } }];
    })
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
    .with({ type: 'EvaluateLesson' }, ({ data }) => {
      const { lesson, skipped, playId } = data;
      if (!(DIFFICULTY_RATINGS as readonly string[]).includes(data.ratingDifficulty))
        throw new DomainError('invalid_input', `Unknown difficulty rating ${data.ratingDifficulty}`);
      const ratingDifficulty: DifficultyRating = skipped ? 'too_easy' : data.ratingDifficulty;
      const focus = lesson.focus;
      const level = isSkill(focus) ? state.levels[focus] : null;
      const progress =
        isSkill(focus) && lessonCountsTowardProgress(lesson, state.levels[focus])
          ? progressAfterEvaluation({ level: state.levels[focus], progress: state.progress[focus] }, lesson, {
              rating: ratingDifficulty,
              mastered: skipped,
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
            evaluatedAt: now.toISOString(),
          },
        },
      ];
    })
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
    .with({ type: 'RecordPracticeActivity' }, ({ data }) => {
      const { lessons, minutes, timeZone } = data;
      if (!isWholeNumber(lessons, 0) || !isWholeNumber(minutes, 1))
        throw new DomainError(
          'invalid_input',
          'Practice activity needs whole lessons (0 or more) and minutes (1 or more).',
        );
      return [
        { type: 'PracticeActivityRecorded', data: { day: customerDay(now, timeZone), lessons, minutes } },
      ];
    })
    .with({ type: 'ScoreTiming' }, ({ data }) => {
      const { lesson, take, playId, timeZone } = data;
      if (!lesson || lesson.lesson_id !== take.lessonId)
        throw new DomainError('unknown_lesson', `There is no lesson with id ${take.lessonId}.`);
      if (lesson.type === 'limit_reached')
        throw new DomainError(
          'invalid_input',
          'A daily-limit placeholder is not played, so it has no timing.',
        );
      const [impossible] = takeImplausibilities(take);
      if (impossible)
        throw new DomainError(
          'invalid_input',
          `Not a scored take: ${impossible.field} ${impossible.message}`,
        );
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
    })
    .with({ type: 'ErasePracticeHistory' }, () => [
      { type: 'PracticeHistoryErased', data: { erasedAt: now.toISOString() } },
    ])
    .with({ type: 'SetWeeklyGoal' }, ({ data }) => {
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
    })
    .exhaustive();
};

export const practiceDecider: Decider<PracticeState, PracticeCommand, PracticeEvent> = {
  initialState: initialPracticeState,
  evolve: evolvePractice,
  decide: decidePractice,
  evolveAll: evolvePracticeEvents,
};
