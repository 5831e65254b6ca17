import { z } from 'zod';
import { DIFFICULTY_RATINGS } from '../rules/difficulty-ratings.js';
import { METRONOME_BPM, PRACTICE_TIME } from '../rules/limits.js';
import { SKILLS } from '../rules/skills.js';
import { VOICES } from '../catalogue/exercise.js';
import { BEAT_POSITIONS, MAX_BEATS_PER_BAR, type PositionFigures } from '../timing/beat-positions.js';
import type { TakeScore } from '../timing/score-take.js';
import {
  MIN_FULL_TAKE_NOTES,
  SHORT_TAKE_MESSAGE,
  takeImplausibilities,
} from '../timing/take-plausibility.js';
import { arrayOf, booleanField, enumField, integerField, objectOf, requiredString } from './fields.js';
import { hasDuplicateSkills, levelField, levelOutOfRangeMessage, skillField } from './skill-level-fields.js';
import { VALIDATION_MESSAGES as M } from './validation-messages.js';

/*
 * Bodies and queries of the schedule service (product-spec §7).
 */

/** One chosen skill of a schedule request; its level must be set and within the skill's range. */
export const skillPreferenceSchema = objectOf({ focus: skillField(), level: levelField() }).superRefine(
  ({ focus, level }, ctx) => {
    const message =
      level === 'level not set' ? M.levelNotSetForSelectedSkill : levelOutOfRangeMessage(focus, level);
    if (message) ctx.addIssue({ code: 'custom', path: ['level'], message, input: level });
  },
);
/** Named apart from the scheduler's SkillPreference, which has the same shape. */
export type SkillPreferenceEntry = z.output<typeof skillPreferenceSchema>;

/** POST /api/lesson/schedule. padSufficient true means Drum Pad mode. */
export const scheduleRequestSchema = objectOf({
  skillPreference: arrayOf(skillPreferenceSchema)
    .min(1, M.atLeastOneSkill)
    .max(SKILLS.length, M.maxItems(SKILLS.length))
    .refine((preferences) => !hasDuplicateSkills(preferences.map((p) => p.focus)), M.duplicateSkill),
  practiceTime: z
    .number({ error: (issue) => (issue.input === undefined ? M.required : M.number) })
    .int(M.integer)
    .min(PRACTICE_TIME.min, M.practiceTime)
    .max(PRACTICE_TIME.max, M.practiceTime),
  padSufficient: booleanField(),
});
/** The HTTP body; the practice decider's ScheduleRequest adds catalogue, plan, clock and seed. */
export type ScheduleRequestBody = z.output<typeof scheduleRequestSchema>;

/**
 * One skill as the customer rates it (POST and PATCH /api/focus). Index 0 ('level not set') means
 * unselected, so a selected skill needs a level; the beginner course goes no higher than starter.
 */
export const skillSelfRatingEntrySchema = objectOf({
  skillName: skillField(),
  selected: booleanField(),
  level: levelField().default('level not set'),
}).superRefine(({ skillName, selected, level }, ctx) => {
  const message =
    selected && level === 'level not set'
      ? M.levelNotSetForSelectedSkill
      : levelOutOfRangeMessage(skillName, level);
  if (message) ctx.addIssue({ code: 'custom', path: ['level'], message, input: level });
});
export type SkillSelfRatingEntry = z.output<typeof skillSelfRatingEntrySchema>;

/** POST /api/focus. */
export const skillSelfRatingRequestSchema = objectOf({
  skillSelfRating: arrayOf(skillSelfRatingEntrySchema)
    .min(1, M.atLeastOneSkill)
    .max(SKILLS.length, M.maxItems(SKILLS.length))
    .refine((entries) => !hasDuplicateSkills(entries.map((e) => e.skillName)), M.duplicateSkill),
});
export type SkillSelfRatingRequest = z.output<typeof skillSelfRatingRequestSchema>;

/** PATCH /api/focus: one skill's new selection and level. */
export const skillPreferencePatchSchema = skillSelfRatingEntrySchema;
export type SkillPreferencePatch = SkillSelfRatingEntry;

/** Lesson types a customer can evaluate; limit_reached placeholders are never evaluated. */
export const EVALUATED_LESSON_TYPES = ['warm_up', 'exercise'] as const;

