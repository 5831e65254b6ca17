import type { Exercise } from '../catalogue/exercise.js';
import type { DomainCommand } from '../decider/decider.js';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import type { Level } from '../rules/levels.js';
import type { Skill } from '../rules/skills.js';
import type { Plan } from '../rules/usage.js';
import type { SkillPreference } from '../scheduler/generate-schedule.js';
import type { PracticeSchedule, ScheduledLesson } from '../scheduler/practice-schedule.js';
import type { PlayId, SkillRating, TakeFigures } from './practice-events.js';
import type { SessionRequest } from './schedule-input.js';

type Command<Type extends string, Data = Record<string, never>> = DomainCommand<Type, Data>;

/**
 * The self-rating of registration. A skill rated with `selected: false` and a level keeps that level
 * and is deselected, in the same decision.
 */
export type RateSkills = Command<'RateSkills', { ratings: (SkillRating & { selected?: boolean })[] }>;
/**
 * An operator's level change (`stickwork customer set-level`): the skill keeps its selection; a skill
 * without a level is selected when it gets one, and 'level not set' deselects it.
 */
export type ChangeSkillLevel = Command<'ChangeSkillLevel', { skill: Skill; level: Level }>;
/**
 * Generates a session (`generateSchedule` on this state, `sessionScheduleFor`) and records it; refused
 * with `no_session` when not a single lesson can be practised.
 */
export type GenerateSession = Command<'GenerateSession', SessionRequest>;
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
    lesson: Pick<
      Exercise,
      'lesson_id' | 'focus' | 'type' | 'min_level' | 'max_level' | 'practice_time' | 'start_bpm' | 'notation'
    >;
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
  | ChangeSkillLevel
  | GenerateSession
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
