import {
  evolveLessonCredits,
  evolveTeacher,
  initialLessonCreditState,
  initialTeacherState,
  lessonCreditEventSchemaVersions,
  teacherEventSchemaVersions,
  toDomainEvents,
  type LessonCreditEvent,
  type LessonCreditState,
  type TeacherEvent,
  type TeacherState,
} from '@stickwork/domain';
import { customerKeyOf, isCustomerErased } from './customer-key.js';
import { defineProjection } from './projection.js';

/**
 * Per teacher: who they are, their weekly availability and the lessons booked with them,
 * for the booking page and `stickwork teacher list`. Operator data: a customer appears by id only.
 */
export const teacherSchedulesProjection = defineProjection<TeacherState>({
  name: 'teacher_schedules',
  canHandle: Object.keys(teacherEventSchemaVersions),
  keyOf: (event) => /^teacher-(.+)$/.exec(event.streamId)?.[1] ?? null,
  initialState: initialTeacherState,
  evolve: (state, event) => {
    const [teacherEvent] = toDomainEvents<TeacherEvent>([event], teacherEventSchemaVersions);
    return teacherEvent ? evolveTeacher(state, teacherEvent) : state;
  },
});

/** Per customer: the teacher-lesson credits in use, one per calendar quarter; scrubbed on erasure. */
export const lessonCreditsProjection = defineProjection<LessonCreditState>({
  name: 'lesson_credits',
  canHandle: [...Object.keys(lessonCreditEventSchemaVersions), 'CustomerErased'],
  keyOf: (event) =>
    isCustomerErased(event)
      ? customerKeyOf(event)
      : (/^lesson-credits-(.+)$/.exec(event.streamId)?.[1] ?? null),
  initialState: initialLessonCreditState,
  evolve: (state, event) => {
    if (isCustomerErased(event)) return null;
    const [creditEvent] = toDomainEvents<LessonCreditEvent>([event], lessonCreditEventSchemaVersions);
    return creditEvent ? evolveLessonCredits(state, creditEvent) : state;
  },
});