const lessonIdField = () =>
  integerField()
    .min(1, M.greaterOrEqual(1))
    .max(Number.MAX_SAFE_INTEGER, M.lessOrEqual(Number.MAX_SAFE_INTEGER));

/** The id the lesson card gives one showing of a lesson (letters, digits, - and _, at most 64). */
export const PLAY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const playIdField = () => requiredString(64, (text) => text.regex(PLAY_ID_PATTERN, M.playId));

/**
 * POST /api/lesson/finishExercise. skipLesson is the "I have mastered this lesson." box; playId, when
 * given, joins the evaluation to the takes of the same showing.
 */
export const finishExerciseRequestSchema = objectOf({
  lessonId: lessonIdField(),
  playId: playIdField().optional(),
  type: enumField(EVALUATED_LESSON_TYPES),
  ratingDifficulty: enumField(DIFFICULTY_RATINGS),
  skipLesson: booleanField().default(false),
});
export type FinishExerciseRequest = z.output<typeof finishExerciseRequestSchema>;

/** A day has 1440 minutes; nothing longer can be one practice entry. */
const MAX_ACTIVITY_MINUTES = 24 * 60;
const MAX_ACTIVITY_LESSONS = 100;

/** POST /api/practiceActivity: lessons practised and whole minutes elapsed (at least 1). */
export const practiceActivityRequestSchema = objectOf({
  countLessonsPracticed: integerField()
    .min(0, M.greaterOrEqual(0))
    .max(MAX_ACTIVITY_LESSONS, M.lessOrEqual(MAX_ACTIVITY_LESSONS)),
  practiceDurationMinutes: integerField()
    .min(1, M.greaterOrEqual(1))
    .max(MAX_ACTIVITY_MINUTES, M.lessOrEqual(MAX_ACTIVITY_MINUTES)),
});
export type PracticeActivityRequest = z.output<typeof practiceActivityRequestSchema>;

/** POST /api/usage: only lessons are counted. */
export const usageIncrementRequestSchema = objectOf({ usageType: enumField(['lesson']) });
export type UsageIncrementRequest = z.output<typeof usageIncrementRequestSchema>;

/** ?lessonId= of GET /api/file/download: a positive whole number written in digits. */
export const fileDownloadQuerySchema = objectOf({
  lessonId: requiredString(16, (text) => text.regex(/^[1-9][0-9]{0,14}$/, M.positiveInteger)).transform(
    Number,
  ),
});
export type FileDownloadQuery = z.output<typeof fileDownloadQuerySchema>;

/** Input devices the timing coach scores from. */
export const TIMING_INPUTS = ['midi', 'microphone'] as const;
export type TimingInput = (typeof TIMING_INPUTS)[number];

/**
 * Bounds of a scored take. A take is at most a practice session long: 250 bpm sixteenths for an hour is
 * 60,000 notes. The matching window is at most ±240 ms (at 30 bpm), so a mean offset or a spread beyond a
 * second cannot come from the coach.
 */
export const TIMING_LIMITS = { maxNotes: 60_000, maxOffsetMs: 1000 } as const;

const countField = (min: number) =>
  integerField()
    .min(min, M.greaterOrEqual(min))
    .max(TIMING_LIMITS.maxNotes, M.lessOrEqual(TIMING_LIMITS.maxNotes));

const boundedNumber = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? M.required : M.number) })
    .min(min, M.greaterOrEqual(min))
    .max(max, M.lessOrEqual(max));

export { TIMING_COUNTS_MESSAGE } from '../timing/take-plausibility.js';

const strokeFigures = {
  strokes: countField(1),
  meanOffsetMs: boundedNumber(-TIMING_LIMITS.maxOffsetMs, TIMING_LIMITS.maxOffsetMs),
  spreadMs: boundedNumber(0, TIMING_LIMITS.maxOffsetMs),
};

/** The same strokes beat by beat of the bar: each beat once, their strokes adding up to the entry's. */
const beatsField = () =>
  arrayOf(
    objectOf({
      beat: integerField()
        .min(1, M.greaterOrEqual(1))
        .max(MAX_BEATS_PER_BAR, M.lessOrEqual(MAX_BEATS_PER_BAR)),
      ...strokeFigures,
    }),
  )
    .max(MAX_BEATS_PER_BAR, M.maxItems(MAX_BEATS_PER_BAR))
    .refine((beats) => new Set(beats.map((entry) => entry.beat)).size === beats.length, M.duplicateBeat);

