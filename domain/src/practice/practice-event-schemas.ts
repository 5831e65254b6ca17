import { z } from 'zod';
import { DIFFICULTY_RATINGS } from '../rules/difficulty-ratings.js';
import { LEVELS } from '../rules/levels.js';
import { SKILLS } from '../rules/skills.js';
import { positionFiguresSchema, TIMING_INPUTS } from '../schemas/practice-requests.js';

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
});
