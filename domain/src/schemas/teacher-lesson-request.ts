import type { z } from 'zod';
import { objectOf, requiredString } from './fields.js';

/** An ISO 8601 instant with a zone, as the booking page sends a slot's start. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** POST /api/teacher-lessons: one of the free slots GET /api/teacher-lessons lists. */
export const teacherLessonRequestSchema = objectOf({
  teacherId: requiredString(100),
  startsAt: requiredString(40, (text) =>
    text.regex(INSTANT, 'must be a time such as 2026-04-07T15:00:00.000Z'),
  )
    .refine((text) => !Number.isNaN(Date.parse(text)), 'must be a real time')
    .transform((text) => new Date(text)),
});
export type TeacherLessonRequest = z.output<typeof teacherLessonRequestSchema>;
