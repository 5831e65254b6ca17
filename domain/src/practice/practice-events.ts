import type { ExerciseType } from '../catalogue/exercise.js';
import type { DifficultyRating } from '../rules/difficulty-ratings.js';
import type { Level } from '../rules/levels.js';
import type { LessonFocus, Skill } from '../rules/skills.js';
import type { DomainEvent } from '../decider/decider.js';
import { withUpcasters } from '../decider/upcasters.js';
import { practiceEventSchemas } from './practice-event-schemas.js';
import { practiceEventUpcasters } from './practice-upcasters.js';
import type { TimingInput } from '../schemas/practice-requests.js';
import type { PositionFigures } from '../timing/beat-positions.js';

/** `practice-<customerId>`: self-rating, levels, sessions, evaluations, usage, activity. No personal data. */
export const practiceStreamId = (customerId: string): string => `practice-${customerId}`;

export interface SkillRating {
  skill: Skill;
  level: Level;
}

export type SkillsSelfRated = DomainEvent<'SkillsSelfRated', { ratings: SkillRating[] }>;
export type SkillLevelChanged = DomainEvent<'SkillLevelChanged', { skill: Skill; from: Level; to: Level }>;
export type SkillPreferenceChanged = DomainEvent<
  'SkillPreferenceChanged',
  { skill: Skill; selected: boolean; level: Level }
>;
export type LevelRaised = DomainEvent<'LevelRaised', { skill: Skill; from: Level; to: Level }>;
export type PracticeSessionScheduled = DomainEvent<
  'PracticeSessionScheduled',
  {
    /** In order, warm-ups first; a `limit_reached` lesson is -1. */
    lessonIds: number[];
    targetPracticeTime: number;
    skills: { focus: Skill; level: Level }[];
    padSufficient: boolean;
    seed: number;
    scheduledAt: string;
  }
>;
/**
 * One showing of a lesson on the card: its takes and its evaluation carry the same id. Null on events
 * recorded before plays had ids (schema version 1).
 */
export type PlayId = string | null;

export type LessonEvaluated = DomainEvent<
  'LessonEvaluated',
  {
    lessonId: number;
    playId: PlayId;
    focus: LessonFocus;
    type: ExerciseType;
    /** A skipped (mastered) lesson records too_easy. */
    ratingDifficulty: DifficultyRating;
    skipped: boolean;
    /** The customer's level in the lesson's skill when evaluated; null for a warm-up. */
    level: Level | null;
    /** The skill's progress after this evaluation, when it counted towards it. */
    progressAfter?: number;
    /**
     * Time on the lesson by the server's practice clock (`practice-clock.ts`): from when it was shown
     * to this evaluation. Null on evaluations recorded before the clock (schema version 2 and older).
     */
    practisedMs: number | null;
    /** Practised for real (`practiceEarned`): only then does it move progress and count as activity. */
    earned: boolean;
    /** "I have mastered this lesson" with a take played well at or above its written tempo. */
    masteryShown: boolean;
    evaluatedAt: string;
  }
>;
export type UsageIncremented = DomainEvent<
  'UsageIncremented',
  {
    usageType: 'lesson';
    /** 'YYYY-MM-DD' in the customer's time zone. */
    day: string;
  }
>;
/**
 * An operator cleared a customer day's lesson count (`stickwork customer reset-usage`): the daily
 * limit counts from 0 again that day. `lessons` is what the day had counted before.
 */
export type UsageReset = DomainEvent<'UsageReset', { day: string; lessons: number }>;
export type PracticeActivityRecorded = DomainEvent<
  'PracticeActivityRecorded',
  { day: string; lessons: number; minutes: number }
>;
/**
 * What a take of a lesson measured (`scoreTake`'s summary): the tempo it ended at (whole bpm), the
 * counts, the offsets of the strokes that played notes, the accuracy, and the same figures per voice
 * and position in the beat (empty when the coach sent none).
 */
export interface TakeFigures {
  lessonId: number;
  input: TimingInput;
  bpm: number;
  expected: number;
  hits: number;
  missed: number;
  extra: number;
  meanOffsetMs: number;
  spreadMs: number;
  accuracy: number;
  byPosition: readonly PositionFigures[];
  /** Played with the setup's latency measured; false keeps it out of plans and weak spots; absent before takes said. */
  calibrated?: boolean;
}

/**
 * The timing coach scored a take of a lesson (POST /api/lesson/timing): its figures, the play it belongs
 * to, the lesson's skill, when, and the customer's day (in their zone, like `UsageIncremented.day`).
 */
export type TimingScored = DomainEvent<
  'TimingScored',
  TakeFigures & { playId: PlayId; focus: LessonFocus; scoredAt: string; day: string }
>;
export type PracticeHistoryErased = DomainEvent<'PracticeHistoryErased', { erasedAt: string }>;
/**
 * The customer set their weekly goal (practice days per week, 1-7) on the stats page;
 * `day` is the customer's day it was set on, in their pinned zone: the goal counts from that week on.
 */
export type WeeklyGoalSet = DomainEvent<'WeeklyGoalSet', { daysPerWeek: number; day: string; setAt: string }>;

export type PracticeEvent =
  | SkillsSelfRated
  | SkillLevelChanged
  | SkillPreferenceChanged
  | LevelRaised
  | PracticeSessionScheduled
  | LessonEvaluated
  | UsageIncremented
  | UsageReset
  | PracticeActivityRecorded
  | TimingScored
  | PracticeHistoryErased
  | WeeklyGoalSet;

/**
 * Each event type's schema version, with the upcasters of the older ones (`practice-upcasters.ts`) and
 * the schema every event stored at the current one must fit (`practice-event-schemas.ts`).
 */
export const practiceEventSchemaVersions: Record<PracticeEvent['type'], number> = withUpcasters(
  {
    SkillsSelfRated: 1,
    SkillLevelChanged: 1,
    SkillPreferenceChanged: 1,
    LevelRaised: 1,
    PracticeSessionScheduled: 1,
    LessonEvaluated: 3,
    UsageIncremented: 1,
    UsageReset: 1,
    PracticeActivityRecorded: 1,
    TimingScored: 2,
    PracticeHistoryErased: 1,
    WeeklyGoalSet: 1,
  },
  practiceEventUpcasters,
  practiceEventSchemas,
);
