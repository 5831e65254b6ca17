import { z } from 'zod';
import { DIFFICULTY_RATINGS } from '../rules/difficulty-ratings.js';
import { LEVELS } from '../rules/levels.js';
import { SKILLS } from '../rules/skills.js';
import { positionFiguresSchema, TIMING_INPUTS } from '../schemas/practice-requests.js';
import type { PracticeEvent } from './practice-events.js';

/**
 * The stored data of the practice events that have upcasters, at each schema version: what an
 * upcaster may read (its version's schema) and must return (the next one's). The current versions
 * match `LessonEvaluated` and `TimingScored` in practice-events.ts field by field.
 */
const instant = z.iso.datetime({ offset: true });
const count = z.number().int().min(0);
const playId = z.string().min(1).nullable();
const lessonFocus = z.enum([...SKILLS, 'warm_up']);

export const lessonEvaluatedV1Schema = z.object({
  lessonId: z.number().int(),
  focus: lessonFocus,
  type: z.enum(['warm_up', 'exercise']),
  ratingDifficulty: z.enum(DIFFICULTY_RATINGS),
  skipped: z.boolean(),
  level: z.enum(LEVELS).nullable(),
  progressAfter: z.number().min(0).max(100).optional(),
  evaluatedAt: instant,
});
export const lessonEvaluatedV2Schema = lessonEvaluatedV1Schema.extend({ playId });
export const lessonEvaluatedSchema = lessonEvaluatedV2Schema.extend({
  practisedMs: z.number().min(0).nullable(),
  earned: z.boolean(),
  masteryShown: z.boolean(),
});

export const timingScoredV1Schema = z.object({
  lessonId: z.number().int(),
  input: z.enum(TIMING_INPUTS),
  bpm: z.number().positive(),
  expected: count,
  hits: count,
  missed: count,
  extra: count,
  meanOffsetMs: z.number(),
  spreadMs: z.number().min(0),
  accuracy: z.number().min(0).max(100),
  focus: lessonFocus,
  scoredAt: instant,
  day: z.iso.date(),
});
export const timingScoredSchema = timingScoredV1Schema.extend({
  playId,
  byPosition: z.array(positionFiguresSchema),
  calibrated: z.boolean().optional(),
});

const day = z.iso.date();
const skill = z.enum(SKILLS);
const level = z.enum(LEVELS);
const skillChange = z.object({ skill, from: level, to: level });

/**
 * Every practice event's data at its current schema version: reading the stream checks what was stored
 * at the current version against it (`withUpcasters`), so a malformed event (a bug, a hand edit) is
 * parked by the projections and refused by the deciders' reads, never folded into a row that breaks a
 * read (DESIGN.md "Old events"). Each schema gives its event's data type (the compiler checks).
 */
export const practiceEventSchemas = {
  SkillsSelfRated: z.object({ ratings: z.array(z.object({ skill, level })) }),
  SkillLevelChanged: skillChange,
  SkillPreferenceChanged: z.object({ skill, selected: z.boolean(), level }),
  LevelRaised: skillChange,
  PracticeSessionScheduled: z.object({
    lessonIds: z.array(z.number().int()),
    targetPracticeTime: z.number().min(0),
    skills: z.array(z.object({ focus: skill, level })),
    padSufficient: z.boolean(),
    seed: z.number(),
    scheduledAt: instant,
  }),
  LessonEvaluated: lessonEvaluatedSchema,
  UsageIncremented: z.object({ usageType: z.literal('lesson'), day }),
  UsageReset: z.object({ day, lessons: count }),
  PracticeActivityRecorded: z.object({ day, lessons: count, minutes: z.number().min(0) }),
  TimingScored: timingScoredSchema,
  PracticeHistoryErased: z.object({ erasedAt: instant }),
  WeeklyGoalSet: z.object({ daysPerWeek: z.number().int().min(1).max(7), day, setAt: instant }),
} satisfies { [Type in PracticeEvent['type']]: z.ZodType<Extract<PracticeEvent, { type: Type }>['data']> };