/** One voice at one position in the beat over a take (`positionFiguresOf`): at most one entry per pair. */
export const positionFiguresSchema = objectOf({
  voice: enumField(VOICES),
  position: enumField(BEAT_POSITIONS),
  ...strokeFigures,
  beats: beatsField().optional(),
}).refine(
  ({ strokes, beats }) => !beats || beats.reduce((sum, entry) => sum + entry.strokes, 0) === strokes,
  { path: ['beats'], message: M.beatStrokes },
);
const MAX_POSITION_FIGURES = VOICES.length * BEAT_POSITIONS.length;
const byPositionField = () =>
  arrayOf(positionFiguresSchema)
    .max(MAX_POSITION_FIGURES, M.maxItems(MAX_POSITION_FIGURES))
    .refine(
      (figures) =>
        new Set(figures.map((entry) => `${entry.voice} ${entry.position}`)).size === figures.length,
      M.duplicatePosition,
    );

/**
 * POST /api/lesson/timing: the summary of one take the timing coach scored (`scoreTake` in
 * `timing/score-take.ts`), without the per-hit judgements. bpm is the whole tempo the take ended at (the
 * speed trainer may have raised it). The take must be a full one (`isFullTake`; a short take's figures
 * per position would still reach the weak spots) and its figures ones the judge could produce
 * (`takeImplausibilities`): a 400 names each field that is not.
 */
export const timingScoredRequestSchema = objectOf({
  lessonId: lessonIdField(),
  playId: playIdField().optional(),
  input: enumField(TIMING_INPUTS),
  bpm: integerField()
    .min(METRONOME_BPM.min, M.greaterOrEqual(METRONOME_BPM.min))
    .max(METRONOME_BPM.max, M.lessOrEqual(METRONOME_BPM.max)),
  expected: integerField()
    .min(MIN_FULL_TAKE_NOTES, SHORT_TAKE_MESSAGE)
    .max(TIMING_LIMITS.maxNotes, M.lessOrEqual(TIMING_LIMITS.maxNotes)),
  hits: countField(0),
  missed: countField(0),
  extra: countField(0),
  meanOffsetMs: boundedNumber(-TIMING_LIMITS.maxOffsetMs, TIMING_LIMITS.maxOffsetMs),
  spreadMs: boundedNumber(0, TIMING_LIMITS.maxOffsetMs),
  accuracy: boundedNumber(0, 100),
  byPosition: byPositionField().optional(),
  /** The coach had the setup's latency measured; false keeps the take out of plans and weak spots. */
  calibrated: booleanField().optional(),
}).superRefine((take, ctx) => {
  for (const { field, message } of takeImplausibilities(take))
    ctx.addIssue({ code: 'custom', path: [field], message, input: (take as Record<string, unknown>)[field] });
});
export type TimingScoredRequest = z.output<typeof timingScoredRequestSchema>;

/**
 * The request for a take `scoreTake` scored, as the lesson card dispatches it (`practice/timingScored`);
 * the per-hit judgements stay in the browser. `bpm` is the tempo the take ended at, rounded to whole bpm.
 */
export const timingScoredRequestOf = (
  lessonId: number,
  input: TimingInput,
  bpm: number,
  score: Omit<TakeScore, 'hits'>,
  playId?: string,
  byPosition?: readonly PositionFigures[],
  calibrated?: boolean,
): TimingScoredRequest => ({
  lessonId,
  ...(playId !== undefined ? { playId } : {}),
  input,
  bpm: Math.round(bpm),
  expected: score.expected,
  hits: score.hit,
  missed: score.missed,
  extra: score.extra,
  meanOffsetMs: score.meanOffsetMs,
  spreadMs: score.spreadMs,
  accuracy: score.accuracy,
  ...(byPosition && byPosition.length > 0 ? { byPosition: [...byPosition] } : {}),
  ...(calibrated !== undefined ? { calibrated } : {}),
});

/** Skills a lesson can train, as the lesson history filters them: every skill and the warm-up. */
export const LESSON_FOCUSES = [...SKILLS, 'warm_up'] as const;

/** ?skill= of GET /api/lesson-history: one skill (or warm_up), or none for every lesson. */
export const lessonHistoryQuerySchema = objectOf({ skill: enumField(LESSON_FOCUSES).optional() });
export type LessonHistoryQuery = z.output<typeof lessonHistoryQuerySchema>;
